import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';

// Test data for the ledger's rules: stays written straight into the tables (the payment flow that
// normally writes them is tested in api/payments/), so a test can put a stay a year in the past.

/** A reservation of a seeded hotel (7, room type 71) for the guest, in the given payment status. */
export async function insertStay(
  db: Db,
  userId: number,
  stay: { checkin: string; checkout: string; status?: number; giftCertificate?: number; expiresAt?: Date },
): Promise<number> {
  const tag = randomUUID().slice(0, 12);
  const at = new Date('2026-01-01T00:00:00Z').toISOString();
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into reservations (order_id, invoice_number, hotel_id, room_type_id, user_id, total_room,
          checkin_date, checkout_date, created_at, expired_at, updated_at, payment_status_id, gift_certificate,
          guest_name, guest_email, guest_phone)
        values (${`T-${tag}`}, ${`INV-${tag}`}, 7, 71, ${userId}, 1, ${stay.checkin}::date, ${stay.checkout}::date,
          ${at}::timestamptz, ${(stay.expiresAt ?? new Date(at)).toISOString()}::timestamptz, ${at}::timestamptz,
          ${stay.status ?? 2}, ${stay.giftCertificate ?? 0}, 'Test Guest', 'guest@example.com', '81200000000')
        returning id`,
  );
  return row!.id;
}

/** The guest's ledger and balance, to compare before and after a replay. */
export async function ledgerOf(db: Db, userId: number) {
  const ledger = await rows<{ kind: string; status: string; amount: number; dedupe_key: string }>(
    db,
    sql`select kind, status, amount, dedupe_key from bobopoint_ledger where user_id = ${userId} order by id`,
  );
  const [account] = await rows<{ balance: number }>(
    db,
    sql`select balance from bobopoint_accounts where user_id = ${userId}`,
  );
  return { ledger, balance: Number(account?.balance ?? 0) };
}
