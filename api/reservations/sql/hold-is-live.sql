-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes.
-- The one rule of a live hold: waiting for payment and not yet past its payment window at `at`. A
-- hold past its window counts as expired even before the expiry job flips it (api/reservations/expiry.ts),
-- so nothing that must not show it as held (the order badge, the lists, a charge, the guest's cap)
-- does. A plain SQL expression, inlined by the planner, so the (payment_status_id, expired_at) index
-- still serves the queries that use it.
CREATE OR REPLACE FUNCTION hold_is_live(status smallint, expired_at timestamptz, at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status = payment_status('waiting') AND expired_at > at
$$;

-- Its other side: a hold still waiting whose payment window is over at `at` (the expiry job's work,
-- and what the lists already show as expired).
CREATE OR REPLACE FUNCTION hold_lapsed(status smallint, expired_at timestamptz, at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status = payment_status('waiting') AND expired_at <= at
$$;
