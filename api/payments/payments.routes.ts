import { Hono } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { requestLang } from '../http/errors.ts';
import { listPaymentChannels } from '../pricing/channels.service.ts';

export function paymentRoutes(deps: AppDeps) {
  const app = new Hono();
  // Channels only; charging is the payment issue's.
  app.get('/clients/v1/payment', requireClient(deps), async (c) =>
    c.json({ data: await listPaymentChannels(deps.database.db, requestLang(c)) }),
  );
  return app;
}
