-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes (first
-- created by 0004_holds_cap.sql). Edit here; a migration keeps schema changes only.

CREATE OR REPLACE FUNCTION reservations_unpaid_cap() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  waiting integer;
  rooms integer;
BEGIN
  IF NEW.payment_status_id <> payment_status('waiting') OR NEW.user_id IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(7301, NEW.user_id);
  SELECT count(*), coalesce(sum(total_room), 0)::int INTO waiting, rooms FROM reservations
    WHERE user_id = NEW.user_id AND payment_status_id = payment_status('waiting') AND id IS DISTINCT FROM NEW.id;
  IF waiting >= 3 THEN
    RAISE EXCEPTION 'an account holds at most 3 unpaid reservations'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_unpaid_cap';
  END IF;
  -- Hoarding (api/reservations/README.md "Holds per account"; the numbers are MAX_UNPAID_ROOMS,
  -- HOTEL_SHARE_MIN_ROOMS and HOTEL_SHARE_PERCENT of core/contracts/booking.ts, which a test keeps
  -- equal): at most 10 rooms across the guest's unpaid holds, and at one hotel on any night of this
  -- hold at most 10 % of the hotel's rooms that night, never fewer than 4. Judged here, under the
  -- guest's lock and after every earlier hold of theirs committed, so parallel holds cannot pass it.
  IF rooms + NEW.total_room > 10 THEN
    RAISE EXCEPTION 'an account holds at most 10 rooms unpaid'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_unpaid_rooms';
  END IF;
  IF rooms + NEW.total_room > 4 AND EXISTS (
    SELECT 1 FROM generate_series(NEW.checkin_date::timestamp,
        greatest(NEW.checkin_date, NEW.checkout_date - 1)::timestamp, interval '1 day') AS g(day)
    WHERE NEW.total_room + (
        SELECT coalesce(sum(r.total_room), 0) FROM reservations r
        WHERE r.user_id = NEW.user_id AND r.hotel_id = NEW.hotel_id AND r.payment_status_id = payment_status('waiting')
          AND r.id IS DISTINCT FROM NEW.id AND r.checkin_date <= g.day::date
          AND greatest(r.checkout_date, r.checkin_date + 1) > g.day::date
      ) > greatest(4, (
        SELECT coalesce(sum(i.sellable), 0) * 10 / 100 FROM room_inventory i
        WHERE i.hotel_id = NEW.hotel_id AND i.date = g.day::date
      ))
  ) THEN
    RAISE EXCEPTION 'an account holds at most its share of a hotel''s night unpaid'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_hotel_share';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER reservations_unpaid_cap BEFORE INSERT OR UPDATE OF payment_status_id ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION reservations_unpaid_cap();
