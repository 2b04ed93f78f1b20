import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  HOTEL_SHARE_MIN_ROOMS,
  HOTEL_SHARE_PERCENT,
  MAX_UNPAID_RESERVATIONS,
  MAX_UNPAID_ROOMS,
} from '../../core/contracts/booking.ts';

// The unpaid cap's trigger (sql/unpaid-cap.sql) states the hoarding limits in SQL, where a trigger
// cannot receive them, and the hold function's quick answer (sql/reservation-hold.sql) repeats the
// hotel's share: they are the constants the API and its messages use.
describe('the hold limits in SQL', () => {
  const sql = readFileSync(new URL('./sql/unpaid-cap.sql', import.meta.url), 'utf8');
  it('are the constants of core/contracts/booking.ts', () => {
    expect(sql).toContain(`IF waiting >= ${MAX_UNPAID_RESERVATIONS} THEN`);
    expect(sql).toContain(`IF rooms + NEW.total_room > ${MAX_UNPAID_ROOMS} THEN`);
    expect(sql).toContain(`IF rooms + NEW.total_room > ${HOTEL_SHARE_MIN_ROOMS} AND EXISTS`);
    expect(sql).toContain(`) > greatest(${HOTEL_SHARE_MIN_ROOMS}, (`);
    expect(sql).toContain(`coalesce(sum(i.sellable), 0) * ${HOTEL_SHARE_PERCENT} / 100`);
  });
  it("are the hold function's quick answer too", () => {
    const hold = readFileSync(new URL('./sql/reservation-hold.sql', import.meta.url), 'utf8');
    expect(hold).toContain(`IF v_open_rooms + p_rooms > ${HOTEL_SHARE_MIN_ROOMS} AND EXISTS (`);
    expect(hold).toContain(`) > greatest(${HOTEL_SHARE_MIN_ROOMS}, (`);
    expect(hold).toContain(`coalesce(sum(i.sellable), 0) * ${HOTEL_SHARE_PERCENT} / 100`);
  });
});
