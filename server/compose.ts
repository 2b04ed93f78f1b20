import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import type { AppDeps, MailTransport } from '../api/platform/deps.ts';
import type { PaymentGateway } from '../api/platform/payment-gateway.ts';
import { MidtransCoreApi } from '../api/payments/gateway/midtrans.ts';
import type { SandboxGateway } from './dev/sandbox-gateway.ts';
import { partnerInsurer, sandboxInsurer } from '../api/insurance/insurer.ts';
import type { Insurer } from '../api/insurance/insurer.ts';
import type { Env } from '../api/platform/env.ts';
import { outboxPageEnabled, paymentSimulatorEnabled, testFixturesEnabled } from './dev-switch.ts';
import { loopbackOnly } from './modes.ts';

// The server decides, from the environment, what the API talks to: the payment gateway and the mail
// transport, handed to the API in AppDeps. The development stand-ins (sandbox gateway, SMTP sink and
// their pages) are loaded with import() only when their embedded defaults are active, so production
// never evaluates server/dev/ (nor smtp-server and postal-mime).

export type ActiveGateway = { gateway: PaymentGateway; sandbox: SandboxGateway | null; close(): Promise<void> };
export type ActiveMail = { mail: MailTransport; close(): Promise<void> };

/** Midtrans when its keys are set, else the embedded sandbox on a loopback port. */
export async function startGateway(deps: Pick<AppDeps, 'env' | 'now'>): Promise<ActiveGateway> {
  const { env } = deps;
  if (!paymentSimulatorEnabled(env)) {
    if (!env.MIDTRANS_CLIENT_KEY) throw new Error('MIDTRANS_CLIENT_KEY must be set together with MIDTRANS_SERVER_KEY');
    const gateway = new MidtransCoreApi({
      kind: 'midtrans',
      baseUrl: env.MIDTRANS_BASE_URL,
      serverKey: env.MIDTRANS_SERVER_KEY as string,
      clientKey: env.MIDTRANS_CLIENT_KEY,
    });
    return { gateway, sandbox: null, close: async () => undefined };
  }
  const { startSandboxGateway } = await import('./dev/sandbox-gateway.ts');
  return startSandboxGateway({ now: deps.now });
}

/** The insurance partner of INSURER_API_URL, else the sandbox insurer (development only: server/modes.ts). */
export function insurerFor(env: Env): Insurer {
  if (env.INSURER_API_URL && env.INSURER_API_KEY)
    return partnerInsurer({ baseUrl: env.INSURER_API_URL, apiKey: env.INSURER_API_KEY });
  return sandboxInsurer();
}

/** The SMTP relay of SMTP_URL, else the embedded sink (which also stores SMS). */
export async function startMail(deps: AppDeps): Promise<ActiveMail> {
  if (!outboxPageEnabled(deps.env))
    return { mail: { kind: 'smtp', smtp: deps.env.SMTP_URL as string }, close: async () => undefined };
  const { startSinkTransport } = await import('./dev/smtp-sink.ts');
  return startSinkTransport(deps);
}

/**
 * The developer pages (/dev/outbox/, /api/dev/outbox, /dev/payment-simulator/, /dev/translations/,
 * /dev/preview/)
 * to mount at the root, with the site paths they own; null when no tool is active (production).
 */
export async function devTools(
  deps: AppDeps,
  sandbox: SandboxGateway | null,
): Promise<{
  app: Hono;
  prefixes: string[];
  /** The local OpenID provider (single sign-on), a Node handler of its own paths. */
  oidc: { prefix: string; handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> };
} | null> {
  // Production never has a development tool, whatever else the environment says.
  if (deps.env.NODE_ENV === 'production') return null;
  const outbox = outboxPageEnabled(deps.env);
  const simulator = paymentSimulatorEnabled(deps.env);
  const fixtures = testFixturesEnabled(deps.env);
  if (!outbox && !simulator && !fixtures) return null;
  const app = new Hono();
  const prefixes: string[] = [];
  // Only this machine may use them (server/modes.ts); paths, not '*', so the API stays open.
  for (const path of ['/dev', '/dev/*', '/api/dev', '/api/dev/*']) app.use(path, loopbackOnly());
  if (outbox) {
    const { devOutboxApiRoutes, devOutboxRoutes } = await import('./dev/dev-outbox.routes.ts');
    app.route('/api', devOutboxApiRoutes(deps));
    app.route('/', devOutboxRoutes(deps));
    prefixes.push('/dev/outbox/');
  }
  if (simulator) {
    const { paymentSimulatorRoutes } = await import('./dev/simulator.routes.ts');
    app.route('/', paymentSimulatorRoutes(deps, sandbox));
    prefixes.push('/dev/payment-simulator/');
  }
  if (fixtures) {
    const { testFixtureRoutes } = await import('./dev/test-fixtures.routes.ts');
    app.route('/api', testFixtureRoutes(deps));
  }
  // Editors' view of missing translations (the Studio's tool, for a local server), beside the other tools.
  const { translationRoutes } = await import('./dev/translations.routes.ts');
  app.route('/', translationRoutes());
  prefixes.push('/dev/translations/');
  // Signed preview links of drafts and scheduled documents (gives this process its PREVIEW_SECRET).
  const { previewRoutes } = await import('./dev/preview.routes.ts');
  app.route('/', previewRoutes());
  prefixes.push('/dev/preview/');
  // The local OpenID provider of single sign-on (issue 29): its paths are its own (no trailing slash).
  const { devOidcProvider, DEV_OIDC_PATH } = await import('./dev/oidc.routes.ts');
  return { app, prefixes, oidc: { prefix: `${DEV_OIDC_PATH}/`, handle: devOidcProvider(deps).handle } };
}
