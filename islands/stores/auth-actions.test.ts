import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// The actions beside the stores, against a stubbed API: what they send, what they keep.

const storage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
};
const sent: { path: string; form: Record<string, string> }[] = [];
let answer: (path: string) => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.resetModules();
  sent.length = 0;
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'id' } });
  vi.stubGlobal('location', new URL('http://site.test/signin/'));
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname.replace('/api/', '');
    if (path === 'oauth2/token') return json(200, { access_token: 'client', expires_in: 900 });
    sent.push({ path, form: Object.fromEntries(new URLSearchParams(await input.text())) });
    return answer(path);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('auth actions', () => {
  test('signIn keeps the session (tokens and profile) in the auth store', async () => {
    answer = () =>
      json(200, { access_token: 'a1', refresh_token: 'r1', expires_in: 900, user: { id: 7, name: 'Sari' } });
    const { signIn } = await import('./auth-actions.ts');
    const { $auth } = await import('./$auth.ts');
    await signIn({ username: 'sari@example.com', password: 'rahasia123' });
    expect(sent).toEqual([{ path: 'auth/login', form: { username: 'sari@example.com', password: 'rahasia123' } }]);
    expect($auth.get()).toMatchObject({ isLoggedIn: true, tokens: { accessToken: 'a1', refreshToken: 'r1' } });
  });

  test('resetPassword trades the code for a ticket, then sets the password with it', async () => {
    answer = (path) =>
      path === 'auth/codes/validate' ? json(200, { resetToken: 'ticket-9' }) : json(200, { reset: true });
    const { resetPassword } = await import('./auth-actions.ts');
    await resetPassword(
      { channel: 'email', target: 'sari@example.com' },
      { code: '1234', password: 'baru12345', confirmPassword: 'baru12345' },
    );
    expect(sent.map((s) => s.path)).toEqual(['auth/codes/validate', 'auth/password/reset']);
    expect(sent[0].form).toMatchObject({ purpose: 'reset_password', code: '1234', target: 'sari@example.com' });
    expect(sent[1].form).toEqual({ resetToken: 'ticket-9', password: 'baru12345', confirmPassword: 'baru12345' });
  });

  test('a failing action throws the API error with its code, for the form to show', async () => {
    answer = () => json(422, { code: 'code_invalid', message: 'Kodenya belum cocok.' });
    const { verifyCode } = await import('./auth-actions.ts');
    await expect(verifyCode({ channel: 'phone', target: '81234567890' }, '0000')).rejects.toMatchObject({
      status: 422,
      code: 'code_invalid',
    });
  });
});

describe('cancelReservation', () => {
  test('gives the rooms back; a hold that is already gone (409) is not an error', async () => {
    const auth = await import('./$auth.ts');
    auth.setSession({ accessToken: 'u1', refreshToken: 'r1' }, { id: 7, name: 'Sari' });
    const { cancelReservation } = await import('./$reservation.ts');
    answer = () => json(200, { data: { reservationId: 5, paymentStatus: 4 } });
    await cancelReservation(5);
    answer = () => json(409, { code: 'cancel_failed', message: 'Gagal membatalkan pesanan' });
    await cancelReservation(5);
    expect(sent).toEqual([
      { path: 'clients/v1/reservations/cancel', form: { reservationId: '5' } },
      { path: 'clients/v1/reservations/cancel', form: { reservationId: '5' } },
    ]);
    answer = () => json(500, { code: 'internal_error', message: 'x' });
    await expect(cancelReservation(5)).rejects.toMatchObject({ status: 500 });
  });
});
