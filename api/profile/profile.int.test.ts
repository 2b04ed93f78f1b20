import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { latestCode, post } from '../auth/test-helpers.ts';
import { TEST_USER_PASSWORD, tokensForTest } from '../auth/test-tokens.ts';
import { rows } from '../db/query.ts';
import { bookingTestApp, TEST_NOW } from '../db/test-booking.ts';
import { ensureWelcomePoints } from '../points/points.service.ts';
import { insertStay, ledgerOf } from '../points/test-ledger.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import { runOps } from '../../scripts/ops.ts';
import { purgeDeletedAccounts } from '../account/deletion.service.ts';
import { MAX_UPLOAD_BYTES } from '../storage/images.ts';
import { encodedForm } from '../http/encoded-form.test-helpers.ts';

// The profile of the account area (spec sections 3-9): a new e-mail or phone replaces the old one only
// with its code; pictures are JPEG, PNG or WebP by their bytes, at most 2 MB (cut off while streaming),
// stripped of EXIF and GPS, served only through signed URLs; ID verification states with the operator
// command; account deletion, reactivation and the purge after 30 days.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
const db = () => t.db.db;
beforeAll(async () => {
  t = await bookingTestApp();
});
afterEach(() => t.setNow(TEST_NOW));

const newGuest = async () => {
  const g = await tokensForTest(t.deps);
  const [u] = await db().select().from(users).where(eq(users.id, g.userId!));
  return { id: g.userId!, token: g.userToken!, client: g.clientToken, email: u!.email, phone: u!.telephone! };
};
const me = async (token: string) =>
  (await t.call('GET', '/api/clients/v1/my-account', { token })).data.data as {
    name: string;
    email: string;
    telephone: string;
    is_email_verified: boolean;
    profile_picture_url: string | null;
    identity: { identity_status: number; identity_card_url: string | null; identity_card_selfie_url: string | null };
  };

type Part = { name: string; type: string; bytes: Uint8Array };
async function upload(path: string, token: string | null, parts: Part[], lang: 'id' | 'en' = 'en') {
  const form = new FormData();
  for (const p of parts) form.append('files', new File([p.bytes as Uint8Array<ArrayBuffer>], p.name, { type: p.type }));
  const { body, contentType } = await encodedForm(form);
  const headers: Record<string, string> = { 'accept-language': lang, 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.request(`/api/clients/v1/my-account/${path}`, { method: 'POST', headers, body });
  return { status: res.status, data: await res.json() };
}
const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

/** A JPEG as a phone takes it: camera make, a GPS position, a copyright line. */
async function phoneJpeg(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#4a7bd0' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Copyright: 'Guest' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '106/1 49/1 0/1' },
    })
    .toBuffer();
}
const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 4, background: '#ffcc00' } })
    .png()
    .toBuffer();
const uploadsOf = async (userId: number) =>
  rows<{ id: string; kind: string; removed_at: string | null }>(
    db(),
    sql`select id, kind, removed_at from user_uploads where user_id = ${userId} order by created_at`,
  );

describe('editing the profile', () => {
  it('saves the name at once; a new e-mail and phone replace the old ones only with their codes', async () => {
    const g = await newGuest();
    const res = await post(
      t.app,
      '/api/clients/v1/my-account/update',
      {
        name: 'Rina Wulandari',
        email: `rina-${g.id}@example.com`,
        telephone: `0812 7777 ${String(g.id).padStart(4, '0')}`,
      },
      { token: g.token },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toMatchObject({ name: 'Rina Wulandari', email: g.email, telephone: g.phone });
    expect(body.pending.map((p: { channel: string }) => p.channel)).toEqual(['email', 'phone']);
    const newPhone = `8127777${String(g.id).padStart(4, '0')}`;
    expect(body.pending[1]).toMatchObject({ target: newPhone, expiresInSeconds: 600 });
    // Until the code, the old address is the account's: it still signs in.
    expect((await me(g.token)).email).toBe(g.email);

    const emailCode = await latestCode(t.deps, `rina-${g.id}@example.com`);
    const wrong = await post(
      t.app,
      '/api/clients/v1/my-account/update/confirm',
      { channel: 'email', target: `rina-${g.id}@example.com`, code: emailCode === '0000' ? '1111' : '0000' },
      { token: g.token, lang: 'id' },
    );
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).code).toBe('code_invalid');
    const ok = await post(
      t.app,
      '/api/clients/v1/my-account/update/confirm',
      { channel: 'email', target: `rina-${g.id}@example.com`, code: emailCode },
      { token: g.token },
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ email: `rina-${g.id}@example.com`, is_email_verified: true });
    const phone = await post(
      t.app,
      '/api/clients/v1/my-account/update/confirm',
      { channel: 'phone', target: `0${newPhone}`, code: await latestCode(t.deps, `+62${newPhone}`) },
      { token: g.token },
    );
    expect((await phone.json()).data).toMatchObject({ telephone: newPhone, is_telephone_verified: true });

    const signIn = (username: string) =>
      post(t.app, '/api/auth/login', { username, password: TEST_USER_PASSWORD }, { token: g.client });
    expect((await signIn(`rina-${g.id}@example.com`)).status).toBe(200);
    expect((await signIn(g.email)).status).toBe(401);
  });

  it("refuses another guest's e-mail at once (409), in the guest's language", async () => {
    const a = await newGuest();
    const b = await newGuest();
    const res = await post(
      t.app,
      '/api/clients/v1/my-account/update',
      { name: 'B', email: a.email, telephone: b.phone },
      { token: b.token, lang: 'id' },
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.code).toBe('email_taken');
    expect(body.message).not.toBe('This e-mail is already registered. Try signing in instead.');
  });
});

describe('uploads', () => {
  it('keep a JPEG without its EXIF and GPS, serve it only through its signed URL, and replace it', async () => {
    const g = await newGuest();
    const original = await phoneJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload('upload-profile-picture', g.token, [
      { name: 'me.jpg', type: 'image/jpeg', bytes: original },
    ]);
    expect(res.status).toBe(200);
    const url = res.data.data.profile_picture_url as string;
    expect(url).toMatch(/^\/api\/files\?id=[\w-]{22}&exp=\d+&sig=[\w-]+$/);
    const file = await fetchFile(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const kept = Buffer.from(await file.arrayBuffer());
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(kept.includes(Buffer.from('PhoneCam'))).toBe(false);

    // The same URL for a while (the browser caches it), gone once it expires.
    expect((await me(g.token)).profile_picture_url).toBe(url);
    t.setNow(new Date(TEST_NOW.getTime() + 21 * 60_000));
    expect((await fetchFile(url)).status).toBe(404);
    t.setNow(TEST_NOW);

    // A PNG called .jpg is a PNG (the bytes decide); the JPEG it replaces is gone.
    const second = await upload('upload-profile-picture', g.token, [
      { name: 'renamed.jpg', type: 'image/jpeg', bytes: await png() },
    ]);
    expect(second.status).toBe(200);
    const pngFile = await fetchFile(second.data.data.profile_picture_url);
    expect(pngFile.headers.get('content-type')).toBe('image/png');
    expect((await fetchFile(url)).status).toBe(404);
    expect((await uploadsOf(g.id)).map((u) => [u.kind, u.removed_at])).toEqual([['profile_picture', null]]);
  });

  it('refuse a renamed non-image and a GIF (422) and an oversized photo (413), saving nothing', async () => {
    const g = await newGuest();
    const good = await upload('upload-profile-picture', g.token, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await phoneJpeg() },
    ]);
    const before = await me(g.token);
    const before_rows = await uploadsOf(g.id);

    const text = new TextEncoder().encode('not a picture at all, just words '.repeat(20));
    const en = await upload('upload-profile-picture', g.token, [
      { name: 'photo.jpg', type: 'image/jpeg', bytes: text },
    ]);
    expect(en.status).toBe(422);
    expect(en.data).toMatchObject({
      code: 'unsupported_file_type',
      message: 'This file is not a photo we can take: upload a JPEG, PNG or WebP picture.',
    });
    const id = await upload(
      'upload-profile-picture',
      g.token,
      [{ name: 'photo.jpg', type: 'image/jpeg', bytes: text }],
      'id',
    );
    expect(id.data.message).toBe('File ini bukan foto yang bisa kami terima: unggah gambar JPEG, PNG atau WebP.');
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect(
      (await upload('upload-profile-picture', g.token, [{ name: 'g.gif', type: 'image/gif', bytes: gif }])).data.code,
    ).toBe('unsupported_file_type');

    const big = new Uint8Array(MAX_UPLOAD_BYTES + 300_000);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await upload(
      'upload-profile-picture',
      g.token,
      [{ name: 'big.jpg', type: 'image/jpeg', bytes: big }],
      'id',
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toMatchObject({
      code: 'file_too_large',
      message: 'Fotonya terlalu besar: ukuran foto maksimal 2 MB.',
    });

    expect(await me(g.token)).toEqual(before);
    expect(await uploadsOf(g.id)).toEqual(before_rows);
    expect(good.status).toBe(200);
  });

  it('cut an endless body off at the limit while it streams, without reading the rest', async () => {
    const g = await newGuest();
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
        if (pulled > 200 * 1024 * 1024) controller.close();
      },
    });
    const res = await t.app.request('/api/clients/v1/my-account/upload-profile-picture', {
      method: 'POST',
      headers: { authorization: `Bearer ${g.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('file_too_large');
    // The limit is one picture and the multipart overhead; a few chunks in flight at most beyond it.
    expect(pulled).toBeLessThan(MAX_UPLOAD_BYTES + 64 * 1024 + 4 * chunk.byteLength);
    // A declared length over the limit is refused before anything is read.
    const declared = await t.app.request('/api/clients/v1/my-account/upload-profile-picture', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${g.token}`,
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': String(50 * 1024 * 1024),
      },
      body: 'x',
    });
    expect(declared.status).toBe(413);
    expect(await uploadsOf(g.id)).toEqual([]);
  });

  it('serve a profile picture to no one without its signature: a forged or altered URL, with or without a token', async () => {
    const g = await newGuest();
    const other = await newGuest();
    const res = await upload('upload-profile-picture', g.token, [
      { name: 'me.png', type: 'image/png', bytes: await png() },
    ]);
    expect(res.status).toBe(200);
    const url = new URL(res.data.data.profile_picture_url as string, 'http://x');
    const id = url.searchParams.get('id')!;
    expect((await fetchFile(url.pathname + url.search)).status).toBe(200);
    const attempts = [
      `/api/files?id=${id}`,
      `/api/files?id=${id}&exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`,
      `/api/files?id=${id}&exp=${Number(url.searchParams.get('exp')) + 300}&sig=${url.searchParams.get('sig')}`,
    ];
    for (const path of attempts) {
      expect((await fetchFile(path)).status, path).toBe(404);
      expect((await fetchFile(path, { authorization: `Bearer ${other.token}` })).status, path).toBe(404);
    }
    // Another guest's own profile never names this file.
    expect(JSON.stringify(await me(other.token))).not.toContain(id);
  });
});

describe('ID verification', () => {
  it('goes not submitted -> submitted -> rejected -> submitted -> verified, by uploads and the operator command', async () => {
    const g = await newGuest();
    expect((await me(g.token)).identity).toEqual({
      identity_status: 0,
      identity_card_url: null,
      identity_card_selfie_url: null,
    });
    const card = { name: 'ktp.jpg', type: 'image/jpeg', bytes: await phoneJpeg() };
    const selfie = { name: 'selfie.jpg', type: 'image/jpeg', bytes: await phoneJpeg(40, 60) };
    const one = await upload('upload-id-card', g.token, [card]);
    expect(one.status).toBe(422);
    expect(one.data.message).toBe('Upload two photos: your ID card, then a selfie holding it.');
    expect((await upload('upload-id-card', g.token, [card, selfie])).data.data.identity.identity_status).toBe(1);

    const shown = await runOps(['identity', g.email], t.deps);
    expect(shown.code).toBe(0);
    expect(shown.out[0]).toBe(`#${g.id} ${g.email}: submitted`);
    expect(shown.out[1]).toMatch(/^ {2}ID card: on file since \d{4}-/);

    expect(await runOps(['identity', String(g.id), 'reject'], t.deps)).toEqual({
      code: 0,
      out: [`#${g.id} ${g.email}: submitted -> rejected`],
    });
    expect((await me(g.token)).identity.identity_status).toBe(2);
    // Rejected: the guest may send new pictures.
    expect((await upload('upload-id-card', g.token, [card, selfie])).data.data.identity.identity_status).toBe(1);
    expect((await runOps(['identity', g.email, 'approve'], t.deps)).code).toBe(0);
    expect((await me(g.token)).identity.identity_status).toBe(3);
    expect((await runOps(['identity', g.email, 'reject'], t.deps)).code).toBe(1);
    expect((await me(g.token)).identity.identity_status).toBe(3);
    const again = await upload('upload-id-card', g.token, [card, selfie], 'id');
    expect(again.status).toBe(409);
    expect(again.data.code).toBe('identity_already_verified');
  });
});

describe('account deletion', () => {
  const remove = (token: string, lang: 'id' | 'en' = 'en') =>
    t.call('POST', '/api/clients/v1/my-account/delete', { token, lang });

  it('is refused with a current stay, a scheduled stay or an outstanding payment, naming the rule', async () => {
    const g = await newGuest();
    const scheduled = await insertStay(db(), g.id, { checkin: '2026-03-20', checkout: '2026-03-22' });
    const en = await remove(g.token);
    expect(en.status).toBe(409);
    expect(en.data).toEqual({
      code: 'account_deletion_blocked',
      message: 'Your account cannot be deleted yet. You have a scheduled stay: delete it after that stay.',
      details: { reasons: ['scheduled_stay'] },
    });
    const id = await remove(g.token, 'id');
    expect(id.data.message).toBe(
      'Akun kamu belum bisa dihapus. Kamu masih punya jadwal menginap: hapus akun setelah menginap ya.',
    );
    await db().execute(sql`update reservations set checkin_date = '2026-03-01' where id = ${scheduled}`);
    await insertStay(db(), g.id, {
      checkin: '2026-04-01',
      checkout: '2026-04-02',
      status: 1,
      expiresAt: new Date(TEST_NOW.getTime() + 10 * 60_000),
    });
    expect((await remove(g.token)).data.details.reasons).toEqual(['current_stay', 'outstanding_payment']);
    expect((await me(g.token)).email).toBe(g.email);
  });

  it('deactivates at once and signs out everywhere; the operator reactivates within 30 days', async () => {
    const g = await newGuest();
    // An old stay and an expired hold do not stand in the way.
    await insertStay(db(), g.id, { checkin: '2026-01-10', checkout: '2026-01-12' });
    await insertStay(db(), g.id, { checkin: '2026-04-01', checkout: '2026-04-02', status: 3 });
    const second = await tokensForTest(t.deps, { userId: g.id });
    const res = await remove(g.token);
    expect(res.status).toBe(200);
    expect(res.data.data).toEqual({ deactivated: true, erase_on: '2026-04-01' });
    for (const token of [g.token, second.userToken!])
      expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(401);
    const refresh = await t.app.request('/api/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': t.deps.env.WEB_API_KEY },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: second.refreshToken!,
        client_id: t.deps.env.WEB_CLIENT_ID,
      }),
    });
    expect(refresh.status).toBe(400);
    // A fresh client token each time: the clock moves by weeks below.
    const signIn = async () =>
      post(
        t.app,
        '/api/auth/login',
        { username: g.email, password: TEST_USER_PASSWORD },
        { token: (await tokensForTest(t.deps, { withUser: false })).clientToken },
      );
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('account_deactivated');

    t.setNow(new Date(TEST_NOW.getTime() + 29 * 86_400_000));
    expect(await runOps(['reactivate', g.email], t.deps)).toEqual({
      code: 0,
      out: [`#${g.id} ${g.email}: reactivated; the guest can sign in again.`],
    });
    expect((await signIn()).status).toBe(200);
  });

  it('after 30 days the purge erases personal data and uploads, keeps reservations anonymised, zeroes the points, once', async () => {
    const g = await newGuest();
    await ensureWelcomePoints(db(), g.id, TEST_NOW);
    const stay = await insertStay(db(), g.id, { checkin: '2026-01-10', checkout: '2026-01-12' });
    const pic = await upload('upload-profile-picture', g.token, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await phoneJpeg() },
    ]);
    const picUrl = pic.data.data.profile_picture_url as string;
    const picId = new URL(picUrl, 'http://x').searchParams.get('id')!;
    await db().execute(
      sql`insert into newsletter_subscribers (email, first_name, list_id, created_at)
          values (${g.email}, 'Guest', 'web', ${TEST_NOW.toISOString()}::timestamptz)`,
    );
    expect((await remove(g.token)).status).toBe(200);

    // Day 29: too early, nothing is erased.
    expect(await purgeDeletedAccounts(t.deps, new Date(TEST_NOW.getTime() + 29 * 86_400_000))).toBe(0);
    const later = new Date(TEST_NOW.getTime() + 31 * 86_400_000);
    expect(await purgeDeletedAccounts(t.deps, later)).toBeGreaterThanOrEqual(1);
    const [user] = await db().select().from(users).where(eq(users.id, g.id));
    expect(user).toMatchObject({
      name: 'Deleted guest',
      email: `deleted-${g.id}@deleted.invalid`,
      telephone: null,
      isEmailVerified: false,
      identityStatus: 'not_submitted',
    });
    expect(user!.erasedAt).toEqual(later);
    const [booking] = await rows<{
      guest_name: string;
      guest_email: string;
      guest_phone: string;
      payment_status_id: number;
    }>(db(), sql`select guest_name, guest_email, guest_phone, payment_status_id from reservations where id = ${stay}`);
    expect(booking).toEqual({ guest_name: 'Deleted guest', guest_email: '', guest_phone: '', payment_status_id: 2 });
    const points = await ledgerOf(db(), g.id);
    expect(points.balance).toBe(0);
    expect(points.ledger.at(-1)).toEqual({
      kind: 'purge',
      status: 'expired',
      amount: -15_000,
      dedupe_key: `purge:${g.id}`,
    });
    expect(await uploadsOf(g.id)).toEqual([]);
    expect(await blobStoreOf(t.deps).get(picId)).toBeNull();
    const subscribed = await rows(db(), sql`select 1 from newsletter_subscribers where email = ${g.email}`);
    expect(subscribed).toEqual([]);
    t.setNow(later);
    expect((await fetchFile(picUrl)).status).toBe(404);

    expect(await purgeDeletedAccounts(t.deps, later)).toBe(0);
    expect(await ledgerOf(db(), g.id)).toEqual(points);
    expect((await runOps(['reactivate', String(g.id)], t.deps)).code).toBe(1);
  });
});
