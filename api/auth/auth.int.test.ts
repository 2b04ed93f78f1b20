import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { users } from './auth.schema.ts';
import { testDeps } from './test-db.ts';
import { latestCode, post } from './test-helpers.ts';
import { tokensForTest } from './test-tokens.ts';
import { issueClientToken } from './tokens.service.ts';

const { deps, advance } = await testDeps();
const app = createApp(deps);
afterAll(() => deps.database.close());
// A fresh client token per call: the tests move the clock past the 15-minute token life.
const clientToken = async () => (await issueClientToken(deps, deps.env.WEB_CLIENT_ID)).access_token;

let seq = 0;
const newGuest = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    fullName: 'Sari Wulandari',
    email: `sari${seq}@example.com`,
    password: 'tidur1234',
    confirmPassword: 'tidur1234',
    phone: `+62 812-3456-${String(1000 + seq)}`,
    ...overrides,
  };
};
const register = async (body: Record<string, unknown>, lang = 'en') =>
  post(app, '/api/auth/register', body, { token: await clientToken(), lang });
const call = async (path: string, body: Record<string, unknown>, lang = 'en') =>
  post(app, path, body, { token: await clientToken(), lang });

describe('register', () => {
  it('creates an unverified guest with a normalised phone and queues an e-mail code in the request language', async () => {
    const guest = newGuest({ email: 'Budi.Santoso@Example.com' });
    const res = await register(guest, 'id');
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.user).toMatchObject({
      name: 'Sari Wulandari',
      email: 'budi.santoso@example.com',
      is_email_verified: false,
    });
    expect(body.user.telephone).toMatch(/^812345\d{5}$/);
    expect(body.verification).toMatchObject({ channel: 'email', expiresInSeconds: 600, resendAfterSeconds: 60 });
    const [row] = await deps.database.db.select().from(users).where(eq(users.email, 'budi.santoso@example.com'));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.preferredLang).toBe('id');
    expect(await latestCode(deps, 'budi.santoso@example.com')).toMatch(/^\d{4}$/);
  });

  it.each([
    ['e-mail with a plus sign', { email: 'sari+promo@example.com' }, 'email', 'email_plus'],
    ['password shorter than 8', { password: 'abc1234', confirmPassword: 'abc1234' }, 'password', 'password_short'],
    [
      'password without a number',
      { password: 'tidurnyenyak', confirmPassword: 'tidurnyenyak' },
      'password',
      'password_digit',
    ],
    ['confirmation mismatch', { confirmPassword: 'tidur12345' }, 'confirmPassword', 'password_mismatch'],
    ['phone that is not a mobile number', { phone: '021-555-1234' }, 'phone', 'phone_invalid'],
    ['missing full name', { fullName: '   ' }, 'fullName', 'name_required'],
  ])('refuses %s with 422 and a bilingual message', async (_name, override, field, code) => {
    const res = await register(newGuest(override), 'id');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details.fields[0]).toEqual({ field, code });
    const en = await (await register(newGuest(override), 'en')).json();
    expect(en.message).not.toBe(body.message);
  });

  it('an unverified account has no welcome Bobopoints yet, even when it looks at its points', async () => {
    const guest = newGuest();
    const reg = await register(guest);
    expect((await reg.json()).user.total_gift_certificate).toBe(0);
    const [row] = await deps.database.db.select().from(users).where(eq(users.email, guest.email));
    const { userToken } = await tokensForTest(deps, { userId: row!.id });
    const points = await app.request('/api/clients/v1/points', {
      headers: { authorization: `Bearer ${userToken}`, 'x-api-key': deps.env.WEB_API_KEY },
    });
    expect((await points.json()).data.total).toBe(0);
  });

  it('refuses a duplicate e-mail (any case) and a duplicate phone with 409', async () => {
    const guest = newGuest();
    expect((await register(guest)).status).toBe(201);
    const dupEmail = await register(newGuest({ email: guest.email.toUpperCase() }));
    expect(dupEmail.status).toBe(409);
    expect((await dupEmail.json()).code).toBe('email_taken');
    const dupPhone = await register(newGuest({ phone: `0${guest.phone.replace(/\D/g, '').slice(2)}` }));
    expect(dupPhone.status).toBe(409);
    expect((await dupPhone.json()).code).toBe('phone_taken');
  });
});

describe('one-time codes', () => {
  it('complete registration: the e-mail code verifies the account and signs the guest in, once', async () => {
    const guest = newGuest();
    await register(guest);
    const code = await latestCode(deps, guest.email);
    const res = await call('/api/auth/register/complete', { channel: 'email', target: guest.email, code });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.is_email_verified).toBe(true);
    expect(body.refresh_token).toMatch(/^rt_/);
    // The welcome Bobopoints come with the verification (spec section 5), not with the sign-up.
    expect(body.user.total_gift_certificate).toBe(15_000);
    const again = await call('/api/auth/register/complete', { channel: 'email', target: guest.email, code });
    expect(again.status).toBe(422);
    expect((await again.json()).code).toBe('code_expired');
  });

  it('a code expires after 10 minutes (injected clock)', async () => {
    const guest = newGuest();
    await register(guest);
    const code = await latestCode(deps, guest.email);
    advance(10 * 60 * 1000 + 1000);
    const res = await call('/api/auth/codes/validate', {
      purpose: 'verify',
      channel: 'email',
      target: guest.email,
      code,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('code_expired');
  });

  it('a code still works at 9 minutes', async () => {
    const guest = newGuest();
    await register(guest);
    const code = await latestCode(deps, guest.email);
    advance(9 * 60 * 1000);
    const res = await call('/api/auth/codes/validate', {
      purpose: 'verify',
      channel: 'email',
      target: guest.email,
      code,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ purpose: 'verify', verified: true, channel: 'email' });
  });

  it('after 5 wrong tries even the right code is refused', async () => {
    const guest = newGuest();
    await register(guest);
    const code = await latestCode(deps, guest.email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i += 1) {
      const res = await call('/api/auth/codes/validate', {
        purpose: 'verify',
        channel: 'email',
        target: guest.email,
        code: wrong,
      });
      expect(res.status).toBe(422);
      expect((await res.json()).code).toBe('code_invalid');
    }
    const fifth = await call('/api/auth/codes/validate', {
      purpose: 'verify',
      channel: 'email',
      target: guest.email,
      code: wrong,
    });
    expect(fifth.status).toBe(429);
    const right = await call('/api/auth/codes/validate', {
      purpose: 'verify',
      channel: 'email',
      target: guest.email,
      code,
    });
    expect(right.status).toBe(429);
    expect((await right.json()).code).toBe('code_attempts_exceeded');
  });

  it('resend has a 60 s cool-down and replaces the previous code', async () => {
    const guest = newGuest();
    await register(guest);
    const first = await latestCode(deps, guest.email);
    const early = await call(
      '/api/auth/codes/resend',
      { purpose: 'verify', channel: 'email', target: guest.email },
      'id',
    );
    expect(early.status).toBe(429);
    const earlyBody = await early.json();
    expect(earlyBody.code).toBe('code_cooldown');
    expect(earlyBody.message).toMatch(/detik/);
    advance(61_000);
    const later = await call('/api/auth/codes/resend', { purpose: 'verify', channel: 'email', target: guest.email });
    expect(later.status).toBe(202);
    const second = await latestCode(deps, guest.email);
    if (first !== second) {
      const old = await call('/api/auth/codes/validate', {
        purpose: 'verify',
        channel: 'email',
        target: guest.email,
        code: first,
      });
      expect(old.status).toBe(422);
    }
    const ok = await call('/api/auth/codes/validate', {
      purpose: 'verify',
      channel: 'email',
      target: guest.email,
      code: second,
    });
    expect(ok.status).toBe(200);
  });

  it('phone verification: the code goes out by SMS to +62… and marks the phone verified', async () => {
    const guest = newGuest();
    const reg = await (await register(guest)).json();
    const res = await call('/api/auth/codes/request', { purpose: 'verify', channel: 'phone', target: guest.phone });
    expect(res.status).toBe(202);
    const code = await latestCode(deps, `+62${reg.user.telephone}`);
    const ok = await call('/api/auth/codes/validate', {
      purpose: 'verify',
      channel: 'phone',
      target: `0${reg.user.telephone}`,
      code,
    });
    expect(ok.status).toBe(200);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, reg.user.id));
    expect(row.isTelephoneVerified).toBe(true);
  });

  it('asking for a code for an unknown address answers the same 202 and sends nothing', async () => {
    const res = await call('/api/auth/password/forgot', { channel: 'email', target: 'nobody-here@example.com' });
    expect(res.status).toBe(202);
    await expect(latestCode(deps, 'nobody-here@example.com')).rejects.toThrow();
  });
});

describe('password reset and sign-in', () => {
  it('forgot → validate → reset: the new password works, the old one and old sessions do not', async () => {
    const guest = newGuest();
    await register(guest);
    const login = await (await call('/api/auth/login', { username: guest.email, password: guest.password })).json();
    expect(login.access_token).toBeTruthy();
    expect((await call('/api/auth/password/forgot', { channel: 'email', target: guest.email })).status).toBe(202);
    const code = await latestCode(deps, guest.email);
    const validated = await call('/api/auth/codes/validate', {
      purpose: 'reset_password',
      channel: 'email',
      target: guest.email,
      code,
    });
    expect(validated.status).toBe(200);
    const { resetToken } = await validated.json();
    const reset = await call('/api/auth/password/reset', {
      resetToken,
      password: 'baru56789',
      confirmPassword: 'baru56789',
    });
    expect(reset.status).toBe(200);
    expect(
      (await call('/api/auth/password/reset', { resetToken, password: 'lagi56789', confirmPassword: 'lagi56789' }))
        .status,
    ).toBe(422);
    expect((await call('/api/auth/login', { username: guest.email, password: guest.password })).status).toBe(401);
    expect((await call('/api/auth/login', { username: guest.email, password: 'baru56789' })).status).toBe(200);
    expect(
      (await app.request('/api/auth/me', { headers: { authorization: `Bearer ${login.access_token}` } })).status,
    ).toBe(401);
  });

  it('signs in by phone number in any common format', async () => {
    const guest = newGuest();
    const reg = await (await register(guest)).json();
    for (const username of [`0${reg.user.telephone}`, `+62 ${reg.user.telephone}`, reg.user.telephone]) {
      const res = await call('/api/auth/login', { username, password: guest.password });
      expect(res.status).toBe(200);
    }
  });
});

describe('profile', () => {
  it('GET /api/auth/me and /api/clients/v1/my-account return the profile; update saves the name and holds a new e-mail until its code', async () => {
    const t = await tokensForTest(deps);
    const me = await app.request('/api/clients/v1/my-account', { headers: { authorization: `Bearer ${t.userToken}` } });
    expect(me.status).toBe(200);
    const profile = (await me.json()).data;
    expect(profile).toMatchObject({ id: t.userId, is_email_verified: true });
    const res = await post(
      app,
      '/api/clients/v1/my-account/update',
      { name: 'Dewi Lestari', email: 'dewi.lestari@example.com', telephone: profile.telephone },
      { token: t.userToken },
    );
    expect(res.status).toBe(200);
    const updated = await res.json();
    // The name is saved; the e-mail stays the old, verified one until the new one is proved
    // (api/profile/profile.int.test.ts covers the whole change).
    expect(updated.data).toMatchObject({ name: 'Dewi Lestari', email: profile.email, is_email_verified: true });
    expect(updated.pending).toEqual([
      expect.objectContaining({ channel: 'email', target: 'dewi.lestari@example.com' }),
    ]);
    const confirmed = await post(
      app,
      '/api/clients/v1/my-account/update/confirm',
      {
        channel: 'email',
        target: 'dewi.lestari@example.com',
        code: await latestCode(deps, 'dewi.lestari@example.com'),
      },
      { token: t.userToken },
    );
    expect((await confirmed.json()).data).toMatchObject({ email: 'dewi.lestari@example.com', is_email_verified: true });
    const other = await tokensForTest(deps);
    const clash = await post(
      app,
      '/api/clients/v1/my-account/update',
      { name: 'X', email: 'dewi.lestari@example.com', telephone: '0813 1111 3333' },
      { token: other.userToken },
    );
    expect(clash.status).toBe(409);
    expect(
      (
        await app.request('/api/auth/me', {
          headers: { authorization: `Bearer ${t.clientToken}`, 'x-api-key': t.apiKey },
        })
      ).status,
    ).toBe(401);
  });
});
