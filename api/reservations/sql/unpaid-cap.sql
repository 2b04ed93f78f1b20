-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes (first
-- created by 0004_holds_cap.sql). Edit here; a migration keeps schema changes only.

CREATE OR REPLACE FUNCTION reservations_unpaid_cap() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  waiting integer;
BEGIN
  IF NEW.payment_status_id <> payment_status('waiting') OR NEW.user_id IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(7301, NEW.user_id);
  SELECT count(*) INTO waiting FROM reservations
    WHERE user_id = NEW.user_id AND payment_status_id = payment_status('waiting') AND id IS DISTINCT FROM NEW.id;
  IF waiting >= 3 THEN
    RAISE EXCEPTION 'an account holds at most 3 unpaid reservations'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_unpaid_cap';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER reservations_unpaid_cap BEFORE INSERT OR UPDATE OF payment_status_id ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION reservations_unpaid_cap();
