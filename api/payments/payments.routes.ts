import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { requestLang } from '../http/errors.ts';
import { listPaymentChannels } from '../pricing/channels.service.ts';
import { documented } from '../http/contract.ts';
import { PaymentChannelSchema } from '../../core/contracts/responses.ts';

export function paymentRoutes(deps: AppDeps) {
  const app = new Hono();
  // Channels only; charging is the payment issue's.
  app.get(
    '/clients/v1/payment',
    documented({
      response: v.array(PaymentChannelSchema),
      summary: 'Active payment channels (id 12 never listed)',
      auth: 'client',
      tag: 'payments',
    }),
    requireClient(deps),
    async (c) => c.json({ data: await listPaymentChannels(deps.database.db, requestLang(c)) }),
  );
  return app;
}
