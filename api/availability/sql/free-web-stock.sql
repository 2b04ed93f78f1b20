-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes.
-- The one rule of a room type's free web stock on a night (or an hour): what it can sell, less what
-- is sold or held, less the rooms kept back from the web (its stop-sell limit), never below zero.
-- The day stock summary (day-stock.sql), the hold (reservation_hold) and the read paths use it; a
-- plain SQL expression, inlined by the planner.
CREATE OR REPLACE FUNCTION free_web_stock(sellable integer, taken integer, stop_sell integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(sellable - taken - stop_sell, 0)
$$;
