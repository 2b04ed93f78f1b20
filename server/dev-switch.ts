import type { Env } from '../api/platform/env.ts';

// Whether a development tool exists, decided from the environment without loading it: production
// (SMTP_URL and Midtrans keys set) never evaluates anything under server/dev/.

/**
 * The dev outbox (the embedded SMTP sink, /dev/outbox/ and /api/dev/outbox) exists only while the
 * sink is the transport (SMTP_URL unset). With a real relay configured, neither page exists (404).
 */
export function outboxPageEnabled(env: Pick<Env, 'SMTP_URL'>): boolean {
  return !env.SMTP_URL;
}

/** Test fixtures (a hotel per browser test) exist only when the test run asks for them. */
export function testFixturesEnabled(env: Pick<Env, 'TEST_FIXTURE_ROUTES'>): boolean {
  return env.TEST_FIXTURE_ROUTES;
}

/** The sandbox gateway and /dev/payment-simulator/ exist only while no Midtrans server key is set. */
export function paymentSimulatorEnabled(env: Pick<Env, 'MIDTRANS_SERVER_KEY'>): boolean {
  return !env.MIDTRANS_SERVER_KEY;
}
