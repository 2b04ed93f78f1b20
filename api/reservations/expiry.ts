import { PaymentStatus } from '../../core/payment-status.ts';
import type { Db } from '../db/client.ts';
import { releaseHold } from './release-hold.ts';

/**
 * Expire unpaid holds whose payment window has passed and give their nights back (releaseHold: the
 * flip and the release commit together, once, whatever the number of nodes sweeping at the same
 * moment). Called lazily before every read or write that depends on stock or a reservation's status.
 */
export async function sweepExpired(db: Db, now: Date): Promise<number> {
  return releaseHold(db, { from: [PaymentStatus.waiting], to: PaymentStatus.expired, windowOver: true, now });
}

const lastSweep = new WeakMap<object, number>();

/**
 * For hot read paths (availability, search): sweep at most once per second of the injected clock
 * per database handle. A hold may show as taken for up to a second after its deadline; every write
 * path (create, cancel, update) and every reservation read sweeps unthrottled.
 */
export async function sweepExpiredForReads(db: Db, now: Date, intervalMs = 1_000): Promise<void> {
  const last = lastSweep.get(db);
  const t = now.getTime();
  if (last !== undefined && t >= last && t - last < intervalMs) return;
  lastSweep.set(db, t);
  await sweepExpired(db, now);
}
