import type { AppDeps } from '../../deps.ts';
import type { Env } from '../../env.ts';
import type { PaymentGateway } from './gateway.ts';
import { MidtransCoreApi } from './midtrans.ts';
import { SandboxGateway } from '../../../server/dev/sandbox-gateway.ts';

/** Where the browser tokenises cards while the sandbox is active (served by the simulator routes). */
export const SANDBOX_TOKEN_PATH = '/dev/payment-simulator/v2/token/';

export type ActiveGateway = { gateway: PaymentGateway; sandbox: SandboxGateway | null; close(): Promise<void> };

/** The sandbox is the gateway whenever no Midtrans server key is configured. */
export function sandboxActive(env: Pick<Env, 'MIDTRANS_SERVER_KEY'>): boolean {
  return !env.MIDTRANS_SERVER_KEY;
}

const cache = new WeakMap<object, Promise<ActiveGateway>>();

async function create(deps: AppDeps): Promise<ActiveGateway> {
  const env = deps.env;
  if (!sandboxActive(env)) {
    if (!env.MIDTRANS_CLIENT_KEY) throw new Error('MIDTRANS_CLIENT_KEY must be set together with MIDTRANS_SERVER_KEY');
    const gateway = new MidtransCoreApi({ kind: 'midtrans', baseUrl: env.MIDTRANS_BASE_URL, serverKey: env.MIDTRANS_SERVER_KEY as string, clientKey: env.MIDTRANS_CLIENT_KEY });
    return { gateway, sandbox: null, close: async () => undefined };
  }
  const sandbox = new SandboxGateway({ now: deps.now });
  const server = await sandbox.listen();
  const gateway = new MidtransCoreApi({ kind: 'sandbox', baseUrl: server.baseUrl, serverKey: sandbox.serverKey, clientKey: sandbox.clientKey, tokenUrl: SANDBOX_TOKEN_PATH });
  return { gateway, sandbox, close: server.close };
}

/**
 * The gateway of this process, created once per AppDeps: the Midtrans adapter against Midtrans
 * when keys are set, or against the embedded sandbox started on a loopback port.
 */
export function gatewayFor(deps: AppDeps): Promise<ActiveGateway> {
  let found = cache.get(deps);
  if (!found) {
    found = create(deps);
    cache.set(deps, found);
    found.catch(() => cache.delete(deps));
  }
  return found;
}

/** Share one gateway between several AppDeps (tests that run many "API nodes" in one process). */
export function shareGateway(from: AppDeps, to: AppDeps): void {
  const found = cache.get(from);
  if (!found) throw new Error('the source deps have no gateway yet');
  cache.set(to, found);
}
