import { Temporal } from 'temporal-polyfill';
import { dayUseAvailability } from '../availability/day-use.ts';
import { roomAvailability, roomAvailabilityMaxDuration } from '../availability/availability.service.ts';
import { countReservations, listMyStays, listStayHistory } from '../reservations/account-lists.ts';
import { expireDueHolds } from '../reservations/expiry.ts';
import {
  cancelReservation,
  createReservation,
  listReservations,
  reservationDetail,
} from '../reservations/reservations.service.ts';
import { searchRooms } from '../search/search.service.ts';
import type { Database, Db } from './client.ts';
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
  const db = database.db as Db;
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
