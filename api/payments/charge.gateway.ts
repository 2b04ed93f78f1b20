import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import type { AppDeps } from '../platform/deps.ts';
import { msg } from '../http/messages.ts';
import type { ApiLang } from '../http/errors.ts';
import type { reservations } from '../reservations/reservations.schema.ts';
import type { ChannelMethod } from './charge.methods.ts';
import type { PaymentInstructions } from './charge.schema.ts';
import { paymentCharges } from './charge.schema.ts';
import { chargeErrors } from './charge.errors.ts';
import { chargeView, reload } from './charge.view.ts';
import { gatewayTime, parseGatewayTime } from '../platform/payment-gateway.ts';
import type { GatewayTransaction, PaymentGateway } from '../platform/payment-gateway.ts';
import { reconcileCharge } from './notifications.service.ts';
import type { ChargeRow } from './notifications.service.ts';
import { logger } from '../observability/logger.ts';

const log = logger('payments');

// The gateway families (virtual accounts and bill payment, e-wallets, QRIS, cards): one Core API
// charge built from the channel's entry in charge.methods.ts, its payment instructions kept, and what
// the gateway says applied at once (a card may already be decided).

function instructionsOf(t: GatewayTransaction): PaymentInstructions {
  const va = t.va_numbers?.[0];
  const action = (name: string) => t.actions?.find((a) => a.name === name)?.url;
  const deeplinkUrl = action('deeplink-redirect');
  const qrImageUrl = action('generate-qr-code');
  return {
    ...(va ? { bank: va.bank, vaNumber: va.va_number } : {}),
    ...(t.permata_va_number ? { bank: 'permata', vaNumber: t.permata_va_number } : {}),
    ...(t.bill_key ? { billKey: t.bill_key, billerCode: t.biller_code } : {}),
    ...(t.qr_string ? { qrString: t.qr_string } : {}),
    ...(deeplinkUrl ? { deeplinkUrl } : {}),
    ...(qrImageUrl ? { qrImageUrl } : {}),
    ...(t.redirect_url ? { redirectUrl: t.redirect_url } : {}),
    ...(t.masked_card ? { maskedCard: t.masked_card } : {}),
  };
}

async function markFailed(db: Db, id: number, now: Date) {
  await db
    .update(paymentCharges)
    .set({ status: 'failed', statusRank: 2, supersededAt: now, updatedAt: now })
    .where(and(eq(paymentCharges.id, id), eq(paymentCharges.statusRank, 0)));
}

/** Charge a new attempt through the gateway; `code: 200` only when the gateway created it. */
export async function chargeThroughGateway(
  deps: AppDeps,
  a: {
    db: Db;
    gateway: PaymentGateway;
    charge: ChargeRow;
    method: ChannelMethod;
    input: { tokenId?: string | null; cashtag?: string | null };
    phone: string;
    r: typeof reservations.$inferSelect;
    total: number;
    minutes: number;
    now: Date;
    lang: ApiLang;
  },
) {
  const { db, gateway, charge, method, input, phone, r, total, minutes, now } = a;
  const ctx = { lang: a.lang };
  let answer: GatewayTransaction;
  try {
    answer = await gateway.charge(
      {
        ...method.request({ tokenId: input.tokenId ?? undefined, phone, cashtag: input.cashtag ?? undefined }),
        transaction_details: { order_id: charge.orderId, gross_amount: total },
        customer_details: { first_name: r.guestName, email: r.guestEmail, phone: r.guestPhone },
        custom_expiry: { order_time: gatewayTime(now), expiry_duration: minutes, unit: 'minute' },
      },
      { notificationUrl: `${deps.env.SITE_URL.replace(/\/+$/, '')}/api/payments/notifications` },
    );
  } catch (e) {
    await markFailed(db, charge.id, now);
    log.error({ err: e }, 'gateway charge failed');
    throw chargeErrors.gateway(msg('payments.gatewaySilent')[ctx.lang]);
  }
  if (answer.status_code !== '201' && answer.status_code !== '200') {
    await markFailed(db, charge.id, now);
    throw chargeErrors.gateway(answer.status_message ?? answer.status_code);
  }
  const expiresAt = parseGatewayTime(answer.expiry_time) ?? charge.expiresAt;
  await db
    .update(paymentCharges)
    .set({
      instructions: instructionsOf(answer),
      transactionId: answer.transaction_id ?? null,
      expiresAt: expiresAt < charge.expiresAt ? expiresAt : charge.expiresAt,
      updatedAt: now,
    })
    .where(eq(paymentCharges.id, charge.id));
  // Pending (VA, QR, e-wallet) or already decided (card): apply what the gateway itself says now.
  await reconcileCharge(deps, charge.orderId);
  const fresh = await reload(db, charge.id);
  if (fresh.status === 'deny' || fresh.status === 'cancel' || fresh.status === 'failed')
    throw chargeErrors.gateway(answer.status_message ?? fresh.status);
  return {
    code: 200,
    message: msg('payments.created')[ctx.lang],
    data: chargeView(fresh),
  };
}
