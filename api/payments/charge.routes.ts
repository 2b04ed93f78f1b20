import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import { PaymentChargeInput, PaymentReservationInput } from '../../core/contracts/payment.ts';
import { userIdOf } from '../http/context.ts';
import { requestLang } from '../http/errors.ts';
import * as v from 'valibot';
import { parseInput, readBody } from '../http/input.ts';
import { createCharge } from './charge.service.ts';
import { cancelCurrentCharge, paymentConfig, paymentStatus, qrImage } from './charge.status.ts';
import { handleNotification } from './notifications.service.ts';
import { msg } from '../http/messages.ts';
import { documented } from '../http/contract.ts';
import { idempotencyKeyOf, idempotentOutside } from '../http/idempotency.ts';
import { nowOf } from '../platform/clock.ts';
import {
  ChargeCreatedSchema,
  ChargeDroppedSchema,
  NotificationAnswerSchema,
  PaymentConfigSchema,
  PaymentStateSchema,
} from '../../core/contracts/responses.ts';

const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** GET /payments/qr-code: the gateway's transaction id of a pending QR charge (a UUID at Midtrans). */
export const PaymentQrInput = v.object({
  transaction_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/)),
});

/** Charge, status, cancel, browser config and the gateway's HTTP notification endpoint. */
const NOTIFICATION_REFUSALS = {
  invalid: msg('payments.notificationInvalid'),
  rejected_signature: msg('payments.rejectedSignature'),
  unknown_order: msg('payments.unknownOrder'),
  rejected_amount: msg('payments.rejectedAmount'),
} as const;

export function paymentChargeRoutes(deps: AppDeps) {
  const app = new Hono();
  const ctx = (c: Context) => ({ userId: userIdOf(c), lang: requestLang(c) });
  const reservationIdOf = async (c: Context) => {
    const q = c.req.method === 'GET' ? c.req.query() : { ...c.req.query(), ...(await readBody(c)) };
    return parseInput(PaymentReservationInput, { reservation_id: q.reservation_id ?? q.reservationId }).reservation_id;
  };

  app.post(
    '/clients/v1/payment/charge',
    documented({
      answer: ChargeCreatedSchema,
      summary: 'New payment attempt (PaymentCharge); code 200 only when the gateway created it',
      auth: 'user',
      body: PaymentChargeInput,
      tag: 'payments',
      idempotent: true,
    }),
    requireUser(deps),
    async (c) => {
      const key = idempotencyKeyOf(c);
      const b = parseInput(PaymentChargeInput, await readBody(c));
      // With an Idempotency-Key, a retry gets the first attempt's answer (api/http/idempotency.ts).
      const answer = await idempotentOutside(
        deps.database.db,
        { userId: ctx(c).userId, scope: 'payment.charge', key, request: b, now: nowOf(deps) },
        async () => ({
          status: 200,
          body: await createCharge(
            deps,
            {
              reservationId: b.reservation_id,
              channelCode: b.payment_channel_code,
              termsAccepted: b.terms_accepted,
              tokenId: b.token_id,
              phone: b.phone,
              cashtag: b.cashtag,
            },
            ctx(c),
          ),
        }),
      );
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(answer.body as object, 200);
    },
  );
  app.get(
    '/clients/v1/payment/status',
    documented({
      response: PaymentStateSchema,
      summary: 'Payment state and latest attempt of a reservation (PaymentPending); reservationId in the query',
      auth: 'user',
      tag: 'payments',
    }),
    requireUser(deps),
    async (c) => c.json({ data: await paymentStatus(deps, await reservationIdOf(c), ctx(c)) }),
  );
  app.post(
    '/clients/v1/payment/cancel',
    documented({
      response: ChargeDroppedSchema,
      summary: 'Drop the pending attempt to choose another method',
      auth: 'user',
      body: PaymentReservationInput,
      tag: 'payments',
    }),
    requireUser(deps),
    async (c) => c.json({ data: await cancelCurrentCharge(deps, await reservationIdOf(c), ctx(c)) }),
  );
  app.get(
    '/payments/config',
    documented({
      response: PaymentConfigSchema,
      summary: 'Active gateway, its public client key and the card-token URL',
      auth: 'client',
      tag: 'payments',
    }),
    requireClient(deps),
    async (c) => c.json({ data: await paymentConfig(deps) }),
  );
  // The QR of a pending QRIS/GoPay charge as an image the page can show (an <img> sends no token;
  // the gateway's transaction id in the path is the key, as in Midtrans' own QR URL).
  app.get(
    '/payments/qr-code',
    documented({
      summary:
        "QR image of a pending QRIS or GoPay charge (the gateway's generate-qr-code image; the transaction id is the key, no token)",
      auth: 'none',
      query: PaymentQrInput,
      tag: 'payments',
      plain: 'png',
      errors: [502],
    }),
    async (c) => {
      const { transaction_id } = parseInput(PaymentQrInput, c.req.query());
      const png = await qrImage(deps, transaction_id);
      return c.body(png, 200, { 'content-type': 'image/png', 'cache-control': 'private, max-age=300' });
    },
  );

  // The gateway calls this; it proves itself with signature_key, not with a token.
  app.post(
    '/payments/notifications',
    documented({
      answer: NotificationAnswerSchema,
      summary: 'Gateway HTTP notifications (signature_key checked)',
      auth: 'none',
      tag: 'payments',
      errors: [401, 413],
    }),
    async (c) => {
      const text = await c.req.text();
      if (text.length > MAX_NOTIFICATION_BYTES) return c.json({ status: 'rejected' }, 413);
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = Object.fromEntries(new URLSearchParams(text));
      }
      const { httpStatus, outcome } = await handleNotification(deps, body);
      if (httpStatus < 400) return c.json({ status: outcome }, httpStatus);
      // Refusals carry the API's error shape too, so whoever reads the log sees why.
      const messages =
        NOTIFICATION_REFUSALS[outcome as keyof typeof NOTIFICATION_REFUSALS] ?? NOTIFICATION_REFUSALS.invalid;
      return c.json({ status: outcome, code: outcome, message: messages[requestLang(c)] }, httpStatus);
    },
  );
  return app;
}
