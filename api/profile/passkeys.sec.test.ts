import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { post } from '../auth/test-helpers.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { relyingParty } from './passkeys.service.ts';
import { SoftAuthenticator } from './passkeys.test-helpers.ts';

// Issue 29, item 4: passkeys, end to end against the API with a software authenticator (ES256,
// WebAuthn's byte formats). Each case would pass on a naive implementation: an answer for another
// account (its user handle forged onto one's own passkey, or another guest's passkey), a challenge
// used twice, a foreign origin, a passkey another guest removes.

const { deps } = await testDeps();
const app = createApp(deps);
afterAll(() => deps.database.close());
const { rpID, origins } = relyingParty(deps.env);

type Options = { challengeId: string; options: { challenge: string; user: { id: string } } };

async function guest() {
  const t = await tokensForTest(deps);
  return { token: t.userToken!, userId: t.userId!, client: t.clientToken };
}
async function addPasskey(g: { token: string }, key: SoftAuthenticator, name = 'My phone') {
  const start = await post(app, '/api/clients/v1/my-account/passkeys/options', {}, { token: g.token });
  expect(start.status).toBe(200);
  const { data } = (await start.json()) as { data: Options };
  return post(
    app,
    '/api/clients/v1/my-account/passkeys',
    { challengeId: data.challengeId, name, response: key.register(data.options) },
    { token: g.token },
  );
}
async function loginOptions(client: string) {
  const res = await post(app, '/api/auth/passkeys/options', {}, { token: client });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Options }).data;
}
const login = (client: string, challengeId: string, response: unknown, lang = 'en') =>
  post(app, '/api/auth/passkeys/login', { challengeId, response }, { token: client, lang });

describe('passkeys', () => {
  it('a guest adds a passkey and signs in with it as themselves; the same answer again is refused', async () => {
    const g = await guest();
    const key = new SoftAuthenticator(rpID, origins[0]!);
    const added = await addPasskey(g, key);
    expect(added.status).toBe(201);
    expect((await added.json()).data).toMatchObject({ id: key.id, name: 'My phone', lastUsedAt: null });

    const start = await loginOptions(g.client);
    const answer = key.authenticate(start.options);
    const res = await login(g.client, start.challengeId, answer);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.id).toBe(g.userId);
    expect(body.refresh_token).toMatch(/^rt_/);
    // Replayed: the challenge was used.
    const again = await login(g.client, start.challengeId, answer, 'id');
    expect(again.status).toBe(422);
    expect((await again.json()).message).toBe('Permintaan passkey ini sudah kedaluwarsa. Coba lagi ya.');
  });

  it('refuses an answer for another account: a forged user handle, or a signature by a key that is not the passkey', async () => {
    const victim = await guest();
    const attacker = await guest();
    const victimKey = new SoftAuthenticator(rpID, origins[0]!);
    const attackerKey = new SoftAuthenticator(rpID, origins[0]!);
    expect((await addPasskey(victim, victimKey)).status).toBe(201);
    expect((await addPasskey(attacker, attackerKey)).status).toBe(201);

    // The attacker's own passkey, claiming the victim's user handle.
    const s1 = await loginOptions(attacker.client);
    const forged = attackerKey.authenticate(s1.options, { userHandle: victimKey.userHandle });
    expect((await login(attacker.client, s1.challengeId, forged)).status).toBe(401);

    // The victim's credential id with the attacker's signature.
    const s2 = await loginOptions(attacker.client);
    const stolenId = {
      ...attackerKey.authenticate(s2.options, { userHandle: victimKey.userHandle }),
      id: victimKey.id,
      rawId: victimKey.id,
    };
    const refused = await login(attacker.client, s2.challengeId, stolenId);
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe('passkey_invalid');

    // The attacker's honest answer signs in the attacker, never the victim.
    const s3 = await loginOptions(attacker.client);
    const own = await login(attacker.client, s3.challengeId, attackerKey.authenticate(s3.options));
    expect(own.status).toBe(200);
    expect((await own.json()).user.id).toBe(attacker.userId);
  });

  it('refuses a foreign origin, an unknown passkey and a removed one; a passkey is named and removed by its owner only', async () => {
    const g = await guest();
    const other = await guest();
    const key = new SoftAuthenticator(rpID, origins[0]!);
    expect((await addPasskey(g, key)).status).toBe(201);

    const s1 = await loginOptions(g.client);
    expect(
      (await login(g.client, s1.challengeId, key.authenticate(s1.options, { origin: 'https://evil.example' }))).status,
    ).toBe(401);
    const stranger = new SoftAuthenticator(rpID, origins[0]!);
    const s2 = await loginOptions(g.client);
    const unknown = await login(g.client, s2.challengeId, stranger.authenticate(s2.options));
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).code).toBe('passkey_unknown');

    // Adding with an answer for a foreign origin is refused and saves nothing.
    const start = await post(app, '/api/clients/v1/my-account/passkeys/options', {}, { token: g.token });
    const { data } = (await start.json()) as { data: Options };
    const phished = await post(
      app,
      '/api/clients/v1/my-account/passkeys',
      {
        challengeId: data.challengeId,
        name: 'x',
        response: new SoftAuthenticator(rpID, 'https://evil.example').register(data.options),
      },
      { token: g.token },
    );
    expect(phished.status).toBe(401);

    // Rename and remove: another guest cannot; the owner can, and then it no longer signs in.
    expect(
      (await post(app, '/api/clients/v1/my-account/passkeys/remove', { id: key.id }, { token: other.token })).status,
    ).toBe(404);
    expect(
      (
        await post(
          app,
          '/api/clients/v1/my-account/passkeys/rename',
          { id: key.id, name: 'Laptop' },
          { token: g.token },
        )
      ).status,
    ).toBe(200);
    const listed = await app.request('/api/clients/v1/my-account/passkeys', {
      headers: { authorization: `Bearer ${g.token}` },
    });
    expect((await listed.json()).data).toEqual([expect.objectContaining({ id: key.id, name: 'Laptop' })]);
    expect(
      (await post(app, '/api/clients/v1/my-account/passkeys/remove', { id: key.id }, { token: g.token })).status,
    ).toBe(200);
    const s3 = await loginOptions(g.client);
    expect((await login(g.client, s3.challengeId, key.authenticate(s3.options))).status).toBe(401);
  });

  it('a deleted account loses its passkeys: they sign in no more', async () => {
    const g = await guest();
    const key = new SoftAuthenticator(rpID, origins[0]!);
    expect((await addPasskey(g, key)).status).toBe(201);
    const deleted = await post(app, '/api/clients/v1/my-account/delete', {}, { token: g.token });
    expect(deleted.status).toBe(200);
    const start = await loginOptions(g.client);
    const res = await login(g.client, start.challengeId, key.authenticate(start.options));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('passkey_unknown');
  });
});
