-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes (first
-- created by 0006_promo_limits.sql). Edit here; a migration keeps schema changes only.

-- Voucher and promo redemption limits (promotions.max_redemptions in all, max_per_user per guest),
-- enforced here so concurrent requests on any number of API nodes cannot exceed them. A code is
-- redeemed while a reservation waiting for payment (1) or paid (2) holds it; an expired or cancelled
-- reservation gives its redemption back. The trigger takes a transaction-scoped advisory lock per
-- promotion before counting, which serialises the concurrent redemptions of one code.
CREATE OR REPLACE FUNCTION reservations_promo_limits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
  used integer;
BEGIN
  IF NEW.promo_code IS NULL OR NEW.payment_status_id NOT IN (payment_status('waiting'), payment_status('paid')) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.promo_code IS NOT DISTINCT FROM NEW.promo_code AND OLD.payment_status_id IN (payment_status('waiting'), payment_status('paid')) THEN
    RETURN NEW;
  END IF;
  SELECT id, max_redemptions, max_per_user INTO p FROM promotions WHERE promo_code = NEW.promo_code;
  IF NOT FOUND OR (p.max_redemptions IS NULL AND p.max_per_user IS NULL) THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(7302, p.id);
  IF p.max_redemptions IS NOT NULL THEN
    SELECT count(*) INTO used FROM reservations
      WHERE promo_code = NEW.promo_code AND payment_status_id IN (payment_status('waiting'), payment_status('paid')) AND id IS DISTINCT FROM NEW.id;
    IF used >= p.max_redemptions THEN
      RAISE EXCEPTION 'promotion % has no redemptions left', NEW.promo_code
        USING ERRCODE = 'check_violation', CONSTRAINT = 'promotions_max_redemptions';
    END IF;
  END IF;
  IF p.max_per_user IS NOT NULL AND NEW.user_id IS NOT NULL THEN
    SELECT count(*) INTO used FROM reservations
      WHERE promo_code = NEW.promo_code AND user_id = NEW.user_id AND payment_status_id IN (payment_status('waiting'), payment_status('paid'))
        AND id IS DISTINCT FROM NEW.id;
    IF used >= p.max_per_user THEN
      RAISE EXCEPTION 'promotion % already used by this guest', NEW.promo_code
        USING ERRCODE = 'check_violation', CONSTRAINT = 'promotions_max_per_user';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER reservations_promo_limits BEFORE INSERT OR UPDATE OF promo_code, payment_status_id ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION reservations_promo_limits();
