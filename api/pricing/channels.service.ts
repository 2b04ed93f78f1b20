import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { errors } from '../http/errors.ts';
import { paymentChannels } from './channels.schema.ts';
import { msg } from '../http/messages.ts';

/** Channel 12 is an internal settlement channel: it is never offered, active or not. */
export const HIDDEN_CHANNEL_ID = 12;

const CATEGORY_LABELS: Record<string, { id: string; en: string }> = {
  virtual_account: msg('payments.categoryVirtualAccount'),
  ewallet: msg('payments.categoryEwallet'),
  qris: msg('payments.categoryQris'),
  card: msg('payments.categoryCard'),
};

/** Channel names that are words rather than brands, in the guest's language. */
const CHANNEL_NAMES: Record<string, { id: string; en: string }> = {
  credit_card: msg('payments.channelCard'),
};

export async function listPaymentChannels(db: Db, lang: 'id' | 'en') {
  const found = await db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.isActive, true), ne(paymentChannels.id, HIDDEN_CHANNEL_ID)))
    .orderBy(asc(paymentChannels.sortOrder));
  return found.map((c) => ({
    id: c.id,
    code: c.code,
    name: CHANNEL_NAMES[c.code]?.[lang] ?? c.name,
    category: c.category,
    category_label: CATEGORY_LABELS[c.category]?.[lang] ?? c.category,
    is_active: c.isActive,
    logo_url: c.logoUrl,
    fee_flat: c.feeFlat,
    fee_bps: c.feeBps,
    min_amount: c.minAmount,
  }));
}

export async function findUsableChannel(db: Db, code: string) {
  const [c] = await db.select().from(paymentChannels).where(eq(paymentChannels.code, code)).limit(1);
  if (!c || !c.isActive || c.id === HIDDEN_CHANNEL_ID) {
    throw errors.unprocessable('payment_channel_unavailable', msg('payments.methodUnavailable'));
  }
  return c;
}
