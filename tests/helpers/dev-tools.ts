import { Hono } from 'hono';
import { createApp } from '../../api/app.ts';
import type { AppDeps } from '../../api/platform/deps.ts';
import { devTools, startGateway, startMail } from '../../server/compose.ts';

// API tests reach the development tools (sink, sandbox, their pages) only through this helper and
// payment-test-app.ts: api/ never imports server/. What they check directly is re-exported here.
export { outboxPageEnabled, paymentSimulatorEnabled } from '../../server/dev-switch.ts';
export { listSinkMessages } from '../../server/dev/dev-outbox.routes.ts';
export { startGateway };

/**
 * The API with the mail transport and the developer pages composed as the one server composes
 * them (server/compose.ts): the sink while SMTP_URL is unset, /api/dev/outbox and /dev/outbox/.
 */
export async function withDevTools(deps: AppDeps) {
  const mail = await startMail(deps);
  deps.mail = mail.mail;
  const tools = await devTools(deps, null);
  const app = new Hono();
  app.route('/', createApp(deps));
  if (tools) app.route('/', tools.app);
  return { app, mail: mail.mail, close: mail.close };
}
