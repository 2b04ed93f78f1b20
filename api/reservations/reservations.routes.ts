import { shareStay } from './stay-guests.ts';
import type { ReservationRow } from './reservations.service.ts';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { requireUser } from '../auth/middleware.ts';
import {
  CreateReservationInput,
  ReservationIdInput,
  ReservationListQuery,
  ReservationUpdateBody,
} from '../../core/contracts/booking.ts';
import { userIdOf } from '../http/context.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput, readBody } from '../http/input.ts';
import { stockChanged } from '../availability/stock-cache.ts';
import { countReservations } from './reservation-count.ts';
import {
  cancelReservation,
  createReservationOnce,
  listReservations,
  reservationDetail,
  updateRate,
  updateReservation,
} from './reservations.service.ts';
import { nowOf } from '../platform/clock.ts';
import { documented } from '../http/contract.ts';
import { idempotencyKeyOf, requestHashOf } from '../http/idempotency.ts';
import {
  ReservationCancelledSchema,
  ReservationCreatedSchema,
  ReservationDetailSchema,
  ReservationListSchema,
} from '../../core/contracts/responses.ts';
import { ReservationCountSchema } from '../../core/contracts/account.ts';

/** Body (form or JSON) merged over the query string, for calls whose method the spec leaves open. */
async function params(c: Context) {
  const body = c.req.method === 'GET' ? {} : await readBody(c);
  return { ...c.req.query(), ...body };
}

export function reservationRoutes(deps: AppDeps) {
  const app = new Hono();
  const ctx = (c: Context) => ({ now: nowOf(deps), userId: userIdOf(c), lang: requestLang(c) });
  app.use('/clients/v1/reservations/*', requireUser(deps));
  app.use('/clients/v1/update-rate', requireUser(deps));

  app.post(
    '/clients/v1/reservations/create',
    documented({
      response: ReservationCreatedSchema,
      summary: 'Create a reservation holding every night (REST twin of HotelCreateReservation)',
      auth: 'user',
      ok: 201,
      body: CreateReservationInput,
      tag: 'reservations',
      idempotent: true,
    }),
    async (c) => {
      const key = idempotencyKeyOf(c);
      const b = parseInput(CreateReservationInput, await readBody(c));
      // With an Idempotency-Key, a retry of this request gets the first answer (api/http/idempotency.ts):
      // the key is taken in the hold's own statement (reservation_hold).
      const answer = await createReservationOnce(
        deps.database.db,
        {
          hotelId: b.hotel_id,
          roomTypeId: b.room_type_id,
          checkIn: b.check_in_date_time,
          checkOut: b.check_out_date_time,
          totalRoom: b.total_room,
          promoCode: b.promo_code,
          notes: b.notes,
          campaign: {
            identifier: b.campaign_identifier || null,
            event: b.campaign_event || null,
            channelSource: b.channel_source || null,
          },
          dayUse:
            b.start_hour !== undefined || b.block_hours !== undefined
              ? { startHour: b.start_hour, blockHours: b.block_hours }
              : undefined,
        },
        {
          ...ctx(c),
          holdMinutes: deps.env.RESERVATION_HOLD_MINUTES,
          idempotency: key === undefined ? undefined : { key, hash: requestHashOf(b) },
        },
      );
      // Test-only (TEST_CRASH_AFTER_COMMIT, refused in production): die with the answer unsent.
      if (deps.env.TEST_CRASH_AFTER_COMMIT && c.req.header('x-test-crash-after-commit') === '1') {
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => undefined);
      }
      // Read-your-writes on this node: its next availability or search read of the hotel is fresh.
      stockChanged(deps.database.db, b.hotel_id);
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json({ data: answer.body }, 201);
    },
  );
  app.get(
    '/clients/v1/reservations/list',
    documented({
      response: ReservationListSchema,
      summary: "The user's reservations, by payment status",
      auth: 'user',
      query: ReservationListQuery,
      tag: 'reservations',
    }),
    async (c) => {
      const q = parseInput(ReservationListQuery, c.req.query());
      return c.json({ data: await listReservations(deps.database.db, { ...ctx(c), status: q.paymentStatus }) });
    },
  );
  // The order badge: one count (paymentStatus=1 counts unpaid holds still inside their payment window).
  app.get(
    '/clients/v1/reservations/count',
    documented({
      response: ReservationCountSchema,
      summary: "How many of the user's reservations are in a payment status (1: unpaid and unexpired, the order badge)",
      auth: 'user',
      query: ReservationListQuery,
      tag: 'reservations',
    }),
    async (c) => {
      const q = parseInput(ReservationListQuery, c.req.query());
      return c.json({ data: await countReservations(deps.database.db, { ...ctx(c), status: q.paymentStatus }) });
    },
  );
  app.get(
    '/clients/v1/reservations/view',
    documented({
      response: ReservationDetailSchema,
      summary: 'Reservation detail',
      auth: 'user',
      query: ReservationIdInput,
      tag: 'reservations',
    }),
    async (c) => {
      const q = parseInput(ReservationIdInput, c.req.query());
      return c.json({ data: await reservationDetail(deps.database.db, q.reservationId, ctx(c)) });
    },
  );
  const cancel = async (c: Context) => {
    const q = parseInput(ReservationIdInput, await params(c));
    const data = await cancelReservation(deps.database.db, q.reservationId, ctx(c));
    stockChanged(deps.database.db, '*');
    return c.json({ data });
  };
  app.post(
    '/clients/v1/reservations/cancel',
    documented({
      response: ReservationCancelledSchema,
      summary: 'Cancel a reservation waiting for payment',
      auth: 'user',
      body: ReservationIdInput,
      tag: 'reservations',
    }),
    cancel,
  );
  app.put(
    '/clients/v1/reservations/cancel',
    documented({
      response: ReservationCancelledSchema,
      summary: 'Cancel a reservation waiting for payment',
      auth: 'user',
      body: ReservationIdInput,
      tag: 'reservations',
    }),
    cancel,
  );
  app.put(
    '/clients/v1/reservations/update',
    documented({
      response: ReservationDetailSchema,
      summary: 'Set promo, gift certificate, add-ons and payment channel; returns the recomputed detail',
      auth: 'user',
      body: ReservationUpdateBody,
      tag: 'reservations',
    }),
    async (c) => {
      const b = parseInput(ReservationUpdateBody, await readBody(c));
      const at = ctx(c);
      // secondaryGuests: the list of people invited to the stay (invitations, never accounts looked up).
      const share = (r: ReservationRow) =>
        shareStay(deps, r, b.secondaryGuests ?? [], {
          lang: at.lang,
          now: at.now,
          replace: true,
          field: 'secondaryGuests',
        });
      return c.json({ data: await updateReservation(deps.database.db, b, at, share) });
    },
  );
  const rate = async (c: Context) => {
    const q = parseInput(ReservationIdInput, await params(c));
    return c.json({ data: await updateRate(deps.database.db, q.reservationId, ctx(c)) });
  };
  app.post(
    '/clients/v1/update-rate',
    documented({
      response: ReservationDetailSchema,
      summary: "Refresh a waiting reservation's nightly rates",
      auth: 'user',
      body: ReservationIdInput,
      tag: 'reservations',
    }),
    rate,
  );
  app.put(
    '/clients/v1/update-rate',
    documented({
      response: ReservationDetailSchema,
      summary: "Refresh a waiting reservation's nightly rates",
      auth: 'user',
      body: ReservationIdInput,
      tag: 'reservations',
    }),
    rate,
  );
  return app;
}
