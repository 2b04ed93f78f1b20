import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../auth/auth.schema.ts';
import type { Db } from '../platform/database.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { ApiError } from '../http/errors.ts';
import { reservations, stayShares } from '../reservations/reservations.schema.ts';
import { stayWindow } from './account-lists.ts';
import { readStayPass } from './stay-pass.ts';
import { accountApiEn } from '../../core/i18n/account-en.ts';
import { accountApiId } from '../../core/i18n/account-id.ts';
import { zoneLabel } from '../../core/money.ts';
import { PaymentStatus } from '../../core/payment-status.ts';

type Key = keyof typeof accountApiEn;
const say = (key: Key) => ({ en: accountApiEn[key], id: accountApiId[key] });

export const stayPassErrors = {
  /** Malformed, changed, or signed with another key: nothing about it can be trusted. */
  invalid: () => new ApiError(400, 'stay_pass_invalid', say('stayPassInvalid')),
  unknown: () => new ApiError(404, 'stay_pass_unknown', say('stayPassUnknown')),
  otherHotel: () => new ApiError(404, 'stay_pass_other_hotel', say('stayPassOtherHotel')),
  notPaid: () => new ApiError(409, 'stay_pass_not_paid', say('stayPassNotPaid')),
  ended: () => new ApiError(409, 'stay_pass_ended', say('stayPassEnded')),
  /** A guest's pass whose share the booker revoked, or the guest left. */
  withdrawn: () => new ApiError(409, 'stay_pass_withdrawn', say('stayPassWithdrawn')),
  hostOnly: () => new ApiError(403, 'host_only', say('hostOnly')),
};

/**
 * A host scans a stay pass: the token must be one this server signed, name a reservation that exists
 * with that very order id, still be paid and not checked out; with `hotelId`, be for that hotel.
 * Answers who is staying where and when, so the host can compare it with the guest's ID.
 */
export async function verifyStayPass(
  db: Db,
  input: { token: string; hotelId?: number },
  ctx: { now: Date; secret: string },
) {
  const claims = readStayPass(ctx.secret, input.token);
  if (!claims) throw stayPassErrors.invalid();
  const [found] = await db
    .select({ r: reservations, h: hotels, roomName: roomTypes.name })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
    .innerJoin(roomTypes, eq(roomTypes.id, reservations.roomTypeId))
    .where(eq(reservations.id, claims.reservationId))
    .limit(1);
  if (!found || found.r.orderId !== claims.orderId) throw stayPassErrors.unknown();
  const { r, h, roomName } = found;
  if (input.hotelId !== undefined && input.hotelId !== h.id) throw stayPassErrors.otherHotel();
  if (r.paymentStatusId !== PaymentStatus.paid) throw stayPassErrors.notPaid();
  const window = stayWindow(r, h);
  if (window.checkOutAt <= ctx.now || claims.expiresAt * 1000 <= ctx.now.getTime()) throw stayPassErrors.ended();
  // A shared stay's guest pass: valid while the share is accepted; it names that guest.
  let guestName = r.guestName;
  if (claims.shareId !== undefined) {
    const [share] = await db
      .select({ name: users.name })
      .from(stayShares)
      .innerJoin(users, eq(users.id, stayShares.guestUserId))
      .where(
        and(
          eq(stayShares.id, claims.shareId),
          eq(stayShares.reservationId, r.id),
          eq(stayShares.status, 'accepted'),
          isNull(users.deactivatedAt),
        ),
      )
      .limit(1);
    if (!share) throw stayPassErrors.withdrawn();
    guestName = share.name;
  }
  return {
    valid: true as const,
    reservationId: r.id,
    orderId: r.orderId,
    guestName,
    hotel: { id: h.id, name: h.name, timeZoneLabel: zoneLabel(h.timeZone) },
    checkInDate: r.checkinDate,
    checkInTime: h.checkInTime,
    checkOutDate: r.checkoutDate,
    checkOutTime: h.checkOutTime,
    pods: r.totalRoom,
    roomTypeName: roomName,
    stayStatus: window.checkInAt <= ctx.now ? ('staying' as const) : ('upcoming' as const),
  };
}
