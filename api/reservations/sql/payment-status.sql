-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes.
-- A reservation's payment status by its name, as core/payment-status.ts names them (a test holds the
-- two to each other): SQL says payment_status('waiting'), never a bare 1. IMMUTABLE with a constant
-- argument, so the planner folds it to its number and an index on payment_status_id still serves.
CREATE OR REPLACE FUNCTION payment_status(name text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE name
    WHEN 'waiting' THEN 1
    WHEN 'paid' THEN 2
    WHEN 'expired' THEN 3
    WHEN 'cancelled' THEN 4
    WHEN 'refunded' THEN 5
  END)::smallint
$$;
