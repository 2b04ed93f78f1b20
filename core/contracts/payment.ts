import * as v from 'valibot';
import { BoolLike, PositiveInt } from './common.ts';

// Inputs of the payment calls, shared by the REST routes, the GraphQL resolvers and the islands.

export const PaymentChargeInput = v.object({
  reservation_id: PositiveInt,
  payment_channel_code: v.pipe(v.string(), v.trim(), v.maxLength(40), v.regex(/^[a-z0-9_]+$/)),
  /** The terms checkbox: required before paying (spec section 5). */
  terms_accepted: v.optional(BoolLike, false),
  /** Card token from the gateway's browser-side tokenisation: the card number never comes here. */
  token_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  /** E-wallet phone (OVO, DANA, LinkAja), typed as 08xxxxxxxxx. */
  phone: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(20)))),
  /** Jenius $Cashtag. */
  cashtag: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(24)))),
});
export type PaymentChargeInput = v.InferOutput<typeof PaymentChargeInput>;

export const PaymentReservationInput = v.object({ reservation_id: PositiveInt });

/** Points: multiples of 5,000, at most 100,000 per booking (spec sections 5 and 9). */
export const POINTS_STEP = 5_000;
export const POINTS_MAX_PER_BOOKING = 100_000;
/** Points a paid stay earns at check-out when it redeemed none (spec section 5). */
export const POINTS_EARNED_PER_CHECKOUT = 15_000;
