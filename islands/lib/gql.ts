import type { Call } from './api-client.ts';
import { ApiError } from './api-errors.ts';

// The open GraphQL gateway's call and answer, apart from the API client: the hotel page's server
// seeds some of these calls (api-seed.ts), and api-on-demand.ts reads them without loading the client.

/** The gateway's answer: data, or errors whose first is thrown. */
export type GqlBody<T> = {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; http?: { status?: number } } }[];
};

/** The open gateway's call for one query with its `$input`. */
export const gqlCall = (query: string, input: unknown): Call => ({
  method: 'post',
  path: 'gateway/open',
  json: { query, variables: { input } },
});

/** The data of an answer, or its first error as an ApiError (the status the gateway gave it, else 400). */
export function gqlData<T>(body: GqlBody<T>): T {
  if (body.errors?.length || !body.data) {
    const first = body.errors?.[0];
    throw new ApiError(first?.extensions?.http?.status ?? 400, {
      code: first?.extensions?.code,
      message: first?.message,
    });
  }
  return body.data;
}
