import type { AppDeps } from '../../platform/deps.ts';
import type { PaymentGateway } from '../../platform/payment-gateway.ts';

/**
 * The gateway of this process, handed in by whoever composed the API (server/compose.ts picks the
 * Midtrans adapter or the development sandbox from the environment; tests hand in their own).
 */
export async function gatewayFor(deps: AppDeps): Promise<{ gateway: PaymentGateway }> {
  if (!deps.gateway) throw new Error('No payment gateway in AppDeps: the composing process must hand one in');
  return { gateway: deps.gateway };
}
