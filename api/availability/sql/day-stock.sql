-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes (first
-- created by 0002_hotel_day_stock.sql). Edit here; a migration keeps schema changes only.

-- Refresh hotel_day_stock for the given (hotel, night) pairs (duplicates allowed, any order).
-- 1. Lock the summary rows (creating missing ones) sorted by hotel then night: concurrent writers
--    of the same hotel and night queue here instead of overwriting each other, and cannot deadlock.
-- 2. Recompute them from room_inventory. In READ COMMITTED every statement of this (volatile)
--    function takes a fresh snapshot, so the recompute sees every transaction that held these
--    locks before us, plus our own writes: the last writer to commit leaves the exact value.
CREATE OR REPLACE FUNCTION hotel_day_stock_refresh(hotel_ids integer[], nights date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF hotel_ids IS NULL OR cardinality(hotel_ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO hotel_day_stock (hotel_id, date, web_sellable, min_price)
    SELECT DISTINCT k.hotel_id, k.date, 0, NULL::integer FROM unnest(hotel_ids, nights) AS k(hotel_id, date)
    ORDER BY k.hotel_id, k.date
    ON CONFLICT (hotel_id, date) DO UPDATE SET web_sellable = hotel_day_stock.web_sellable;
  UPDATE hotel_day_stock s
    SET web_sellable = coalesce(a.sellable, 0), min_price = a.min_price
    FROM (SELECT DISTINCT * FROM unnest(hotel_ids, nights) AS k(hotel_id, date)) k
    LEFT JOIN LATERAL (
      SELECT sum(free_web_stock(i.sellable, i.sold, rt.stop_sell_limit_web))::int AS sellable,
        min(CASE WHEN free_web_stock(i.sellable, i.sold, rt.stop_sell_limit_web) > 0 THEN i.price END)::int AS min_price
      FROM room_inventory i JOIN room_types rt ON rt.id = i.room_type_id
      WHERE i.hotel_id = k.hotel_id AND i.date = k.date
    ) a ON true
    WHERE s.hotel_id = k.hotel_id AND s.date = k.date;
END $$;

-- After each statement that writes room_inventory: refresh the (hotel, night) pairs it touched
-- (old and new keys of an update). Statement-level with transition tables: one refresh per
-- statement, however many rows it wrote.
CREATE OR REPLACE FUNCTION room_inventory_day_stock() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  h integer[];
  d date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(hotel_id), array_agg(date) INTO h, d FROM inventory_new;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(k.hotel_id), array_agg(k.date) INTO h, d
      FROM (SELECT hotel_id, date FROM inventory_new UNION ALL SELECT hotel_id, date FROM inventory_old) k;
  ELSE
    SELECT array_agg(hotel_id), array_agg(date) INTO h, d FROM inventory_old;
  END IF;
  PERFORM hotel_day_stock_refresh(h, d);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER room_inventory_day_stock_insert AFTER INSERT ON room_inventory
  REFERENCING NEW TABLE AS inventory_new FOR EACH STATEMENT EXECUTE FUNCTION room_inventory_day_stock();

CREATE OR REPLACE TRIGGER room_inventory_day_stock_update AFTER UPDATE ON room_inventory
  REFERENCING OLD TABLE AS inventory_old NEW TABLE AS inventory_new FOR EACH STATEMENT EXECUTE FUNCTION room_inventory_day_stock();

CREATE OR REPLACE TRIGGER room_inventory_day_stock_delete AFTER DELETE ON room_inventory
  REFERENCING OLD TABLE AS inventory_old FOR EACH STATEMENT EXECUTE FUNCTION room_inventory_day_stock();

-- A room type's web stop-sell limit counts in every night of its hotel.
CREATE OR REPLACE FUNCTION room_types_day_stock() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  h integer[];
  d date[];
BEGIN
  SELECT array_agg(i.hotel_id), array_agg(i.date) INTO h, d
    FROM room_inventory i
    WHERE i.room_type_id IN (
      SELECT n.id FROM types_new n JOIN types_old o ON o.id = n.id
      WHERE n.stop_sell_limit_web IS DISTINCT FROM o.stop_sell_limit_web OR n.hotel_id IS DISTINCT FROM o.hotel_id
    );
  PERFORM hotel_day_stock_refresh(h, d);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER room_types_day_stock_update AFTER UPDATE ON room_types
  REFERENCING OLD TABLE AS types_old NEW TABLE AS types_new FOR EACH STATEMENT EXECUTE FUNCTION room_types_day_stock();
