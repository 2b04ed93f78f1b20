-- Booking abuse: one account holds at most 3 reservations waiting for payment, and a reservation
-- holds at most 10 rooms (core/contracts/booking.ts: MAX_UNPAID_RESERVATIONS, MAX_ROOMS_PER_RESERVATION).
-- Enforced here, so API nodes on one PostgreSQL cannot exceed it together: the trigger takes a
-- transaction-scoped advisory lock per user before counting, which serialises that user's
-- concurrent inserts across every connection.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_total_room_cap" CHECK ("total_room" BETWEEN 1 AND 10);
--> statement-breakpoint
CREATE FUNCTION reservations_unpaid_cap() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  waiting integer;
BEGIN
  IF NEW.payment_status_id <> 1 OR NEW.user_id IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(7301, NEW.user_id);
  SELECT count(*) INTO waiting FROM reservations
    WHERE user_id = NEW.user_id AND payment_status_id = 1 AND id IS DISTINCT FROM NEW.id;
  IF waiting >= 3 THEN
    RAISE EXCEPTION 'an account holds at most 3 unpaid reservations'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_unpaid_cap';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_unpaid_cap BEFORE INSERT OR UPDATE OF payment_status_id ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION reservations_unpaid_cap();
