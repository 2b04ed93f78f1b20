import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { post } from '../auth/test-helpers.ts';
import { TEST_USER_PASSWORD, tokensForTest } from '../auth/test-tokens.ts';

// Issue 29, item 5: the devices a guest is signed in on. Signing the other devices out must revoke
// their refresh tokens (a naive "hide it from the list" would leave them working) and their access
// tokens at once, leave this device signed in, and touch no other guest's sessions.

const { deps } = await testDeps();
const app = createApp(deps);
afterAll(() => deps.database.close());

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

async function guestEmail() {
  const t = await tokensForTest(deps);
  const found = (await deps.database.db.execute(`select email from users where id = ${t.userId}`)) as unknown as {
    rows: { email: string }[];
  };
  return found.rows[0]!.email;
}
async function signIn(email: string, ua: string) {
  const res = await post(
    app,
    '/api/oauth2/token',
    { grant_type: 'password', client_id: deps.env.WEB_CLIENT_ID, username: email, password: TEST_USER_PASSWORD },
    { form: true, headers: { 'user-agent': ua } },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}
const refresh = (token: string) =>
  post(
    app,
    '/api/oauth2/token',
    { grant_type: 'refresh_token', client_id: deps.env.WEB_CLIENT_ID, refresh_token: token },
    { form: true },
  );
const devices = async (access: string) => {
  const res = await app.request('/api/clients/v1/my-account/devices', {
    headers: { authorization: `Bearer ${access}`, 'x-api-key': 'dev-only-web-api-key' },
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: { id: string; device: string; current: boolean }[] },
  };
};
const me = (access: string) => app.request('/api/auth/me', { headers: { authorization: `Bearer ${access}` } });

describe('signed-in devices', () => {
  it('lists each device by name, this one first; signing the others out revokes their refresh and access tokens', async () => {
    const email = await guestEmail();
    const phone = await signIn(email, PHONE_UA);
    const laptop = await signIn(email, LAPTOP_UA);
    const other = await signIn(await guestEmail(), PHONE_UA);

    const listed = await devices(laptop.access_token);
    expect(listed.status).toBe(200);
    const names = listed.body.data.map((d) => [d.device, d.current]);
    expect(names[0]).toEqual(['Safari 18 · macOS', true]);
    expect(names).toContainEqual(['Chrome 156 · Android', false]);

    const out = await post(
      app,
      '/api/clients/v1/my-account/devices/sign-out-others',
      {},
      { token: laptop.access_token },
    );
    expect(out.status).toBe(200);
    expect((await out.json()).data.signedOut).toBeGreaterThanOrEqual(1);

    // The phone: its refresh token is refused, its access token too, at once.
    const refused = await refresh(phone.refresh_token);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_grant');
    expect((await me(phone.access_token)).status).toBe(401);
    // This device stays signed in and can still refresh; the list holds it alone.
    expect((await me(laptop.access_token)).status).toBe(200);
    const renewed = await refresh(laptop.refresh_token);
    expect(renewed.status).toBe(200);
    const after = await devices(((await renewed.json()) as { access_token: string }).access_token);
    expect(after.body.data.map((d) => d.current)).toEqual([true]);
    // Another guest is untouched.
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it("signs out one other device of its own only; never another guest's, never with a malformed id", async () => {
    const email = await guestEmail();
    const phone = await signIn(email, PHONE_UA);
    const laptop = await signIn(email, LAPTOP_UA);
    const stranger = await signIn(await guestEmail(), LAPTOP_UA);
    const phoneId = (await devices(phone.access_token)).body.data.find((d) => d.current)!.id;

    const foreign = await post(
      app,
      '/api/clients/v1/my-account/devices/sign-out',
      { id: phoneId },
      { token: stranger.access_token, lang: 'id' },
    );
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).message).toBe('Perangkat ini sudah keluar dari akunmu.');
    expect((await refresh(phone.refresh_token)).status).toBe(200);

    const bad = await post(
      app,
      '/api/clients/v1/my-account/devices/sign-out',
      { id: 'not-a-session' },
      { token: laptop.access_token },
    );
    expect(bad.status).toBe(422);

    const phoneAgain = await signIn(email, PHONE_UA);
    const againId = (await devices(phoneAgain.access_token)).body.data.find((d) => d.current)!.id;
    const one = await post(
      app,
      '/api/clients/v1/my-account/devices/sign-out',
      { id: againId },
      { token: laptop.access_token },
    );
    expect(one.status).toBe(200);
    expect((await refresh(phoneAgain.refresh_token)).status).toBe(400);
    expect((await me(phoneAgain.access_token)).status).toBe(401);
    expect((await me(laptop.access_token)).status).toBe(200);
    // Twice: already signed out.
    expect(
      (await post(app, '/api/clients/v1/my-account/devices/sign-out', { id: againId }, { token: laptop.access_token }))
        .status,
    ).toBe(404);
  });
});
