-- The stock cache of every API node (api/availability/stock-cache.ts) is invalidated by the change
-- itself: every statement that writes a table the cached answers read (availability, maximum stay,
-- search) sends pg_notify('stock_changed', <hotel id>) in its own transaction, or '*' for the tables
-- shared by every hotel. PostgreSQL delivers the notifications at commit (never for a rollback) to
-- every listening node, and collapses identical payloads of one transaction into one.
-- Statement-level triggers with transition tables: one notification per hotel a statement touched,
-- however many rows; room_inventory's transition tables are the ones its hotel_day_stock triggers
-- (0002) capture already. hotel_day_stock itself needs none: it only changes with room_inventory
-- and room_types, which notify.
CREATE FUNCTION stock_notify_hotel_id() RETURNS trigger
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
--> statement-breakpoint
CREATE FUNCTION stock_notify_hotels() RETURNS trigger
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
--> statement-breakpoint
-- room_type_blocks name a room type, not a hotel: its hotel is the room type's.
CREATE FUNCTION stock_notify_room_type_id() RETURNS trigger
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
--> statement-breakpoint
-- Tables every hotel reads (add-on items, promotions) and TRUNCATE of any of them: every hotel.
CREATE FUNCTION stock_notify_all() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stock_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('room_inventory', 'stock_notify_hotel_id'),
      ('hotel_blackouts', 'stock_notify_hotel_id'),
      ('room_hour_stock', 'stock_notify_hotel_id'),
      ('room_types', 'stock_notify_hotel_id'),
      ('hotels', 'stock_notify_hotels'),
      ('room_type_blocks', 'stock_notify_room_type_id')
    ) AS v(tbl, fn)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS stock_new FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_stock_notify_insert', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS stock_old NEW TABLE AS stock_new FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_stock_notify_update', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS stock_old FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_stock_notify_delete', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION stock_notify_all()', t.tbl || '_stock_notify_truncate', t.tbl);
  END LOOP;
  FOR t IN SELECT * FROM (VALUES ('add_on_items'), ('promotions')) AS v(tbl) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION stock_notify_all()', t.tbl || '_stock_notify', t.tbl);
  END LOOP;
END $$;
