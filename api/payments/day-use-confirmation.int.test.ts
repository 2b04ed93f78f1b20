import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { paymentTestApp } from '../../tests/helpers/payment-test-app.ts';
import { emailEn } from '../../core/i18n/email-en.ts';
import { emailId } from '../../core/i18n/email-id.ts';

// A paid day-use stay (hourly hotel 3, Jakarta; its sky pods, room type 31, sell 3-hour blocks):
// the confirmation e-mail names the day and the block with its times instead of nights and the
// hotel's 14:00/12:00, and its .ics (like My stay's) starts and ends at the block's times.
// Clock: 10:00 WIB on 2 March 2026 (TEST_NOW); the block is 12 March 2026, 10:00-13:00.

let t: Awaited<ReturnType<typeof paymentTestApp>>;
const HOTEL = 3;
const SKY = 31;
const DAY = '2026-03-12';

beforeAll(async () => {
  t = await paymentTestApp();
  // No pre-sold rooms and no closed day at hotel 3, so the block is free.
  await t.db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, HOTEL));
  await t.db.execute(sql`delete from hotel_blackouts where hotel_id = ${HOTEL}`);
});
afterAll(async () => {
  await t.active.close();
  await t.deps.database.close();
});

/** Book the block 10:00-13:00 on DAY as a new guest, charge it by BCA VA in `lang` and pay it. */
async function paidDayUse(lang: 'en' | 'id', start = 10) {
  const user = await t.newUser();
  const created = await t.call('POST', '/api/clients/v1/reservations/create', {
    token: user.userToken,
    lang,
    form: {
      hotel_id: String(HOTEL),
      room_type_id: String(SKY),
      total_room: '1',
      check_in_date_time: DAY,
      check_out_date_time: DAY,
      start_hour: String(start),
      block_hours: '3',
    },
  });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const id = (created.data.data as { id: number }).id;
  const charged = await t.charge(id, 'bca_va', {}, { token: user.userToken, lang });
  expect(charged.data.code).toBe(200);
  expect(await t.sandbox.act(charged.data.data.order_id as string, 'pay')).toMatchObject({ ok: true });
  const [r] = await t.db.select().from(reservations).where(eq(reservations.id, id));
  expect(r.paymentStatusId).toBe(2);
  const sent = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, r.guestEmail));
  expect(sent).toHaveLength(1);
  const ics = Buffer.from(
    sent[0].attachments.find((a) => a.contentType === 'text/calendar')!.content,
    'base64',
  ).toString('utf8');
  return { r, mail: sent[0], ics, user };
}

describe('the confirmation of a day-use stay', () => {
  it.each([
    ['en', emailEn, 'Thu, 12 March 2026'],
    ['id', emailId, 'Kam, 12 Maret 2026'],
  ] as const)('names the day and the block with its times, in the e-mail and its .ics (%s)', async (lang, e, day) => {
    const c = e.confirmation;
    const { r, mail, ics } = await paidDayUse(lang, lang === 'en' ? 10 : 15);
    const [from, to] = lang === 'en' ? ['10:00', '13:00'] : ['15:00', '18:00'];
    const lines = mail.text.split('\n').map((l) => l.trim());
    expect(lines).toContain(`${c.checkIn}: ${day} ${from} WIB`);
    expect(lines).toContain(`${c.checkOut}: ${day} ${to} WIB`);
    expect(lines).toContain(`${c.dayUse}: ${c.dayUseBlock(3, from, to)} WIB`);
    // No night is counted, and the hotel's nightly check-in and check-out times appear nowhere.
    expect(lines.some((l) => l.startsWith(`${c.nights}:`))).toBe(false);
    expect(mail.text).not.toMatch(/\b1[42]:00 WIB/);
    expect(mail.html).toContain(`${c.dayUseBlock(3, from, to)} WIB`);
    // The calendar event is the block itself, in the hotel's zone (RFC 5545 lines, CRLF; unfolded here).
    const unfolded = ics.replace(/\r\n /g, '');
    const compact = (time: string) => `${time.replace(':', '')}00`;
    expect(ics).toContain(`\r\nDTSTART;TZID=Asia/Jakarta:20260312T${compact(from)}\r\n`);
    expect(ics).toContain(`\r\nDTEND;TZID=Asia/Jakarta:20260312T${compact(to)}\r\n`);
    expect(unfolded).toMatch(new RegExp(`\r\nSUMMARY:${c.dayUseEvent('.+', 3).replace(/[()]/g, '\\$&')}\r\n`));
    expect(unfolded).toContain(`${c.dayUse}: ${c.dayUseBlock(3, from, to)}`.replace(/,/g, '\\,'));
    expect(ics).toContain(r.orderId);
  });

  it("My stay's calendar file of the day-use stay is the block too", async () => {
    const { r, user } = await paidDayUse('en', 18);
    const stays = await t.call('GET', '/api/clients/v1/stays', { token: user.userToken, lang: 'en' });
    expect(stays.status).toBe(200);
    const stay = (stays.data.data as { reservationId: number; calendar: string }[]).find(
      (s) => s.reservationId === r.id,
    );
    expect(stay?.calendar).toContain('\r\nDTSTART;TZID=Asia/Jakarta:20260312T180000\r\n');
    expect(stay?.calendar).toContain('\r\nDTEND;TZID=Asia/Jakarta:20260312T210000\r\n');
  });
});
