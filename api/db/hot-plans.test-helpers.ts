import { Temporal } from '../../core/temporal.ts';
import { dayUseAvailability } from '../availability/day-use.ts';
import { roomAvailability, roomAvailabilityMaxDuration } from '../availability/availability.service.ts';
import { listMyStays, listStayHistory } from '../account/account-lists.ts';
import { countReservations } from '../reservations/reservation-count.ts';
import { expireDueHolds } from '../reservations/expiry.ts';
import {
  cancelReservation,
  createReservation,
  listReservations,
  reservationDetail,
} from '../reservations/reservations.service.ts';
import { searchRooms } from '../search/search.service.ts';
import type { Database } from '../platform/database.ts';
import { grownHourlyHotel, grownPodHotel } from './grown-database.test-helpers.ts';
import { recordStatements } from './plan-check.test-helpers.ts';
import type { Recorded } from './plan-check.test-helpers.ts';

const MINUTE = 60_000;

/**
 * Serve every hot call once on a grown database (growDatabase) and return the statements the code
 * sent: availability (calendar, longest stay, day use), search (nights, day use), create's
 * check-and-hold (nights, and a block at an hourly hotel), cancel, a guest booking again with a lapsed
 * hold, the expiry job's batch, the account lists and the order badge's count.
 */
export async function serveHotCalls(database: Database, now: Date): Promise<Recorded[]> {
  const db = database.db;
  const { rows } = await database.executeSql(
    `select u.id from users u join reservations r on r.user_id = u.id
      where u.email like 'grown-%' group by u.id order by count(*) desc, u.id limit 1`,
  );
  const userId = Number(rows[0].id);
  const day = (n: number) =>
    Temporal.Instant.fromEpochMilliseconds(now.getTime())
      .toZonedDateTimeISO('Asia/Jakarta')
      .toPlainDate()
      .add({ days: n })
      .toString();
  // Data of the test's own: no closed day in the window these calls read.
  await database.executeSql(`delete from hotel_blackouts where hotel_id in (${grownPodHotel}, ${grownHourlyHotel})`);
  const recorder = recordStatements(database);
  let recorded: Recorded[] = [];
  try {
    const ctx = { now, userId, lang: 'en' as const, holdMinutes: 30 };
    await roomAvailability(db, { hotelId: grownPodHotel, dateStart: day(0), dateEnd: day(89) }, now);
    await roomAvailabilityMaxDuration(db, { hotelId: grownPodHotel, dateStart: day(10) }, now);
    await dayUseAvailability(db, { hotelId: grownHourlyHotel, dateStart: day(0), dateEnd: day(13) }, now);
    const search = { hotelId: grownPodHotel, isUsedGiftCertificate: false, promoCode: '' };
    await searchRooms(db, { ...search, checkIn: day(10), checkOut: day(12) }, ctx);
    await searchRooms(db, { ...search, checkIn: day(3), checkOut: day(17) }, ctx);
    await searchRooms(
      db,
      { ...search, hotelId: grownHourlyHotel, checkIn: day(2), checkOut: day(2), startHour: 10, blockHours: 3 },
      ctx,
    );
    const stay = { hotelId: grownPodHotel, roomTypeId: grownPodHotel * 10 + 1, totalRoom: 1 };
    const a = await createReservation(db, { ...stay, checkIn: day(10), checkOut: day(12) }, ctx);
    await createReservation(
      db,
      {
        hotelId: grownHourlyHotel,
        roomTypeId: grownHourlyHotel * 10 + 1,
        checkIn: day(2),
        checkOut: day(2),
        totalRoom: 1,
        dayUse: { startHour: 14, blockHours: 3 },
      },
      ctx,
    );
    // The nightly room type of an hourly hotel holds its hours too.
    await createReservation(
      db,
      {
        hotelId: grownHourlyHotel,
        roomTypeId: grownHourlyHotel * 10 + 2,
        checkIn: day(4),
        checkOut: day(6),
        totalRoom: 1,
      },
      ctx,
    );
    await reservationDetail(db, a.id, ctx);
    await cancelReservation(db, a.id, ctx);
    // Half an hour later the two holds lapsed: the guest books again (their own lapsed holds are
    // released first), then the expiry job takes what is due.
    const later = { ...ctx, now: new Date(now.getTime() + 31 * MINUTE) };
    await createReservation(db, { ...stay, checkIn: day(20), checkOut: day(21) }, later);
    await createReservation(db, { ...stay, checkIn: day(22), checkOut: day(24) }, later);
    await expireDueHolds(db, new Date(now.getTime() + 62 * MINUTE));
    const account = { ...later, stayPassSecret: 'x'.repeat(32), siteUrl: 'https://example.test' };
    await countReservations(db, { ...account, status: 1 });
    await countReservations(db, account);
    await listReservations(db, account);
    await listReservations(db, { ...account, status: 1 });
    await listReservations(db, { ...account, status: 3 });
    await listMyStays(db, account);
    await listStayHistory(db, account);
  } finally {
    recorded = recorder.stop();
  }
  return recorded;
}

/**
 * The SQL statements of a plpgsql function as the database holds them (pg_proc), ready to EXPLAIN:
 * the function's parameters and variables (`p_...`, `v_...`) become typed placeholders with the
 * values given, `INTO` targets are dropped and PERFORM reads as SELECT. Control statements (IF,
 * assignments, RETURN, RAISE, GET DIAGNOSTICS) are left out. Reading the stored body, not a copy,
 * keeps the check honest as the function changes.
 */
export async function functionStatements(
  database: Database,
  name: string,
  values: Record<string, unknown>,
): Promise<Recorded[]> {
  const { rows } = await database.executeSql(
    `select prosrc, pg_get_function_identity_arguments(oid) as args from pg_proc where proname = $1`,
    [name],
  );
  const source = String(rows[0]!.prosrc).replace(/--[^\n]*/g, '');
  const types = new Map<string, string>();
  for (const arg of String(rows[0]!.args).split(', ')) {
    const [argName, ...type] = arg.trim().split(' ');
    types.set(argName!, type.join(' '));
  }
  const [declare, body] = source.split(/\bBEGIN\b/, 2) as [string, string];
  for (const m of declare.matchAll(/\b(v_\w+)\s+([^:;]+?)\s*(?::=[^;]*)?;/g)) types.set(m[1]!, m[2]!);
  const out: Recorded[] = [];
  for (const chunk of body.split(';')) {
    const text = chunk
      .trim()
      .replace(/^(?:(?:ELSE|END IF|(?:ELS)?IF\b[\s\S]*?\bTHEN)\s+)*/i, '')
      .replace(/^PERFORM\b/i, 'SELECT');
    if (!/^(SELECT|INSERT|UPDATE|WITH|DELETE)\b/i.test(text)) continue;
    const params: unknown[] = [];
    const slots = new Map<string, string>();
    const sqlText = text.replace(/\s+INTO\s+v_\w+(?:\s*,\s*v_\w+)*/gi, '').replace(/\b([pv]_\w+)\b/g, (variable) => {
      let slot = slots.get(variable);
      if (!slot) {
        const type = types.get(variable);
        if (!type) throw new Error(`${name}: no type for ${variable}`);
        if (!(variable in values)) throw new Error(`${name}: no value for ${variable}`);
        params.push(values[variable]);
        slot = `$${params.length}::${type}`;
        slots.set(variable, slot);
      }
      return slot;
    });
    out.push({ text: sqlText, params });
  }
  return out;
}

/**
 * Values for the statements of reservation_hold (api/reservations/sql/reservation-hold.sql) on a grown database: a
 * two-night stay of the hourly hotel's nightly room type, which holds its nights and the hours they
 * cover, so the statements of both kinds of stock are planned with real keys.
 */
export function holdFunctionValues(userId: number, now: Date): Record<string, unknown> {
  const roomTypeId = grownHourlyHotel * 10 + 2;
  const hours = [...Array.from({ length: 10 }, (_, i) => 14 + i), ...Array.from({ length: 12 }, (_, i) => i)];
  const hourDates = [...Array(10).fill('2026-03-12'), ...Array(12).fill('2026-03-13')];
  return {
    p_hotel_id: grownHourlyHotel,
    p_room_type_id: roomTypeId,
    p_user_id: userId,
    p_check_in: '2026-03-12',
    p_check_out: '2026-03-14',
    p_rooms: 1,
    p_now: now.toISOString(),
    p_expired_at: new Date(now.getTime() + 30 * MINUTE).toISOString(),
    p_order_token: 'PLANCHECK',
    p_invoice_token: 'PLANCHECK1',
    p_promo_code: null,
    p_notes: '',
    p_campaign_identifier: null,
    p_campaign_event: null,
    p_channel_source: null,
    p_check_stay: true,
    p_window_days: 90,
    p_max_unpaid: 3,
    p_lapsed_released: false,
    p_block_hours: 3,
    p_start_hour: 14,
    p_day_use_start: null,
    p_day_use_end: null,
    p_max_unpaid_rooms: 10,
    p_idem_key: 'PLANCHECK-KEY',
    p_idem_hash: 'PLANCHECK-HASH',
    p_idem_context: '{}',
    v_held: '{}',
    v_stop: 0,
    v_last: '2026-03-13',
    v_nights: 2,
    v_from_hour: 14,
    v_until_hour: 12,
    v_hour_dates: hourDates,
    v_hours: hours,
    v_dates: ['2026-03-12', '2026-03-13'],
    v_prices: [150_000, 150_000],
    v_fakes: [200_000, 200_000],
    v_ymd: '20260302',
    v_id: 1,
    v_user_name: 'Plan Check',
    v_user_email: 'plan-check@example.test',
    v_user_phone: '',
  };
}
