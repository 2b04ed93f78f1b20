import { PaymentStatus } from '../../core/payment-status.ts';
import type { Db } from '../platform/database.ts';
import { releaseDueBatch, releaseHold } from './release-hold.ts';
import { stockChanged } from '../availability/stock-cache.ts';

// Hold expiry (issue 18): an unpaid hold whose payment window is over gives its nights and hours
// back. That is the job `holds.expire` (api/jobs/booking-jobs.ts), every second on one node of the deployment,
// never a guest's request: the job takes the due holds by the expiry index in bounded batches
// (releaseDueBatch). Until the job has flipped a lapsed hold (a second or two), the reads that must
// not show it as held count it as expired by its time: `holdAsOf` below for a reservation read, the
// `expired_at > now` condition in the badge count, the lists and every write that needs a live hold.

/** Holds released per statement: short row locks, so a guest's hold never queues behind a long sweep. */
export const EXPIRY_BATCH = 200;

/**
 * The job: release every hold due at `now`, batch after batch (each its own statement and
 * transaction), until a batch comes back short or the time budget is spent (the next run, a second
 * later, goes on). Safe to run on several nodes at once: SKIP LOCKED gives each batch different holds
 * and the status guard releases each hold exactly once. Returns how many holds it released.
 */
export async function expireDueHolds(
  db: Db,
  now: Date,
  opts: { batch?: number; budgetMs?: number } = {},
): Promise<number> {
  const limit = opts.batch ?? EXPIRY_BATCH;
  const deadline = Date.now() + (opts.budgetMs ?? 10_000);
  let total = 0;
  for (;;) {
    const n = await releaseDueBatch(db, { now, to: PaymentStatus.expired, limit });
    // No local invalidation here: a release only gives rooms back, so until the commit's notification
    // reaches this node's stock cache (as it reaches every other node) a read can only show fewer rooms,
    // never a sold one; clearing the whole cache every second of steady expiry would empty it for nothing.
    total += n;
    if (n < limit || Date.now() >= deadline) return total;
  }
}

/**
 * One reservation's lapsed hold released now (its nights and hours back), for the payment paths
 * (api/payments) that must see a hold that ran out as expired before they charge or confirm it:
 * by its primary key, never a sweep. Returns 1 when it released the hold, 0 otherwise.
 */
export async function expireIfLapsed(db: Db, reservationId: number, now: Date): Promise<number> {
  const n = await releaseHold(db, {
    id: reservationId,
    from: [PaymentStatus.waiting],
    to: PaymentStatus.expired,
    windowOver: true,
    now,
  });
  if (n > 0) stockChanged(db, '*');
  return n;
}

/**
 * A reservation as of `now`: a waiting hold whose payment window is over reads as expired even before
 * the job has flipped it (a second or two at most), so no answer shows a hold the guest can no
 * longer pay as waiting.
 */
export function holdAsOf<T extends { paymentStatusId: number; expiredAt: Date }>(r: T, now: Date): T {
  return r.paymentStatusId === PaymentStatus.waiting && r.expiredAt.getTime() <= now.getTime()
    ? { ...r, paymentStatusId: PaymentStatus.expired }
    : r;
}

/**
 * Release one guest's own lapsed holds (at most three: the unpaid cap), by the guest's index, so the
 * database's unpaid cap (0004_holds_cap.sql), which counts waiting rows, agrees with a count by time
 * when the guest books again before the job ran. Not a sweep: only this guest's rows.
 */
export async function releaseOwnLapsedHolds(db: Db, userId: number, now: Date): Promise<number> {
  const n = await releaseHold(db, {
    userId,
    from: [PaymentStatus.waiting],
    to: PaymentStatus.expired,
    windowOver: true,
    now,
  });
  if (n > 0) stockChanged(db, '*');
  return n;
}
