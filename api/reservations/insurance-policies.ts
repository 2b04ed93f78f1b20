import { inArray } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { insurancePolicies } from './insurance-policies.schema.ts';

// A stay's travel-insurance policy as the insurer answered it (kept in step by api/insurance's sync
// job): what My stay, the history and the reservation's detail show. Nothing here makes a number up.

/** What the guest sees of a stay's policy: what the insurer answered, or "requested" until it did. */
export type PolicyView = { status: 'requested' | 'issued' | 'failed'; policyNumber: string | null };

export async function policiesOf(db: Db, reservationIds: number[]) {
  const found = reservationIds.length
    ? await db.select().from(insurancePolicies).where(inArray(insurancePolicies.reservationId, reservationIds))
    : [];
  const views = new Map<number, PolicyView>();
  for (const p of found)
    views.set(p.reservationId, {
      status: p.status === 'issued' || p.status === 'failed' ? p.status : 'requested',
      policyNumber: p.status === 'issued' ? p.policyNumber : null,
    });
  return (id: number): PolicyView => views.get(id) ?? { status: 'requested', policyNumber: null };
}
