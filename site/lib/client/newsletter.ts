// Newsletter sign-up (spec sections 4, 5, 8): idle → loading (input disabled, ellipsis on the
// button) → success or error alert → idle. An empty e-mail is silently not submitted.

export interface SubscribeResult {
  ok: boolean;
  status: number;
  message?: string;
  /** A 422's fields and their stable issue codes (core/contracts/auth.ts inputMessages). */
  fields?: { field: string; code: string }[];
}
export type Alert = { name: string; message: string };

export async function submitNewsletter(
  email: string,
  deps: {
    subscribe: (email: string) => Promise<SubscribeResult>;
    setLoading: (loading: boolean) => void;
    alert: (alert: Alert) => void;
    track: (event: string) => void;
    clear: () => void;
    /** `fields`: the page's copy for an e-mail refused by the API's rule, by issue code. */
    copy: { title: string; failed: string; fields?: Record<string, string> };
  },
): Promise<'skipped' | 'success' | 'error'> {
  const value = email.trim();
  if (value === '') return 'skipped';
  deps.setLoading(true);
  try {
    const result = await deps.subscribe(value);
    if (result.ok) {
      deps.alert({ name: deps.copy.title, message: result.message ?? '' });
      deps.track('Subscribe');
      deps.clear();
      return 'success';
    }
    // 400: already subscribed (the server's message); 404: "Resource Not Found"; 422: what is wrong
    // with the e-mail, in the page's words (a plus sign is not accepted); anything else shows what
    // the server said.
    const field = result.fields?.find((f) => f.field === 'email');
    const fieldCopy = field ? deps.copy.fields?.[field.code] : undefined;
    if (result.status === 404) deps.alert({ name: 'Error', message: 'Resource Not Found' });
    else deps.alert({ name: deps.copy.title, message: fieldCopy ?? result.message ?? deps.copy.failed });
    return 'error';
  } catch {
    deps.alert({ name: deps.copy.title, message: deps.copy.failed });
    return 'error';
  } finally {
    deps.setLoading(false);
  }
}
