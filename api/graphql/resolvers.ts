import { GraphQLError } from 'graphql';
import * as v from 'valibot';
import { idempotentOutside, requestHashOf } from '../http/idempotency.ts';
import type { AppDeps } from '../platform/deps.ts';
import { activeAncillaryPackages } from '../ancillary/ancillary.service.ts';
import type { AuthContext } from '../auth/middleware.ts';
import { roomAvailability, roomAvailabilityMaxDuration } from '../availability/availability.service.ts';
import {
  AncillaryListInput,
  CreateReservationInput,
  HotelsQuery,
  MaxDurationInput,
  PromotionInfoInput,
  PublicPromoQuery,
  ReservationDetailInput,
  ReservationSearchInput,
  RoomAvailabilityInput,
  StayListInput,
  VoucherListInput,
  VoucherSearchInput,
} from '../../core/contracts/booking.ts';
import { listHotels } from '../hotels/hotels.service.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError, errors } from '../http/errors.ts';
import { parseInput } from '../http/input.ts';
import { listPaymentChannels } from '../pricing/channels.service.ts';
import { PaymentChargeInput, PaymentReservationInput } from '../../core/contracts/payment.ts';
import { createCharge } from '../payments/charge.service.ts';
import { paymentStatus } from '../payments/charge.status.ts';
import { pointsSummary } from '../points/points.service.ts';
import { listPublicPromos } from '../promotions/promotions.service.ts';
import {
  promotionInfoDetail,
  reservationVoucherList,
  reservationVoucherSearch,
} from '../reservations/vouchers.service.ts';
import { hotelStayHistoryList, hotelStayList } from '../account/account-lists.ts';
import { createReservationOnce, reservationDetail } from '../reservations/reservations.service.ts';
import { stayPassSecret } from '../platform/env.ts';
import { searchRooms } from '../search/search.service.ts';
import { stockChanged } from '../availability/stock-cache.ts';
import { getUser, profileOf } from '../profile/auth.service.ts';
import { jakartaToday } from '../../core/dates.ts';
import { nowOf } from '../platform/clock.ts';

export type GraphQLContext = {
  deps: AppDeps;
  lang: ApiLang;
  auth: AuthContext | null;
  /** The request's Idempotency-Key header (api/http/idempotency.ts), for the mutations that create. */
  idempotencyKey?: string;
};

/** A client mistake as a GraphQL error: message in the request language, code and status in extensions. */
export function toGraphQLError(e: ApiError, lang: ApiLang) {
  return new GraphQLError(e.messages[lang], {
    extensions: {
      code: e.code,
      status: e.status,
      messages: e.messages,
      ...(e.details === undefined ? {} : { details: e.details }),
      ...(e.status === 401 ? { http: { status: 401 } } : {}),
    },
  });
}

type Resolver = (input: unknown, ctx: GraphQLContext) => Promise<unknown>;
const wrap = (fn: Resolver) => async (_: unknown, args: { input?: unknown }, ctx: GraphQLContext) => {
  try {
    return await fn(args.input ?? {}, ctx);
  } catch (e) {
    if (e instanceof ApiError) throw toGraphQLError(e, ctx.lang);
    throw e;
  }
};
const userOf = (ctx: GraphQLContext) => {
  if (!ctx.auth || ctx.auth.kind !== 'user') throw errors.unauthorized();
  return ctx.auth.userId;
};
const parse = <S extends v.GenericSchema>(s: S, input: unknown) => parseInput(s, input);

export const resolvers = {
  Query: {
    ReservationSearch: wrap(async (input, ctx) => {
      const i = parse(ReservationSearchInput, input);
      return searchRooms(
        ctx.deps.database.db,
        {
          hotelId: i.hotel_id,
          checkIn: i.check_in_date_time,
          checkOut: i.check_out_date_time,
          isUsedGiftCertificate: i.is_used_gc,
          promoCode: i.promo_code ?? '',
        },
        { now: nowOf(ctx.deps), lang: ctx.lang, userId: ctx.auth?.kind === 'user' ? ctx.auth.userId : undefined },
      );
    }),
    RoomAvailability: wrap(async (input, ctx) => {
      const i = parse(RoomAvailabilityInput, input);
      return roomAvailability(
        ctx.deps.database.db,
        { hotelId: i.hotel_id, dateStart: i.date_start, dateEnd: i.date_end },
        nowOf(ctx.deps),
      );
    }),
    RoomAvailabilityMaxDuration: wrap(async (input, ctx) => {
      const i = parse(MaxDurationInput, input);
      return roomAvailabilityMaxDuration(
        ctx.deps.database.db,
        { hotelId: i.hotel_id, dateStart: i.date_start },
        nowOf(ctx.deps),
      );
    }),
    ActiveAncillaryPackageList: wrap(async (input, ctx) => {
      const i = parse(AncillaryListInput, input);
      return activeAncillaryPackages(
        ctx.deps.database.db,
        { typeCode: i.ancillary_type_code, hotelIds: i.hotel_ids ?? [], roomTypeIds: i.room_type_ids ?? [] },
        ctx.lang,
      );
    }),
    ReservationDetail: wrap(async (input, ctx) => {
      const i = parse(ReservationDetailInput, input);
      return reservationDetail(ctx.deps.database.db, i.reservation_id, {
        now: nowOf(ctx.deps),
        userId: userOf(ctx),
        lang: ctx.lang,
      });
    }),
    PromotionInfoDetail: wrap(async (input, ctx) => {
      const i = parse(PromotionInfoInput, input);
      return promotionInfoDetail(ctx.deps.database.db, i.promo_code, {
        now: nowOf(ctx.deps),
        lang: ctx.lang,
        reservationId: i.reservation_id,
        userId: ctx.auth?.kind === 'user' ? ctx.auth.userId : undefined,
      });
    }),
    // The account area's lists (api/account/account-lists.ts): the same stays as REST's My stay
    // and history, decided by one rule, with the signed stay pass as the QR code.
    HotelStayList: wrap(async (input, ctx) => {
      const i = parse(StayListInput, input);
      return hotelStayList(ctx.deps.database.db, {
        now: nowOf(ctx.deps),
        userId: userOf(ctx),
        lang: ctx.lang,
        stayPassSecret: stayPassSecret(ctx.deps.env),
        siteUrl: ctx.deps.env.SITE_URL,
        stayStatus: i.stay_status,
      });
    }),
    HotelStayHistoryList: wrap(async (input, ctx) => {
      const i = parse(StayListInput, input);
      return hotelStayHistoryList(ctx.deps.database.db, {
        now: nowOf(ctx.deps),
        userId: userOf(ctx),
        lang: ctx.lang,
        stayPassSecret: stayPassSecret(ctx.deps.env),
        stayStatus: i.stay_status,
      });
    }),
    UserProfile: wrap(async (_input, ctx) => {
      const u = await getUser(ctx.deps, userOf(ctx));
      if (!u) throw errors.unauthorized();
      return profileOf(ctx.deps, u);
    }),
    Promotions: wrap(async (input, ctx) => {
      const i = parse(
        v.object({
          hotel_id: v.optional(v.nullable(v.number())),
          check_in_date: v.optional(v.nullable(v.string())),
          check_out_date: v.optional(v.nullable(v.string())),
          size: v.optional(v.nullable(v.number())),
        }),
        input,
      );
      const q = parse(PublicPromoQuery, {
        hotelId: i.hotel_id ?? undefined,
        checkInDate: i.check_in_date ?? undefined,
        checkOutDate: i.check_out_date ?? undefined,
        size: i.size ?? undefined,
      });
      return listPublicPromos(ctx.deps.database.db, q, jakartaToday(nowOf(ctx.deps)), ctx.lang);
    }),
    ReservationRoomVoucherList: wrap(async (input, ctx) => {
      const i = parse(VoucherListInput, input);
      return reservationVoucherList(ctx.deps.database.db, i.reservation_id, {
        now: nowOf(ctx.deps),
        userId: userOf(ctx),
        lang: ctx.lang,
      });
    }),
    ReservationRoomVoucherSearch: wrap(async (input, ctx) => {
      const i = parse(VoucherSearchInput, input);
      return reservationVoucherSearch(ctx.deps.database.db, i.reservation_id, i.promo_code, {
        now: nowOf(ctx.deps),
        userId: userOf(ctx),
        lang: ctx.lang,
      });
    }),
    PaymentChannels: wrap(async (_input, ctx) => listPaymentChannels(ctx.deps.database.db, ctx.lang)),
    PaymentPending: wrap(async (input, ctx) => {
      const i = parse(PaymentReservationInput, input);
      return paymentStatus(ctx.deps, i.reservation_id, { userId: userOf(ctx), lang: ctx.lang });
    }),
    Bobopoints: wrap(async (_input, ctx) =>
      pointsSummary(ctx.deps.database.db, userOf(ctx), { now: nowOf(ctx.deps), lang: ctx.lang }),
    ),
    Hotels: wrap(async (input, ctx) => {
      const i = parse(HotelsQuery, { hotelTypeId: (input as { hotel_type_id?: number }).hotel_type_id ?? -1 });
      return listHotels(ctx.deps.database.db, i.hotelTypeId, ctx.lang);
    }),
  },
  Mutation: {
    HotelCreateReservation: wrap(async (input, ctx) => {
      const i = parse(CreateReservationInput, input);
      const userId = userOf(ctx);
      const now = nowOf(ctx.deps);
      // With an Idempotency-Key header, a retried request gets the first reservation back.
      const answer = await createReservationOnce(
        ctx.deps.database.db,
        {
          hotelId: i.hotel_id,
          roomTypeId: i.room_type_id,
          checkIn: i.check_in_date_time,
          checkOut: i.check_out_date_time,
          totalRoom: i.total_room,
          promoCode: i.promo_code,
          notes: i.notes,
          // The same campaign fields as the REST create: the funnel keys reservations by them.
          campaign: {
            identifier: i.campaign_identifier || null,
            event: i.campaign_event || null,
            channelSource: i.channel_source || null,
          },
        },
        {
          now,
          userId,
          holdMinutes: ctx.deps.env.RESERVATION_HOLD_MINUTES,
          idempotency:
            ctx.idempotencyKey === undefined ? undefined : { key: ctx.idempotencyKey, hash: requestHashOf(i) },
        },
      );
      // Read-your-writes on this node: its next availability or search read of the hotel is fresh.
      stockChanged(ctx.deps.database.db, i.hotel_id);
      return answer.body;
    }),
    PaymentCharge: wrap(async (input, ctx) => {
      const i = parse(PaymentChargeInput, input);
      const userId = userOf(ctx);
      const charge = () =>
        createCharge(
          ctx.deps,
          {
            reservationId: i.reservation_id,
            channelCode: i.payment_channel_code,
            termsAccepted: i.terms_accepted,
            tokenId: i.token_id,
            phone: i.phone,
            cashtag: i.cashtag,
          },
          { userId, lang: ctx.lang },
        );
      // With an Idempotency-Key header, a retried request gets the first attempt's answer.
      const answer = await idempotentOutside(
        ctx.deps.database.db,
        { userId, scope: 'graphql.PaymentCharge', key: ctx.idempotencyKey, request: i, now: nowOf(ctx.deps) },
        async () => ({ status: 200, body: await charge() }),
      );
      return answer.body as Awaited<ReturnType<typeof charge>>;
    }),
  },
};
