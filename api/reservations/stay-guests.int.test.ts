import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { purgeDeletedAccounts } from '../account/deletion.service.ts';
import { reservations } from './reservations.schema.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import type { Invitation, MyStay } from '../../core/contracts/account.ts';

// Booking for others (issue 27, item 2), through the API on the seeded PGlite (hotel 8, double sky
// pods: room type 83, 2 guests a pod). The booker invites by e-mail or phone and gets the same answer
// whether or not anyone is registered there; the person answers in their own account; only then is
// the stay in their My stay, with a pass of its own, and their name on the booker's. The booker
// revokes, the guest leaves. Whoever checks in does so for themselves, and every attempt is recorded.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;

beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 8));
});
beforeEach(() => t.setNow(TEST_NOW));

type Person = { id: number; token: string; email: string; phone: string; name: string };
async function person(): Promise<Person> {
  const g = await tokensForTest(t.deps);
  const [u] = await db.select().from(users).where(eq(users.id, g.userId!));
  return { id: u!.id, token: g.userToken!, email: u!.email, phone: u!.telephone!, name: u!.name };
}

/** A paid two-night stay of `pods` double pods, booked by `booker`. */
async function paidStay(booker: Person, pods = 1, checkIn = '2026-03-12', checkOut = '2026-03-14') {
  const res = await t.call('POST', '/api/clients/v1/reservations/create', {
    token: booker.token,
    form: {
      hotel_id: '8',
      room_type_id: '83',
      check_in_date_time: checkIn,
      check_out_date_time: checkOut,
      total_room: String(pods),
    },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  const id = res.data.data.id as number;
  await db.update(reservations).set({ paymentStatusId: PaymentStatus.paid }).where(eq(reservations.id, id));
  return id;
}

const invite = (booker: Person, reservationId: number, contact: string, lang: 'id' | 'en' = 'en') =>
  t.call('POST', '/api/clients/v1/stays/guests/invite', {
    token: booker.token,
    lang,
    json: { reservationId, contact },
  });
const share = (who: Person, action: string, shareId: number, lang: 'id' | 'en' = 'en') =>
  t.call('POST', `/api/clients/v1/stays/${action}`, { token: who.token, lang, json: { shareId } });
const invitations = async (who: Person) =>
  (await t.call('GET', '/api/clients/v1/stays/invitations', { token: who.token })).data.data as Invitation[];
const myStays = async (who: Person) =>
  (await t.call('GET', '/api/clients/v1/stays', { token: who.token })).data.data as MyStay[];
const outboxTo = (to: string) =>
  rows<{ channel: string; subject: string; text: string }>(
    db,
    sql`select channel, subject, text from outbox_messages where "to" = ${to} order by id`,
  );
const verify = async (token: string) => {
  const basic = Buffer.from(`${t.deps.env.API_CLIENT_ID}:${t.deps.env.API_CLIENT_SECRET}`).toString('base64');
  const auth = await t.app.request('/api/oauth2/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${basic}`,
      'x-api-key': t.deps.env.API_KEY,
    },
    body: 'grant_type=client_credentials',
  });
  const bearer = ((await auth.json()) as { access_token: string }).access_token;
  return t.call('POST', '/api/host/v1/stay-pass/verify', {
    token: bearer,
    apiKey: t.deps.env.API_KEY,
    json: { token },
  });
};

describe('booking for others', () => {
  it('answers the same for a registered and an unknown address, and tells each by a message without a link that opens anything', async () => {
    const booker = await person();
    const friend = await person();
    const stay = await paidStay(booker, 2);
    const known = await invite(booker, stay, friend.email.toUpperCase());
    const unknown = await invite(booker, stay, 'belum.daftar@example.com');
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    // The two answers differ only in the address typed (and the share's id): no name, no account, no hint.
    const strip = (list: { id: number; contact: string }[]) => list.map((s) => ({ ...s, id: 0, contact: '' }));
    const [a, b] = unknown.data.data as { id: number; contact: string; status: string; name: null }[];
    expect(strip([a!])).toEqual(strip([b!]));
    expect(a).toMatchObject({ contact: friend.email, contactKind: 'email', status: 'pending', name: null });
    expect(b).toMatchObject({ contact: 'belum.daftar@example.com', status: 'pending', name: null });
    expect(known.data.data[0]).toEqual(a);
    // The same for a phone number, registered or not, in the booker's language.
    const byPhone = await invite(booker, stay, `0${friend.phone}`, 'id');
    expect(byPhone.status).toBe(201);
    expect(byPhone.data.data.map((s: { contactKind: string }) => s.contactKind)).toEqual(['email', 'email', 'phone']);
    // Room for 3 more guests in two double pods: the fourth is refused, naming the limit, in Indonesian.
    const full = await invite(booker, stay, '0812 9999 0000', 'id');
    expect(full.status).toBe(422);
    expect(full.data).toMatchObject({
      code: 'stay_guests_too_many',
      message: 'Pesanan ini hanya muat untuk 3 tamu lagi.',
    });

    // Each gets the same message (both languages), with the site's My stay page and no token in it.
    const [mail] = await outboxTo(friend.email);
    const [stranger] = await outboxTo('belum.daftar@example.com');
    expect(mail!.text.replace(friend.email, '')).toBe(stranger!.text.replace('belum.daftar@example.com', ''));
    expect(mail!.text).toContain(booker.name);
    expect(mail!.text).toMatch(/\/id\/my-account\/my-stay\/\n/);
    expect(mail!.text).not.toMatch(/[?&]|token|BBXSP/);
    expect(await outboxTo(`+62${friend.phone}`)).toEqual([expect.objectContaining({ channel: 'sms' })]);

    // Until the friend answers, the booker sees only what they typed; nothing of the friend's account.
    const [mine] = await myStays(booker);
    expect(mine!.shares.map((s) => [s.contact, s.status, s.name])).toEqual([
      [friend.email, 'pending', null],
      ['belum.daftar@example.com', 'pending', null],
      [`0${friend.phone}`, 'pending', null],
    ]);
    expect(mine!.guests.secondary).toEqual([]);
    expect(JSON.stringify(mine)).not.toContain(friend.name);
  });

  it('refuses what is not an address, and the booker themselves, in the guest language', async () => {
    const booker = await person();
    const stay = await paidStay(booker);
    for (const bad of ['not an address', 'a@b', '12345', 'sari+promo@example.com']) {
      const res = await invite(booker, stay, bad, 'id');
      expect(res.status, bad).toBe(422);
      expect(res.data).toMatchObject({
        code: 'contact_invalid',
        message: 'Tulis e-mail atau nomor HP tamu (08..., +62...).',
      });
    }
    const self = await invite(booker, stay, `+62 ${booker.phone}`);
    expect(self.data).toMatchObject({ code: 'stay_guest_is_booker' });
    // Someone else's stay: not found, as any reservation that is not theirs.
    const other = await person();
    expect((await invite(other, stay, 'x@example.com')).status).toBe(404);
  });

  it('puts the stay in the guest own My stay once they accept, with a pass of its own; revoking ends it', async () => {
    const booker = await person();
    const friend = await person();
    const stay = await paidStay(booker, 1, '2026-03-16', '2026-03-17');
    const [pending] = (await invite(booker, stay, friend.email)).data.data as { id: number }[];

    // The friend sees the invitation in their account; nobody else does.
    expect(await invitations(friend)).toEqual([
      expect.objectContaining({ shareId: pending!.id, bookerName: booker.name, checkInDate: '2026-03-16' }),
    ]);
    const stranger = await person();
    expect(await invitations(stranger)).toEqual([]);
    // Nobody else can answer it: 404, the same for every reason.
    expect((await share(stranger, 'invitations/accept', pending!.id)).status).toBe(404);
    expect((await share(booker, 'invitations/accept', pending!.id)).status).toBe(404);
    expect(await myStays(friend)).toEqual([]);

    expect((await share(friend, 'invitations/accept', pending!.id)).status).toBe(200);
    expect(await invitations(friend)).toEqual([]);
    const [theirs] = await myStays(friend);
    expect(theirs).toMatchObject({
      reservationId: stay,
      guestType: 'guest',
      bookedBy: booker.name,
      shareId: pending!.id,
      shares: [],
      paidAmount: null,
      selfCheckIn: { isBooker: false },
    });
    // A guest sees the booker's name only, not their e-mail or phone.
    expect(JSON.stringify(theirs)).not.toContain(booker.email);
    expect(JSON.stringify(theirs)).not.toContain(booker.phone);
    // Their own pass: it names their share, and the host's check reads their name.
    const [booked] = await myStays(booker);
    expect(theirs!.pass.token).not.toBe(booked!.pass.token);
    expect(theirs!.pass.token).toMatch(new RegExp(`^BBXSP1\\.${stay}\\.[A-Z0-9-]+\\.S${pending!.id}\\.`));
    expect((await verify(theirs!.pass.token)).data.data).toMatchObject({ guestName: friend.name });
    // The booker now sees the friend's name.
    expect(booked!.shares).toEqual([expect.objectContaining({ status: 'accepted', name: friend.name })]);
    expect(booked!.guests.secondary).toEqual([{ name: friend.name, email: friend.email, phone: '' }]);

    // The booker revokes: the stay leaves the friend's My stay and their pass is refused.
    expect((await share(booker, 'guests/revoke', pending!.id)).status).toBe(200);
    expect(await myStays(friend)).toEqual([]);
    const refused = await verify(theirs!.pass.token);
    expect(refused.status).toBe(409);
    expect(refused.data.code).toBe('stay_pass_withdrawn');
    // The booker's own pass is untouched.
    expect((await verify(booked!.pass.token)).status).toBe(200);
  });

  it('lets the guest decline, or leave after accepting; the booker sees that', async () => {
    const booker = await person();
    const one = await person();
    const two = await person();
    const stay = await paidStay(booker, 2, '2026-03-18', '2026-03-19');
    await invite(booker, stay, one.email);
    const shares = (await invite(booker, stay, `0${two.phone}`)).data.data as { id: number }[];
    expect((await share(one, 'invitations/decline', shares[0]!.id)).status).toBe(200);
    expect((await share(two, 'invitations/accept', shares[1]!.id)).status).toBe(200);
    expect((await myStays(two)).map((s) => s.reservationId)).toEqual([stay]);
    expect((await share(two, 'leave', shares[1]!.id, 'id')).status).toBe(200);
    expect(await myStays(two)).toEqual([]);
    const again = await share(two, 'leave', shares[1]!.id, 'id');
    expect(again.status).toBe(404);
    expect(again.data.message).toBe('Undangan ini sudah tidak berlaku.');
    const [mine] = await myStays(booker);
    expect(mine!.shares.map((s) => s.status)).toEqual(['declined', 'left']);
  });

  it('reaches someone who signs up later with the invited address, once it is verified', async () => {
    const booker = await person();
    const stay = await paidStay(booker, 1, '2026-03-20', '2026-03-21');
    const later = `nanti.${Date.now()}@example.com`;
    const [pending] = (await invite(booker, stay, later)).data.data as { id: number }[];
    // They sign up with that address (not verified yet): the invitation waits for the verification.
    const newcomer = await person();
    await db.update(users).set({ email: later, isEmailVerified: false }).where(eq(users.id, newcomer.id));
    const signedUp = { ...newcomer, email: later };
    expect(await invitations(signedUp)).toEqual([]);
    expect((await share(signedUp, 'invitations/accept', pending!.id)).status).toBe(404);
    await db.update(users).set({ isEmailVerified: true }).where(eq(users.id, newcomer.id));
    expect((await invitations(signedUp)).map((i) => i.shareId)).toEqual([pending!.id]);
    expect((await share(signedUp, 'invitations/accept', pending!.id)).status).toBe(200);
  });

  it('keeps the update call list semantics: listed people are invited, people left out are revoked', async () => {
    const booker = await person();
    const res = await t.call('POST', '/api/clients/v1/reservations/create', {
      token: booker.token,
      form: {
        hotel_id: '8',
        room_type_id: '83',
        check_in_date_time: '2026-03-22',
        check_out_date_time: '2026-03-23',
        total_room: '2',
      },
    });
    const id = res.data.data.id as number;
    const update = (secondaryGuests: string, lang: 'id' | 'en' = 'en') =>
      t.call('PUT', '/api/clients/v1/reservations/update', {
        token: booker.token,
        lang,
        form: { reservationId: String(id), secondaryGuests },
      });
    expect((await update(' A.Tamu@Example.com, b.tamu@example.com')).status).toBe(200);
    expect((await update('b.tamu@example.com, c.tamu@example.com')).status).toBe(200);
    const live = await rows<{ contact: string; status: string }>(
      db,
      sql`select contact, status from stay_shares where reservation_id = ${id} order by id`,
    );
    expect(live).toEqual([
      { contact: 'a.tamu@example.com', status: 'revoked' },
      { contact: 'b.tamu@example.com', status: 'pending' },
      { contact: 'c.tamu@example.com', status: 'pending' },
    ]);
    // Nothing is written on a refusal.
    const bad = await update('d.tamu@example.com, bukan alamat', 'id');
    expect(bad.status).toBe(422);
    expect(bad.data.details.fields).toEqual([{ field: 'secondaryGuests', code: 'contact_invalid' }]);
    expect(
      await rows(db, sql`select contact from stay_shares where reservation_id = ${id} and contact like 'd.%'`),
    ).toEqual([]);
  });

  it('forgets the shares of a purged account: theirs, and those addressed to them', async () => {
    const booker = await person();
    const friend = await person();
    const stay = await paidStay(booker, 1, '2026-03-24', '2026-03-25');
    const [s] = (await invite(booker, stay, friend.email)).data.data as { id: number }[];
    await share(friend, 'invitations/accept', s!.id);
    await db
      .update(users)
      .set({ deactivatedAt: new Date(TEST_NOW.getTime() - 31 * 86_400_000) })
      .where(eq(users.id, friend.id));
    await purgeDeletedAccounts(t.deps, TEST_NOW, { userId: friend.id });
    expect(await rows(db, sql`select id from stay_shares where reservation_id = ${stay}`)).toEqual([]);
  });
});

describe('self check-in, for whoever checks in', () => {
  const attempt = (who: Person, reservationId: number, faceVerified: boolean, lang: 'id' | 'en' = 'en') =>
    t.call('POST', '/api/clients/v1/stays/check-in', {
      token: who.token,
      lang,
      json: { reservationId, faceVerified },
    });
  const attempts = (reservationId: number) =>
    rows<{ user_id: number; outcome: string }>(
      db,
      sql`select user_id, outcome from stay_checkin_attempts where reservation_id = ${reservationId} order by id`,
    );

  it('opens an hour before check-in, needs the person own verified ID, and sends them to the host after 3 failed verifications', async () => {
    const booker = await person();
    const friend = await person();
    const stay = await paidStay(booker, 1, '2026-03-12', '2026-03-14');
    const [s] = (await invite(booker, stay, friend.email)).data.data as { id: number }[];
    await share(friend, 'invitations/accept', s!.id);
    // Before the window (13:00 WIB on the check-in day): refused, recorded.
    t.setNow(new Date('2026-03-12T05:30:00.000Z'));
    const early = await attempt(friend, stay, true, 'id');
    expect(early.status).toBe(409);
    expect(early.data.code).toBe('check_in_closed');
    // In the window: the friend's own ID must be verified (the booker's does not count).
    t.setNow(new Date('2026-03-12T06:10:00.000Z'));
    await db.update(users).set({ identityStatus: 'verified' }).where(eq(users.id, booker.id));
    expect((await attempt(friend, stay, true)).data.code).toBe('identity_not_verified');
    await db.update(users).set({ identityStatus: 'verified' }).where(eq(users.id, friend.id));

    // Three failed face verifications, then the host.
    for (const n of [1, 2, 3]) {
      const failed = await attempt(friend, stay, false);
      expect(failed.status).toBe(200);
      expect(failed.data.data).toEqual({
        checkedIn: false,
        livenessCountRetry: n,
        maxLivenessRetries: 3,
        contactHost: n === 3,
      });
    }
    const fourth = await attempt(friend, stay, true, 'id');
    expect(fourth.status).toBe(409);
    expect(fourth.data).toMatchObject({
      code: 'contact_host',
      message: 'Verifikasi wajah gagal 3 kali. Silakan temui host untuk check-in.',
    });
    const [theirs] = await myStays(friend);
    expect(theirs!.selfCheckIn).toMatchObject({ livenessCountRetry: 3, checkedInAt: null, isBooker: false });

    // The booker checks in for themselves: their own count, untouched by the friend's.
    const ok = await attempt(booker, stay, true);
    expect(ok.data.data).toEqual({ checkedIn: true, livenessCountRetry: 0, maxLivenessRetries: 3, contactHost: false });
    expect((await attempt(booker, stay, true)).data.code).toBe('already_checked_in');
    const [mine] = await myStays(booker);
    expect(mine!.selfCheckIn).toMatchObject({
      isBooker: true,
      checkedInAt: '2026-03-12T06:10:00.000Z',
      livenessCountRetry: 0,
    });

    // Every attempt is on record, refused ones too; a stranger's attempt is refused as not theirs.
    const stranger = await person();
    expect((await attempt(stranger, stay, true)).status).toBe(404);
    expect((await attempts(stay)).map((a) => [a.user_id === friend.id ? 'friend' : 'booker', a.outcome])).toEqual([
      ['friend', 'refused'],
      ['friend', 'refused'],
      ['friend', 'failed'],
      ['friend', 'failed'],
      ['friend', 'failed'],
      ['friend', 'refused'],
      ['booker', 'passed'],
      ['booker', 'refused'],
    ]);
  });

  it('counts two devices reporting at once twice, never losing one', async () => {
    const booker = await person();
    const stay = await paidStay(booker, 1, '2026-03-13', '2026-03-14');
    await db.update(users).set({ identityStatus: 'verified' }).where(eq(users.id, booker.id));
    t.setNow(new Date('2026-03-13T06:30:00.000Z'));
    await Promise.all([attempt(booker, stay, false), attempt(booker, stay, false)]);
    const [mine] = await myStays(booker);
    expect(mine!.selfCheckIn.livenessCountRetry).toBe(2);
  });
});
