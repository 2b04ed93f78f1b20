import type { Database } from './database.ts';
import type { Env } from './env.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { Insurer } from './insurer.ts';
import type { HealthBuild } from '../../core/contracts/responses.ts';

/**
 * Where outgoing mail and SMS go. The composing process (server/) chooses it from the environment:
 * a real SMTP relay, or the development sink. The API never decides which.
 */
export interface MailTransport {
  readonly kind: 'sink' | 'smtp';
  /** What nodemailer connects to: an SMTP URL, or the host and port of a plain loopback server. */
  readonly smtp: string | { host: string; port: number; secure: false; ignoreTLS: true };
  /** Deliver an SMS; absent when no SMS gateway is configured. */
  sendSms?(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** The node's lifecycle, set by the one server; readiness (api/observability/readiness.ts) reads it. */
export interface Lifecycle {
  /** Set on SIGTERM/SIGINT: the node finishes what it has and takes nothing new. */
  draining: boolean;
}

/** What every route and service receives: handed in, never imported as a module singleton. */
export interface AppDeps {
  env: Env;
  database: Database;
  /** Injected clock so tests can move time. */
  now?: () => Date;
  /** Build state reported by /api/health, provided by the one server. */
  buildInfo?: () => HealthBuild;
  /** The running outbox sender (api/outbox/outbox.sender.ts); enqueueing kicks it. Absent in most tests. */
  outbox?: { kick(): void };
  /** The payment gateway chosen by the composing process (Midtrans, or the development sandbox). */
  gateway?: PaymentGateway;
  /** The travel insurer chosen by the composing process (the partner, or the development sandbox). */
  insurer?: Insurer;
  /** The mail transport chosen by the composing process; the outbox sender needs it. */
  mail?: MailTransport;
  /** The node's lifecycle (draining from SIGTERM on), provided by the one server; /api/ready reads it. */
  lifecycle?: Lifecycle;
  /** Sees every API answer with the route pattern that produced it (null when no route matched). */
  observe?: (event: { method: string; route: string | null; status: number; response: Response }) => unknown;
}
