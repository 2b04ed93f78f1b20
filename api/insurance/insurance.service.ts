import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { rows } from '../db/query.ts';
import { hotels } from '../hotels/hotels.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { priceReservation } from '../reservations/reservations.service.ts';
import { INSURANCE_COVER } from '../pricing/pricing.constants.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import { logger } from '../observability/logger.ts';
import { insurancePolicies } from '../reservations/insurance-policies.schema.ts';
import type { Insurer, PolicyAnswer } from './insurer.ts';

const log = logger('insurance');

// The policies of paid stays with the insurance add-on (issue 27, item 8), kept in step with the
// insurer by the `insurance.sync` job (api/jobs.ts): a paid stay gets a `pending` row; the job asks the
// insurer for it (requested, or at once issued or failed), then asks where it is until it is issued or
// failed. A call that fails (the insurer down, a bad answer) is tried again later, backing off; nothing
// is shown to the guest but what the insurer said. Each row is taken by one node at a time: the job
// moves its next check forward (a lease) in the same statement that picks it.

/** How long a node holds a row it is asking about (another node takes it after). */
const LEASE_SECONDS = 60;
/** When a requested policy is asked about again, and the longest wait between tries after failures. */
const CHECK_AGAIN_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 3600;
const BATCH = 50;

export type InsuranceDeps = Pick<AppDeps, 'database' | 'insurer'>;

/** One pass: new paid stays get a row, due rows are asked about. Returns how many rows it asked. */
export async function syncPolicies(deps: InsuranceDeps, now: Date, opts: { userId?: number } = {}): Promise<number> {
  const insurer = deps.insurer;
  if (!insurer) return 0;
  const db = deps.database.db;
  await rows(
    db,
    sql`insert into insurance_policies (reservation_id, insurer, status, next_check_at, created_at, updated_at)
        select r.id, ${insurer.kind}, 'pending', ${now.toISOString()}::timestamptz,
               ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from reservations r
        where r.is_use_addon and r.payment_status_id = ${PaymentStatus.paid}
          and not exists (select 1 from insurance_policies p where p.reservation_id = r.id)
          ${opts.userId === undefined ? sql`` : sql`and r.user_id = ${opts.userId}`}
        limit ${BATCH * 4}
        on conflict (reservation_id) do nothing
        returning reservation_id`,
  );
  const taken = await rows<{ reservation_id: number; status: string; attempts: number }>(
    db,
    sql`update insurance_policies set next_check_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
        where reservation_id in (
          select reservation_id from insurance_policies
          where status in ('pending', 'requested') and next_check_at <= ${now.toISOString()}::timestamptz
          ${opts.userId === undefined ? sql`` : sql`and reservation_id in (select id from reservations where user_id = ${opts.userId})`}
          order by next_check_at limit ${BATCH} for update skip locked)
        returning reservation_id, status, attempts`,
  );
  for (const row of taken) await askInsurer(deps, insurer, row, now);
  return taken.length;
}

async function askInsurer(
  deps: InsuranceDeps,
  insurer: Insurer,
  row: { reservation_id: number; status: string; attempts: number },
  now: Date,
): Promise<void> {
  const db = deps.database.db;
  const [r] = await db.select().from(reservations).where(eq(reservations.id, row.reservation_id)).limit(1);
  if (!r) return;
  let answer: PolicyAnswer | null;
  try {
    if (row.status === 'pending') {
      const [hotel] = await db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, r.hotelId)).limit(1);
      const { price } = await priceReservation(db, r, { ignorePromoErrors: true });
      answer = await insurer.request({
        reference: r.orderId,
        insured: { name: r.guestName, email: r.guestEmail, phone: r.guestPhone },
        coverAmount: INSURANCE_COVER,
        premium: price.insurance,
        startsOn: r.checkinDate,
        endsOn: r.checkoutDate,
        hotel: hotel?.name ?? '',
      });
    } else {
      // Asked before: the insurer tells where it is; one that forgot the reference is asked again.
      answer = await insurer.status(r.orderId);
      if (!answer) {
        await db
          .update(insurancePolicies)
          .set({ status: 'pending', updatedAt: now, nextCheckAt: now })
          .where(eq(insurancePolicies.reservationId, r.id));
        return;
      }
    }
  } catch (error) {
    const attempts = row.attempts + 1;
    const wait = Math.min(MAX_BACKOFF_SECONDS, CHECK_AGAIN_SECONDS * 2 ** Math.min(attempts, 10));
    log.warn({ err: error, reservationId: r.id, attempts }, 'the insurer did not answer; trying again later');
    await db
      .update(insurancePolicies)
      .set({ attempts, updatedAt: now, nextCheckAt: new Date(now.getTime() + wait * 1000) })
      .where(eq(insurancePolicies.reservationId, r.id));
    return;
  }
  await db
    .update(insurancePolicies)
    .set({
      status: answer.status,
      policyNumber: answer.policyNumber,
      failureReason: answer.reason,
      attempts: 0,
      updatedAt: now,
      nextCheckAt: new Date(now.getTime() + CHECK_AGAIN_SECONDS * 1000),
    })
    .where(and(eq(insurancePolicies.reservationId, r.id), inArray(insurancePolicies.status, ['pending', 'requested'])));
}
