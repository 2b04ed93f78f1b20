import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// The booking flow's create against a stubbed API: one Idempotency-Key per attempt, the same key
// again when the network failed before the answer, never a retry after an answer.

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
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let keys: (string | null)[] = [];
let answers: (() => Response)[] = [];

beforeEach(() => {
  vi.resetModules();
  keys = [];
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'id' } });
  vi.stubGlobal('location', new URL('http://site.test/search/7-bobobox-test/'));
  vi.stubGlobal('window', { location: new URL('http://site.test/search/7-bobobox-test/') });
  vi.stubGlobal('fetch', async (input: Request) => {
    keys.push(input.headers.get('idempotency-key'));
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  });
});
afterEach(() => vi.unstubAllGlobals());

const choice = { hotelId: 7, roomTypeId: 71, checkin: '2026-03-12', checkout: '2026-03-14', pods: 1 };
const signIn = async () => {
  const { $auth } = await import('./$auth.ts');
  $auth.set({
    ...$auth.get(),
    isLoggedIn: true,
    tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 900_000 },
  } as never);
};
const offline = () => {
  throw new TypeError('Failed to fetch');
};
const noWait = async () => {};

describe('createReservation', () => {
  test('sends the same Idempotency-Key again after a network failure, and a new one for a new attempt', async () => {
    await signIn();
    const { createReservation } = await import('./$reservation.ts');
    answers = [offline, () => new Response('', { status: 502 }), () => json(201, { data: { id: 41 } })];
    expect(await createReservation(choice as never, { wait: noWait })).toBe(41);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    answers = [() => json(201, { data: { id: 42 } })];
    await createReservation(choice as never, { wait: noWait });
    expect(keys[3]).not.toBe(keys[0]);
  });

  test('gives up after its retries, and never sends again after an answer (a refusal is final)', async () => {
    await signIn();
    const { createReservation } = await import('./$reservation.ts');
    const { CREATE_RETRIES } = await import('../lib/api-client.ts');
    answers = Array.from({ length: CREATE_RETRIES + 1 }, () => offline);
    await expect(createReservation(choice as never, { wait: noWait })).rejects.toThrow(/Failed to fetch|network/i);
    expect(keys).toHaveLength(CREATE_RETRIES + 1);
    expect(new Set(keys).size).toBe(1);
    keys = [];
    answers = [() => json(409, { code: 'sold_out', message: 'Habis' })];
    await expect(createReservation(choice as never, { wait: noWait })).rejects.toMatchObject({ status: 409 });
    expect(keys).toHaveLength(1);
  });

  test('the payment charge carries its own key the same way', async () => {
    await signIn();
    const { charge } = await import('./$payment.ts');
    answers = [offline, () => json(200, { code: 200, message: 'ok', data: { order_id: 'BX-1-P1' } })];
    const out = await charge({ reservationId: 41, channel: 'bca_va', terms: true });
    expect(out.data.order_id).toBe('BX-1-P1');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});
