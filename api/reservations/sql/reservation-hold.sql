-- Applied after the migrations by api/db/sql-sources.ts, whenever this file's hash changes (first
-- created by 0016_hold_function.sql). Edit here; a migration keeps schema changes only.

-- Check-and-hold of a reservation in ONE statement (issue 18): the API calls reservation_hold() as
-- one named prepared statement in autocommit, instead of a dozen statements and a transaction.
-- Outcomes the API maps to its errors (reservations.service.ts, README.md "Taking a hold"):
--   held                   the reservation, its nights (dates, locked prices) and the guest's details
--   replay                 the guest's Idempotency-Key was used before: `same` (the same request?) and
--                          the stored `body` (the first hold's answer and the API's context)
--   hotel_not_found, room_type_not_found, block_not_offered, user_missing, verification_required,
--   too_many_unpaid, too_many_rooms, hotel_share, sold_out
--   stay_invalid           the dates break the hotel's rules (checked only when p_check_stay): the API
--                          re-reads them with the hotel's zone and longest stay to name the rule
--   lapsed_holds           the guest has holds past their payment window: the API releases them
--                          (release-hold.ts) and calls again with p_lapsed_released
-- Nothing is written before a refusal that returns; a refusal found while taking stock (a night or an
-- hour sold out) raises SQLSTATE BX409 instead, so the whole statement rolls back.
--
-- Why it cannot oversell (the same rules as before, in one statement): every stock row is locked in
-- one global order before it is checked (nights by date, then hours by date and hour), and then
-- taken by a guarded UPDATE (free_web_stock(sellable, sold, stop_sell_limit_web) >= n) whose WHERE is re-evaluated
-- on the latest committed row; CHECK (sold <= sellable) and (held <= sellable) stay the last line of
-- defence, and the unpaid cap's trigger (0004_holds_cap.sql) counts this guest's holds under their lock.
-- The signature before the hoarding limits (issue 26): a call always names all the arguments below.
DROP FUNCTION IF EXISTS reservation_hold(integer, integer, integer, date, date, integer, timestamptz, timestamptz,
  text, text, text, text, text, text, text, boolean, integer, integer, boolean, integer, integer, timestamptz,
  timestamptz);
DROP FUNCTION IF EXISTS reservation_hold(integer, integer, integer, date, date, integer, timestamptz, timestamptz,
  text, text, text, text, text, text, text, boolean, integer, integer, boolean, integer, integer, timestamptz,
  timestamptz, integer, integer, integer);
DROP FUNCTION IF EXISTS reservation_hold(integer, integer, integer, date, date, integer, timestamptz, timestamptz,
  text, text, text, text, text, text, text, boolean, integer, integer, boolean, integer, integer, timestamptz,
  timestamptz, integer);

CREATE OR REPLACE FUNCTION reservation_hold(
  p_hotel_id integer,
  p_room_type_id integer,
  p_user_id integer,
  p_check_in date,
  p_check_out date,
  p_rooms integer,
  p_now timestamptz,
  p_expired_at timestamptz,
  p_order_token text,
  p_invoice_token text,
  p_promo_code text,
  p_notes text,
  p_campaign_identifier text,
  p_campaign_event text,
  p_channel_source text,
  p_check_stay boolean,
  p_window_days integer,
  p_max_unpaid integer,
  p_lapsed_released boolean,
  p_block_hours integer,
  p_start_hour integer,
  p_day_use_start timestamptz,
  p_day_use_end timestamptz,
  p_max_unpaid_rooms integer,
  p_idem_key text,
  p_idem_hash text,
  p_idem_context jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_hotel_name text;
  v_time_zone text;
  v_max_nights integer;
  v_check_in_time text;
  v_check_out_time text;
  v_stop integer;
  v_sells_day_use boolean;
  v_today date;
  v_nights integer;
  v_last date;
  v_block_price integer;
  v_block_fake integer;
  v_user_name text;
  v_user_email text;
  v_user_phone text;
  v_verified boolean;
  v_open integer;
  v_open_rooms integer;
  v_lapsed integer;
  v_free integer;
  v_closed boolean;
  v_from_hour integer;
  v_until_hour integer;
  v_hour_dates date[];
  v_hours integer[];
  v_wanted integer := 0;
  v_taken integer;
  v_dates date[];
  v_prices integer[];
  v_fakes integer[];
  v_ymd text;
  v_id integer;
  v_order_id text;
  v_held jsonb;
  v_idem record;
BEGIN
  -- An Idempotency-Key this guest already used for a create (api/http/idempotency.ts): the first
  -- answer, whatever has changed since. A duplicate still in flight is caught at the insert below.
  IF p_idem_key IS NOT NULL THEN
    SELECT k.request_hash, k.body INTO v_idem FROM idempotency_keys k
      WHERE k.user_id = p_user_id AND k.scope = 'reservations.create' AND k.key = p_idem_key;
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'replay', 'same', v_idem.request_hash = p_idem_hash, 'body', v_idem.body);
    END IF;
  END IF;
  -- The hotel and the room type of that hotel, in one read.
  SELECT h.name, h.time_zone, h.web_max_duration, h.check_in_time, h.check_out_time, rt.stop_sell_limit_web,
      rt.id IS NOT NULL AND EXISTS (SELECT 1 FROM room_type_blocks b WHERE b.room_type_id = rt.id)
    INTO v_hotel_name, v_time_zone, v_max_nights, v_check_in_time, v_check_out_time, v_stop, v_sells_day_use
    FROM hotels h LEFT JOIN room_types rt ON rt.id = p_room_type_id AND rt.hotel_id = h.id
    WHERE h.id = p_hotel_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'hotel_not_found');
  END IF;
  IF v_stop IS NULL THEN
    RETURN jsonb_build_object('outcome', 'room_type_not_found');
  END IF;
  v_today := (p_now AT TIME ZONE v_time_zone)::date;
  v_ymd := to_char(v_today, 'YYYYMMDD');
  -- resolveStay's rules (api/availability/stay-dates.ts), for a call that did not read the hotel first.
  IF p_check_stay AND (p_check_out - p_check_in < 1
      OR p_check_out - p_check_in > coalesce(nullif(v_max_nights, 0), 14)
      OR p_check_in < v_today - 1
      OR p_check_in > v_today + (p_window_days - 1)) THEN
    RETURN jsonb_build_object('outcome', 'stay_invalid', 'time_zone', v_time_zone, 'web_max_duration', v_max_nights);
  END IF;
  IF p_block_hours IS NOT NULL THEN
    SELECT b.price, b.fake_price INTO v_block_price, v_block_fake
      FROM room_type_blocks b WHERE b.room_type_id = p_room_type_id AND b.hours = p_block_hours;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'block_not_offered');
    END IF;
  END IF;
  -- The guest, and their holds waiting for payment. Spec section 5: e-mail or phone verification
  -- before the first booking. The count is a quick answer for the common case; the unpaid cap's
  -- trigger is what holds under concurrency. A hold past its payment window counts as expired (the
  -- expiry job flips it within seconds).
  SELECT u.name, u.email, coalesce(u.telephone, ''), u.is_email_verified OR u.is_telephone_verified,
      w.open, w.lapsed, w.open_rooms
    INTO v_user_name, v_user_email, v_user_phone, v_verified, v_open, v_lapsed, v_open_rooms
    FROM users u CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE hold_is_live(r.payment_status_id, r.expired_at, p_now))::int AS open,
        count(*) FILTER (WHERE NOT hold_is_live(r.payment_status_id, r.expired_at, p_now))::int AS lapsed,
        coalesce(sum(r.total_room) FILTER (WHERE hold_is_live(r.payment_status_id, r.expired_at, p_now)), 0)::int
          AS open_rooms
      FROM reservations r WHERE r.user_id = u.id AND r.payment_status_id = payment_status('waiting')
    ) w
    WHERE u.id = p_user_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'user_missing');
  END IF;
  IF NOT v_verified THEN
    RETURN jsonb_build_object('outcome', 'verification_required');
  END IF;
  IF v_open >= p_max_unpaid THEN
    RETURN jsonb_build_object('outcome', 'too_many_unpaid');
  END IF;
  IF v_lapsed > 0 AND NOT p_lapsed_released THEN
    RETURN jsonb_build_object('outcome', 'lapsed_holds');
  END IF;
  -- Hoarding (README.md "Holds per account"): a quick answer for the rooms across this guest's live
  -- holds; the unpaid cap's trigger judges the rooms and the hotel's share again under the guest's
  -- lock at the insert, which is what holds under concurrency.
  IF v_open_rooms + p_rooms > p_max_unpaid_rooms THEN
    RETURN jsonb_build_object('outcome', 'too_many_rooms');
  END IF;
  -- The hotel's share, judged the same way before any stock row is locked: a refusal found only by the
  -- trigger comes after the stock rows of the night are taken, so a guest repeating a hold past their
  -- share would queue every create of that room type and night behind their own (bench:abuse,
  -- "hoarding"). The numbers are the trigger's (HOTEL_SHARE_MIN_ROOMS, HOTEL_SHARE_PERCENT).
  IF v_open_rooms + p_rooms > 4 AND EXISTS (
    SELECT 1 FROM generate_series(p_check_in::timestamp, greatest(p_check_in, p_check_out - 1)::timestamp,
        interval '1 day') AS g(day)
    WHERE p_rooms + (
        SELECT coalesce(sum(r.total_room), 0) FROM reservations r
        WHERE r.user_id = p_user_id AND r.hotel_id = p_hotel_id AND r.payment_status_id = payment_status('waiting')
          AND hold_is_live(r.payment_status_id, r.expired_at, p_now)
          AND r.checkin_date <= g.day::date AND greatest(r.checkout_date, r.checkin_date + 1) > g.day::date
      ) > greatest(4, (
        SELECT coalesce(sum(i.sellable), 0) * 10 / 100 FROM room_inventory i
        WHERE i.hotel_id = p_hotel_id AND i.date = g.day::date
      ))
  ) THEN
    RETURN jsonb_build_object('outcome', 'hotel_share');
  END IF;
  -- The hours a hold of this room type takes (README.md "Day use"): a block's hours, or for a room type
  -- that sells day use, the hours its stay covers (check-in, rounded down, to check-out, rounded up,
  -- and every hour of the days in between).
  v_from_hour := split_part(v_check_in_time, ':', 1)::int;
  v_until_hour := least(24, split_part(v_check_out_time, ':', 1)::int
    + CASE WHEN coalesce(nullif(split_part(v_check_out_time, ':', 2), ''), '0')::int > 0 THEN 1 ELSE 0 END);
  IF p_block_hours IS NOT NULL THEN
    v_nights := 1;
    v_last := p_check_in;
    SELECT array_agg(p_check_in ORDER BY g.hour), array_agg(g.hour ORDER BY g.hour) INTO v_hour_dates, v_hours
      FROM generate_series(p_start_hour, p_start_hour + p_block_hours - 1) AS g(hour);
  ELSE
    v_nights := p_check_out - p_check_in;
    v_last := p_check_out - 1;
    IF v_sells_day_use THEN
      SELECT array_agg(k.date ORDER BY k.date, k.hour), array_agg(k.hour ORDER BY k.date, k.hour)
        INTO v_hour_dates, v_hours
        FROM (
          SELECT p_check_in + n.i AS date, g.hour FROM generate_series(0, v_nights - 1) AS n(i),
            generate_series(v_from_hour, 23) AS g(hour)
          UNION
          SELECT p_check_in + n.i + 1, g.hour FROM generate_series(0, v_nights - 1) AS n(i),
            generate_series(0, v_until_hour - 1) AS g(hour)
          UNION
          -- Every day between two nights of the stay, whole: the guest keeps the pod through the
          -- hours between check-out and check-in time, which no block may be sold in.
          SELECT p_check_in + n.i, g.hour FROM generate_series(1, v_nights - 1) AS n(i),
            generate_series(0, 23) AS g(hour)
        ) k;
    END IF;
  END IF;
  SELECT EXISTS (SELECT 1 FROM hotel_blackouts c WHERE c.hotel_id = p_hotel_id AND c.date BETWEEN p_check_in AND v_last)
    INTO v_closed;
  IF v_closed THEN
    RETURN jsonb_build_object('outcome', 'sold_out');
  END IF;
  IF p_block_hours IS NULL AND v_hours IS NULL THEN
    -- Nights only: lock them in date order (concurrent multi-night holds queue, never deadlock) and
    -- take each only if it still has the rooms, in one statement. Never check-then-insert.
    WITH locked AS (
      SELECT i.room_type_id, i.date FROM room_inventory i
      WHERE i.room_type_id = p_room_type_id AND i.date BETWEEN p_check_in AND v_last
      ORDER BY i.date FOR UPDATE
    ), taken AS (
      UPDATE room_inventory i SET sold = i.sold + p_rooms
      FROM locked l
      WHERE i.room_type_id = l.room_type_id AND i.date = l.date AND free_web_stock(i.sellable, i.sold, v_stop) >= p_rooms
      RETURNING i.date, i.price, i.fake_price
    )
    SELECT array_agg(t.date ORDER BY t.date), array_agg(t.price ORDER BY t.date), array_agg(t.fake_price ORDER BY t.date)
      INTO v_dates, v_prices, v_fakes
      FROM taken t;
    IF coalesce(cardinality(v_dates), 0) < v_nights THEN
      RAISE EXCEPTION 'sold out' USING ERRCODE = 'BX409';
    END IF;
  ELSE
    IF p_block_hours IS NULL THEN
      -- Nights that also hold hours: lock the nights first (the global order: nights by date, then
      -- hours by date and hour) and count the ones that still have the rooms; once locked, nobody
      -- else changes them until this commits.
      SELECT count(*) FILTER (WHERE free_web_stock(s.sellable, s.sold, v_stop) >= p_rooms)::int INTO v_free
        FROM (
          SELECT i.sold, i.sellable FROM room_inventory i
          WHERE i.room_type_id = p_room_type_id AND i.date BETWEEN p_check_in AND v_last
          ORDER BY i.date FOR UPDATE
        ) s;
      IF v_free < v_nights THEN
        RETURN jsonb_build_object('outcome', 'sold_out');
      END IF;
    END IF;
    v_wanted := cardinality(v_hours);
    -- Missing hour rows are made first (before any night is taken, so a new row counts the nights sold
    -- so far and not this hold twice), from the rooms the covering night has already sold.
    INSERT INTO room_hour_stock (room_type_id, hotel_id, date, hour, sellable, held)
      SELECT p_room_type_id, p_hotel_id, k.date, k.hour, coalesce(d.sellable, 0),
        least(coalesce(d.sellable, 0),
          (CASE WHEN k.hour >= v_from_hour THEN coalesce(d.sold, 0) ELSE 0 END)
          + (CASE WHEN k.hour < v_until_hour THEN coalesce(p.sold, 0) ELSE 0 END)
          -- Between check-out and check-in time, a stay that covers both nights is still in its pod:
          -- at most the fewer of the two nights' sold rooms (an upper bound: never sell one twice).
          + (CASE WHEN k.hour >= v_until_hour AND k.hour < v_from_hour
               THEN least(coalesce(d.sold, 0), coalesce(p.sold, 0)) ELSE 0 END))
      FROM unnest(v_hour_dates, v_hours) AS k(date, hour)
      LEFT JOIN room_inventory d ON d.room_type_id = p_room_type_id AND d.date = k.date
      LEFT JOIN room_inventory p ON p.room_type_id = p_room_type_id AND p.date = k.date - 1
      ORDER BY k.date, k.hour
      ON CONFLICT DO NOTHING;
    -- Lock the hours in (date, hour) order, then take them, each guarded.
    PERFORM 1 FROM room_hour_stock x
      JOIN unnest(v_hour_dates, v_hours) AS k(date, hour)
        ON x.room_type_id = p_room_type_id AND x.date = k.date AND x.hour = k.hour
      ORDER BY x.date, x.hour FOR UPDATE OF x;
    UPDATE room_hour_stock x SET held = x.held + p_rooms
      FROM unnest(v_hour_dates, v_hours) AS k(date, hour)
      WHERE x.room_type_id = p_room_type_id AND x.date = k.date AND x.hour = k.hour
        AND free_web_stock(x.sellable, x.held, v_stop) >= p_rooms;
    GET DIAGNOSTICS v_taken = ROW_COUNT;
    IF v_taken < v_wanted THEN
      RAISE EXCEPTION 'sold out' USING ERRCODE = 'BX409';
    END IF;
    IF p_block_hours IS NOT NULL THEN
      -- A day-use block holds no night: its one line only locks the block price.
      v_dates := ARRAY[p_check_in];
      v_prices := ARRAY[v_block_price];
      v_fakes := ARRAY[v_block_fake];
    ELSE
      -- The nights, locked above, each taken only if it still has the rooms.
      WITH taken AS (
        UPDATE room_inventory i SET sold = i.sold + p_rooms
        WHERE i.room_type_id = p_room_type_id AND i.date BETWEEN p_check_in AND v_last
          AND free_web_stock(i.sellable, i.sold, v_stop) >= p_rooms
        RETURNING i.date, i.price, i.fake_price
      )
      SELECT array_agg(t.date ORDER BY t.date), array_agg(t.price ORDER BY t.date), array_agg(t.fake_price ORDER BY t.date)
        INTO v_dates, v_prices, v_fakes
        FROM taken t;
      IF coalesce(cardinality(v_dates), 0) < v_nights THEN
        RAISE EXCEPTION 'sold out' USING ERRCODE = 'BX409';
      END IF;
    END IF;
  END IF;
  INSERT INTO reservations (order_id, invoice_number, source_id, hotel_id, room_type_id, user_id, total_room,
      checkin_date, checkout_date, created_at, expired_at, updated_at, payment_status_id, promo_code, notes,
      campaign_identifier, campaign_event, channel_source, guest_name, guest_email, guest_phone,
      day_use_start, day_use_end, block_hours)
    VALUES ('BBX-' || v_ymd || '-' || p_order_token, 'INV/' || v_ymd || '/' || p_invoice_token, 1, p_hotel_id,
      p_room_type_id, p_user_id, p_rooms, p_check_in, p_check_out, p_now, p_expired_at, p_now, payment_status('waiting'), p_promo_code,
      p_notes, p_campaign_identifier, p_campaign_event, p_channel_source, v_user_name, v_user_email, v_user_phone,
      p_day_use_start, p_day_use_end, p_block_hours)
    RETURNING id, order_id INTO v_id, v_order_id;
  INSERT INTO reservation_nights (reservation_id, date, room_type_id, rooms, price, fake_price)
    SELECT v_id, k.date, p_room_type_id, CASE WHEN p_block_hours IS NULL THEN p_rooms ELSE 0 END, k.price, k.fake
    FROM unnest(v_dates, v_prices, v_fakes) AS k(date, price, fake);
  IF v_wanted > 0 THEN
    INSERT INTO reservation_hours (reservation_id, room_type_id, date, hour, rooms)
      SELECT v_id, p_room_type_id, k.date, k.hour, p_rooms FROM unnest(v_hour_dates, v_hours) AS k(date, hour);
  END IF;
  v_held := jsonb_build_object(
    'outcome', 'held', 'id', v_id, 'order_id', v_order_id, 'hotel_name', v_hotel_name, 'time_zone', v_time_zone,
    'user_name', v_user_name, 'user_email', v_user_email, 'user_phone', v_user_phone,
    'dates', v_dates, 'prices', v_prices, 'fake_prices', v_fakes);
  -- The key and what its answer is made of, in the same statement as the hold: it exists exactly when
  -- the hold does. A duplicate that got this far waited on the first one's key and finds it taken:
  -- BX412 rolls its hold back, and the API answers it with the first one's.
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, scope, key, request_hash, status, body, created_at, expires_at)
      VALUES (p_user_id, 'reservations.create', p_idem_key, p_idem_hash, 201,
        jsonb_build_object('answer', v_held, 'context', p_idem_context), p_now, p_now + interval '24 hours')
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency key taken' USING ERRCODE = 'BX412';
    END IF;
  END IF;
  RETURN v_held;
END $$;
