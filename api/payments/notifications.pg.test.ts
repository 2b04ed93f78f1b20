import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { bobopointLedger } from '../points/points.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { paymentCharges } from './charge.schema.ts';
import { paymentNotifications } from './notifications.schema.ts';
import { paymentTestApp } from '../../tests/helpers/payment-test-app.ts';
import { freshPgDatabase, startPgNodes } from '../../tests/helpers/pg-nodes.ts';
import type { PgNode } from '../../tests/helpers/pg-nodes.ts';

// Real PostgreSQL (npm run test:pg): three API nodes, each with its own connection pool and HTTP
// server, receive 50 copies of one settlement at once. Exactly one may confirm the booking.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let first: Database;
let t: Awaited<ReturnType<typeof paymentTestApp>>;
let nodes: PgNode[] = [];
let closeNodes = async () => undefined as void;

beforeAll(async () => {
  first = await freshPgDatabase(url);
  t = await paymentTestApp({ DATABASE_URL: url }, first);
  // Three nodes, each on a pool of its own, sharing the test's payment gateway.
  const own = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 20 });
  ({ nodes, close: closeNodes } = await startPgNodes(url, own, 3, (deps) => {
    deps.gateway = t.deps.gateway;
  }));
});

afterAll(async () => {
  await closeNodes();
  await t?.active.close();
  await first?.close();
});

describe('notifications on real PostgreSQL, several nodes', () => {
  it('50 concurrent duplicate settlements over HTTP on three nodes leave exactly one payment', async () => {
    const user = await t.newUser();
    const r = await t.book({ token: user.userToken, rooms: 2 });
    const c = (await t.charge(r.id, 'bca_va', {}, { token: user.userToken })).data.data;
    const body = await t.captureNext(() => t.sandbox.act(c.order_id, 'pay'));
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await fetch(`${nodes[i % nodes.length].base}/api/payments/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, outcome: ((await res.json()) as { status: string }).status };
      }),
    );
    expect(results.every((x) => x.status === 200)).toBe(true);
    expect(results.filter((x) => x.outcome === 'applied')).toHaveLength(1);
    const db = t.db;
    const [res] = await db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(res.paymentStatusId).toBe(2);
    expect((await db.select().from(users).where(eq(users.id, user.userId!)))[0].stayCount).toBe(2);
    expect(await db.select().from(bobopointLedger).where(eq(bobopointLedger.reservationId, r.id))).toHaveLength(1);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.to, res.guestEmail))).toHaveLength(1);
    expect(
      (await db.select().from(paymentCharges).where(eq(paymentCharges.reservationId, r.id))).filter(
        (x) => x.status === 'settlement',
      ),
    ).toHaveLength(1);
    const log = await db.select().from(paymentNotifications).where(eq(paymentNotifications.orderId, c.order_id));
    expect(log.filter((l) => l.outcome === 'applied')).toHaveLength(1);
    expect(log.filter((l) => l.outcome === 'unchanged')).toHaveLength(49);
  });

  it('30 concurrent status polls on three nodes after a payment whose notification was lost: the gateway is asked once, the booking confirmed once', async () => {
    const user = await t.newUser();
    const r = await t.book({ token: user.userToken });
    const c = (await t.charge(r.id, 'bni_va', {}, { token: user.userToken })).data.data;
    expect(await t.sandbox.act(c.order_id, 'pay-silent')).toEqual({ ok: true });
    const asked = vi.spyOn(t.deps.gateway!, 'status');
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const res = await fetch(
            `${nodes[i % nodes.length].base}/api/clients/v1/payment/status?reservationId=${r.id}`,
            {
              headers: { authorization: `Bearer ${user.userToken}` },
            },
          );
          return { status: res.status, result: ((await res.json()) as { data: { result: string } }).data.result };
        }),
      );
      expect(results.every((x) => x.status === 200)).toBe(true);
      expect(results.some((x) => x.result === 'success')).toBe(true);
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
    }
    const db = t.db;
    const [res] = await db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(res.paymentStatusId).toBe(2);
    expect(await db.select().from(bobopointLedger).where(eq(bobopointLedger.reservationId, r.id))).toHaveLength(1);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.to, res.guestEmail))).toHaveLength(1);
  });
});
