// The API client's errors, apart from it (api-client.ts re-exports them): an island that only checks
// what a call threw does not load the client (and its HTTP library) for the check.

export class ApiError extends Error {
  status: number;
  code: string;
  fields: { field: string; code: string }[];
  constructor(
    status: number,
    body: { code?: string; message?: string; details?: { fields?: { field: string; code: string }[] } } | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.fields = body?.details?.fields ?? [];
  }
}

/** Thrown after the page was asked to reload or leave, so callers stop quietly. */
export class SessionRedirect extends Error {}
