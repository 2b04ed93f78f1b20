-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes (first
-- created by 0015_stock_notify.sql). Edit here; a migration keeps schema changes only.
-- The triggers that call these functions are created once, by that migration.

-- The stock cache of every API node (api/availability/stock-cache.ts) is invalidated by the change
-- itself: every statement that writes a table the cached answers read (availability, maximum stay,
-- search) sends pg_notify('stock_changed', <hotel id>) in its own transaction, or '*' for the tables
-- shared by every hotel. PostgreSQL delivers the notifications at commit (never for a rollback) to
-- every listening node, and collapses identical payloads of one transaction into one.
-- Statement-level triggers with transition tables: one notification per hotel a statement touched,
-- however many rows; room_inventory's transition tables are the ones its hotel_day_stock triggers
-- (0002) capture already. hotel_day_stock itself needs none: it only changes with room_inventory
-- and room_types, which notify.
CREATE OR REPLACE FUNCTION stock_notify_hotel_id() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  h integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR h IN SELECT DISTINCT hotel_id FROM stock_new LOOP
      PERFORM pg_notify('stock_changed', coalesce(h::text, '*'));
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR h IN SELECT DISTINCT hotel_id FROM stock_old LOOP
      PERFORM pg_notify('stock_changed', coalesce(h::text, '*'));
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION stock_notify_hotels() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  h integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR h IN SELECT DISTINCT id FROM stock_new LOOP
      PERFORM pg_notify('stock_changed', h::text);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR h IN SELECT DISTINCT id FROM stock_old LOOP
      PERFORM pg_notify('stock_changed', h::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

-- room_type_blocks name a room type, not a hotel: its hotel is the room type's.
CREATE OR REPLACE FUNCTION stock_notify_room_type_id() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  h integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR h IN SELECT DISTINCT rt.hotel_id FROM stock_new n JOIN room_types rt ON rt.id = n.room_type_id LOOP
      PERFORM pg_notify('stock_changed', h::text);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR h IN SELECT DISTINCT rt.hotel_id FROM stock_old o JOIN room_types rt ON rt.id = o.room_type_id LOOP
      PERFORM pg_notify('stock_changed', h::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

-- Tables every hotel reads (add-on items, promotions) and TRUNCATE of any of them: every hotel.
CREATE OR REPLACE FUNCTION stock_notify_all() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stock_changed', '*');
  RETURN NULL;
END $$;
