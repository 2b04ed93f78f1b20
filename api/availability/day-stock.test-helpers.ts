import { sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';

/**
 * Test helper: every (hotel, night) where hotel_day_stock differs from the sum recomputed from
 * room_inventory right now (missing rows included). An empty list means the summary is exact.
 */
export async function dayStockDrift(db: Db) {
  return rows<{
    hotel_id: number;
    date: string;
    stored: number | null;
    actual: number;
    stored_min: number | null;
    actual_min: number | null;
  }>(
    db,
    sql`with actual as (
          select i.hotel_id, i.date,
            sum(greatest(i.sellable - i.sold - rt.stop_sell_limit_web, 0))::int as sellable,
            min(case when i.sellable - i.sold - rt.stop_sell_limit_web > 0 then i.price end)::int as min_price
          from room_inventory i join room_types rt on rt.id = i.room_type_id
          group by i.hotel_id, i.date
        )
        select a.hotel_id, a.date::text as date, s.web_sellable as stored, a.sellable as actual, s.min_price as stored_min, a.min_price as actual_min
        from actual a left join hotel_day_stock s on s.hotel_id = a.hotel_id and s.date = a.date
        where s.hotel_id is null or s.web_sellable <> a.sellable or s.min_price is distinct from a.min_price
        order by a.hotel_id, a.date
        limit 20`,
  );
}
