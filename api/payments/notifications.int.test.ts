import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import { TEST_NOW } from '../db/test-booking.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { bobopointLedger } from '../points/points.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { paymentCharges } from './charge.schema.ts';
import { signatureOf } from '../platform/payment-gateway.ts';
import { paymentNotifications } from './notifications.schema.ts';
import { handleNotification } from './notifications.service.ts';
import { paymentTestApp } from '../../tests/helpers/payment-test-app.ts';

let t: Awaited<ReturnType<typeof paymentTestApp>>;
beforeAll(async () => {
  t = await paymentTestApp();
});
afterAll(async () => {
  await t.active.close();
  await t.deps.database.close();
});
afterEach(() => t.setNow(TEST_NOW));

const reservation = async (id: number) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];
const chargeOf = async (orderId: string) =>
  (await t.db.select().from(paymentCharges).where(eq(paymentCharges.orderId, orderId)))[0];
const mails = async (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
const ledger = async (reservationId: number) =>
  t.db.select().from(bobopointLedger).where(eq(bobopointLedger.reservationId, reservationId));
const stayCount = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0].stayCount;
const sold = async (roomTypeId: number, date: string) =>
  (
    await t.db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, roomTypeId), eq(roomInventory.date, date)))
  )[0].sold;
const logged = async (orderId: string) =>
  t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderId, orderId));

/** A notification signed with the gateway's key (what a correct gateway could send). */
const signed = (body: { order_id: string; status_code: string; gross_amount: string; transaction_status: string }) => ({
  ...body,
  signature_key: signatureOf(body.order_id, body.status_code, body.gross_amount, t.sandbox.serverKey),
});

describe('BCA VA through the sandbox, paid', () => {
  it('charges with an 11-digit VA and an expiry inside the hold, then a settlement confirms once: status 2, room total on the booking count, 15,000 pending points, one e-mail with QR and .ics', async () => {
    const user = await t.newUser();
    const r = await t.book({ token: user.userToken, rooms: 2 });
    const res = await t.charge(r.id, 'bca_va', {}, { token: user.userToken, lang: 'id' });
    expect(res.status).toBe(200);
    expect(res.data.code).toBe(200);
    const c = res.data.data;
    expect(c.order_id).toBe(`${r.order_id}-P1`);
    expect(c.bank).toBe('bca');
    expect(c.va_number).toMatch(/^\d{11}$/);
    expect(c.status).toBe('pending');
    const hold = (await reservation(r.id)).expiredAt;
    expect(new Date(c.expires_at).getTime()).toBeLessThan(hold.getTime());
    expect(c.gross_amount).toBe((await t.status(r.id, user.userToken)).charge.gross_amount);
    expect((await t.status(r.id, user.userToken)).result).toBe('pending');

    const before = await stayCount(user.userId!);
    const paid = await t.sandbox.act(c.order_id, 'pay');
    expect(paid).toMatchObject({ ok: true, httpStatus: 200 });
    const after = await reservation(r.id);
    expect(after.paymentStatusId).toBe(2);
    expect(await stayCount(user.userId!)).toBe(before + 2);
    const points = await ledger(r.id);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ kind: 'stay', status: 'pending', amount: 15_000, earnDate: r.checkout_date });
    const sent = await mails(after.guestEmail);
    expect(sent).toHaveLength(1);
    expect(sent[0].lang).toBe('id');
    expect(sent[0].subject).toBe(`Pesanan terkonfirmasi: ${r.order_id}`);
    expect(sent[0].text).toContain('Yay, pembayaran berhasil');
    expect(sent[0].html).toContain('cid:booking-qr');
    expect(sent[0].attachments.map((a) => a.contentType).sort()).toEqual(['image/png', 'text/calendar']);
    const ics = Buffer.from(
      sent[0].attachments.find((a) => a.contentType === 'text/calendar')!.content,
      'base64',
    ).toString('utf8');
    expect(ics).toContain('\r\nBEGIN:VEVENT\r\n');
    // Check-in 14:00 and check-out 12:00 at the hotel, in its zone (with the VTIMEZONE it names).
    expect(ics).toContain('\r\nDTSTART;TZID=Asia/Jakarta:20260312T140000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=Asia/Jakarta:20260314T120000\r\n');
    expect(ics).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:Asia/Jakarta\r\n');
    expect(ics).toContain(`\r\nDTSTAMP:${TEST_NOW.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z\r\n`);
    const status = await t.status(r.id, user.userToken);
    expect(status).toMatchObject({
      result: 'success',
      payment_status: 2,
      points_pending: { amount: 15_000, earn_date: r.checkout_date },
    });
  });
});

describe('notifications are idempotent and order-independent', () => {
  it('a replay of the settlement changes nothing', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'bni_va')).data.data;
    const body = await t.captureNext(() => t.sandbox.act(c.order_id, 'pay'));
    expect((await t.deliver(body)).data.status).toBe('applied');
    const state = {
      res: await reservation(r.id),
      mail: (await mails((await reservation(r.id)).guestEmail)).length,
      points: (await ledger(r.id)).length,
      count: await stayCount(t.userId),
    };
    for (let i = 0; i < 3; i++) {
      const again = await t.deliver(body);
      expect(again).toEqual({ status: 200, data: { status: 'unchanged' } });
    }
    expect(await reservation(r.id)).toEqual(state.res);
    expect((await mails(state.res.guestEmail)).length).toBe(state.mail);
    expect((await ledger(r.id)).length).toBe(state.points);
    expect(await stayCount(t.userId)).toBe(state.count);
  });

  it('an older status after a newer one is ignored: pending or expire arriving after settlement', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'permata_va')).data.data;
    expect(c.va_number).toMatch(/^\d{16}$/);
    const pendingBody = signed({
      order_id: c.order_id,
      status_code: '201',
      gross_amount: `${c.gross_amount}.00`,
      transaction_status: 'pending',
    });
    expect((await t.sandbox.act(c.order_id, 'pay')).ok).toBe(true);
    expect((await t.deliver(pendingBody)).data.status).toBe('unchanged');
    const expireBody = signed({
      order_id: c.order_id,
      status_code: '407',
      gross_amount: `${c.gross_amount}.00`,
      transaction_status: 'expire',
    });
    expect((await t.deliver(expireBody)).data.status).toBe('unchanged');
    expect((await reservation(r.id)).paymentStatusId).toBe(2);
    expect((await chargeOf(c.order_id)).status).toBe('settlement');
  });

  it('a late pending after the charge expired does not revive it', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'mandiri_bill')).data.data;
    expect(c.biller_code).toBe('70012');
    expect(c.bill_key).toMatch(/^\d{12}$/);
    // The pending notification of charge time, delivered late.
    const pendingBody = signed({
      order_id: c.order_id,
      status_code: '201',
      gross_amount: `${c.gross_amount}.00`,
      transaction_status: 'pending',
    });
    expect((await t.sandbox.act(c.order_id, 'expire')).ok).toBe(true);
    expect((await reservation(r.id)).paymentStatusId).toBe(3);
    expect((await t.deliver(pendingBody)).data.status).toBe('unchanged');
    expect((await reservation(r.id)).paymentStatusId).toBe(3);
  });

  it('a tampered signature is rejected (401) and logged; nothing changes', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'bca_va')).data.data;
    const body = {
      ...signed({
        order_id: c.order_id,
        status_code: '200',
        gross_amount: `${c.gross_amount}.00`,
        transaction_status: 'settlement',
      }),
    };
    body.signature_key = body.signature_key.slice(0, -2) + (body.signature_key.endsWith('00') ? '11' : '00');
    const res = await t.deliver(body);
    expect(res).toMatchObject({ status: 401, data: { status: 'rejected_signature', code: 'rejected_signature' } });
    const wrongKey = {
      ...body,
      signature_key: signatureOf(c.order_id, '200', `${c.gross_amount}.00`, 'attacker-guess'),
    };
    expect((await t.deliver(wrongKey)).status).toBe(401);
    expect((await t.deliver({ ...body, signature_key: 'short' })).status).toBe(401);
    expect((await reservation(r.id)).paymentStatusId).toBe(1);
    expect((await chargeOf(c.order_id)).status).toBe('pending');
    expect((await logged(c.order_id)).filter((l) => l.outcome === 'rejected_signature')).toHaveLength(3);
  });

  it('a body with NUL characters (which PostgreSQL text cannot hold) is refused, never a 500, and the handler itself logs it safely', async () => {
    const nul = String.fromCharCode(0);
    const body = { order_id: `x${nul}y`, hotelId: nul, transaction_status: `settle${nul}ment` };
    const res = await t.deliver(body);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ code: 'bad_request' });
    // Behind the API's edge guard the handler still copes: the notification is logged as invalid.
    expect(await handleNotification(t.deps, body)).toEqual({ httpStatus: 400, outcome: 'invalid' });
    expect((await logged('xy')).map((l) => l.outcome)).toEqual(['invalid']);
  });

  it('a wrong amount is rejected (400) and logged: a signed body with another amount, or a reservation whose price changed after the charge', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'bca_va')).data.data;
    const body = signed({
      order_id: c.order_id,
      status_code: '200',
      gross_amount: `${c.gross_amount - 1000}.00`,
      transaction_status: 'settlement',
    });
    expect(await t.deliver(body)).toMatchObject({
      status: 400,
      data: { status: 'rejected_amount', code: 'rejected_amount' },
    });
    expect((await reservation(r.id)).paymentStatusId).toBe(1);

    // The guest applies a voucher after charging: the old charge no longer pays this booking.
    const upd = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      json: { reservationId: r.id, isUsePromo: true, promoCode: 'STAYLAGI25', paymentChannelCode: 'bca_va' },
    });
    expect(upd.status).toBe(200);
    const paid = await t.sandbox.act(c.order_id, 'pay');
    expect(paid.httpStatus).toBe(400);
    expect((await reservation(r.id)).paymentStatusId).toBe(1);
    expect((await logged(c.order_id)).map((l) => l.outcome)).toEqual(expect.arrayContaining(['rejected_amount']));
    expect((await logged(c.order_id)).filter((l) => l.outcome === 'rejected_amount')).toHaveLength(2);
  });

  it('a settlement after the hold expired marks the reservation for refund (5) and never confirms released nights', async () => {
    const user = await t.newUser();
    const r = await t.book({ token: user.userToken, roomTypeId: 81 });
    const c = (await t.charge(r.id, 'bca_va', {}, { token: user.userToken })).data.data;
    const settled = await t.captureNext(() => t.sandbox.act(c.order_id, 'pay'));
    const before = await stayCount(user.userId!);
    t.setNow(new Date(TEST_NOW.getTime() + 31 * 60_000)); // the hold (30 min) is over; the bank was quicker than its notification
    const soldBefore = await sold(81, '2026-03-12');
    const res = await t.deliver(settled);
    expect(res.status).toBe(200);
    const after = await reservation(r.id);
    expect(after.paymentStatusId).toBe(5);
    expect(await sold(81, '2026-03-12')).toBe(soldBefore - 1); // nights went back to stock, once
    expect(await chargeOf(c.order_id)).toMatchObject({ status: 'settlement', refundRequired: true });
    expect(await mails(after.guestEmail)).toHaveLength(0);
    expect(await ledger(r.id)).toHaveLength(0);
    expect(await stayCount(user.userId!)).toBe(before);
    expect((await t.status(r.id, user.userToken)).result).toBe('refund');
  });

  it('50 concurrent duplicate settlements for one order leave exactly one payment', async () => {
    const user = await t.newUser();
    const r = await t.book({ token: user.userToken, rooms: 3 });
    const c = (await t.charge(r.id, 'bca_va', {}, { token: user.userToken })).data.data;
    const body = await t.captureNext(() => t.sandbox.act(c.order_id, 'pay'));
    const before = await stayCount(user.userId!);
    const results = await Promise.all(Array.from({ length: 50 }, () => t.deliver(body)));
    expect(results.every((x) => x.status === 200)).toBe(true);
    expect(results.filter((x) => x.data.status === 'applied')).toHaveLength(1);
    expect(results.filter((x) => x.data.status === 'unchanged')).toHaveLength(49);
    expect((await reservation(r.id)).paymentStatusId).toBe(2);
    expect(await stayCount(user.userId!)).toBe(before + 3);
    expect(await ledger(r.id)).toHaveLength(1);
    expect(await mails((await reservation(r.id)).guestEmail)).toHaveLength(1);
    expect(
      (await t.db.select().from(paymentCharges).where(eq(paymentCharges.reservationId, r.id))).filter(
        (x) => x.status === 'settlement',
      ),
    ).toHaveLength(1);
  });
});
