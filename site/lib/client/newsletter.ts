// Newsletter sign-up (spec sections 4, 5, 8): idle → loading (input disabled, ellipsis on the
// button) → success or error alert → idle. An empty e-mail is silently not submitted.

export interface SubscribeResult {
  ok: boolean;
  status: number;
  message?: string;
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
    copy: { title: string; failed: string };
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
    // 400: already subscribed (the server's message); 404: "Resource Not Found"; anything
    // else shows what the server said.
    if (result.status === 404) deps.alert({ name: 'Error', message: 'Resource Not Found' });
    else deps.alert({ name: deps.copy.title, message: result.message ?? deps.copy.failed });
    return 'error';
  } catch {
    deps.alert({ name: deps.copy.title, message: deps.copy.failed });
    return 'error';
  } finally {
    deps.setLoading(false);
  }
}
