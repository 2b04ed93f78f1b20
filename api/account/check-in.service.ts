import { and, eq, sql } from 'drizzle-orm';
import { users } from '../auth/auth.schema.ts';
import type { Db } from '../platform/database.ts';
import { hotels } from '../hotels/hotels.schema.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { isOnStay } from '../reservations/stay-guests.ts';
import { LIVENESS_MAX_RETRIES } from '../../core/contracts/account.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import { stayCheckinAttempts, stayCheckins } from './account.schema.ts';
import { stayWindow } from './account-lists.ts';

// Self check-in (spec section 4; issue 27, item 2): the app does the face verification and reports
// each attempt here. Whoever checks in, the booker or a guest the stay was shared with, does so for
// themselves: with their own account, their own verified ID, inside the window (an hour before
// check-in time until check-out), and after LIVENESS_MAX_RETRIES failed face verifications they must
// go to the host. Every attempt is recorded (stay_checkin_attempts), refused ones too; the count and
// the check-in are per stay and person (stay_checkins), changed under the row's lock so two devices
// reporting at once count twice, never lose one.

export const checkInErrors = {
  notYours: () => new ApiError(404, 'stay_not_found', msg('checkIn.notYours')),
  closed: () => new ApiError(409, 'check_in_closed', msg('checkIn.closed')),
  identity: () => new ApiError(409, 'identity_not_verified', msg('checkIn.identity')),
  done: () => new ApiError(409, 'already_checked_in', msg('checkIn.done')),
  contactHost: () => new ApiError(409, 'contact_host', msg('checkIn.contactHost')),
};

export type CheckInResult = {
  checkedIn: boolean;
  livenessCountRetry: number;
  maxLivenessRetries: number;
  contactHost: boolean;
};

export async function recordCheckInAttempt(
  db: Db,
  input: { reservationId: number; userId: number; faceVerified: boolean },
  now: Date,
): Promise<CheckInResult> {
  const { reservationId, userId } = input;
  if (!(await isOnStay(db, reservationId, userId))) throw checkInErrors.notYours();
  const refuse = async (error: ApiError) => {
    await db.insert(stayCheckinAttempts).values({ reservationId, userId, outcome: 'refused', at: now });
    throw error;
  };
  const [found] = await db
    .select({ r: reservations, h: hotels, identity: users.identityStatus })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
    .innerJoin(users, eq(users.id, sql`${userId}`))
    .where(eq(reservations.id, reservationId))
    .limit(1);
  if (!found || found.r.paymentStatusId !== PaymentStatus.paid) return refuse(checkInErrors.notYours());
  const window = stayWindow(found.r, found.h);
  if (now < window.opensAt || now >= window.checkOutAt) return refuse(checkInErrors.closed());
  if (found.identity !== 'verified') return refuse(checkInErrors.identity());

  const outcome = await db.transaction(async (tx) => {
    await tx.insert(stayCheckins).values({ reservationId, userId, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(stayCheckins)
      .where(and(eq(stayCheckins.reservationId, reservationId), eq(stayCheckins.userId, userId)))
      .for('update');
    if (row!.checkedInAt) return { error: checkInErrors.done() };
    if (row!.livenessCountRetry >= LIVENESS_MAX_RETRIES) return { error: checkInErrors.contactHost() };
    const retries = input.faceVerified ? row!.livenessCountRetry : row!.livenessCountRetry + 1;
    await tx
      .update(stayCheckins)
      .set({ livenessCountRetry: retries, checkedInAt: input.faceVerified ? now : null, updatedAt: now })
      .where(and(eq(stayCheckins.reservationId, reservationId), eq(stayCheckins.userId, userId)));
    await tx
      .insert(stayCheckinAttempts)
      .values({ reservationId, userId, outcome: input.faceVerified ? 'passed' : 'failed', at: now });
    return {
      result: {
        checkedIn: input.faceVerified,
        livenessCountRetry: retries,
        maxLivenessRetries: LIVENESS_MAX_RETRIES,
        contactHost: retries >= LIVENESS_MAX_RETRIES,
      },
    };
  });
  if ('error' in outcome) return refuse(outcome.error!);
  return outcome.result;
}
