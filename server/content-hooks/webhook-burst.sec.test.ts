import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeBuild, startOneServer } from '../../tests/helpers/one-server.ts';
import type { OneServer } from '../server.ts';
import { MAX_REQUESTS_IN_FLIGHT_PER_CLIENT } from '../connection-guard.ts';

// Security tier: a burst of signed content webhooks cannot make the server build without limit. At
// most one site build runs at a time, and every webhook that arrives during a build is folded into
// one more build.

const SECRET = 'burst-test-webhook-secret-0123456789abcdef';
let one: OneServer | undefined;
afterAll(async () => one?.close());

describe('a burst of content webhooks', () => {
  it('runs one build at a time and folds the burst into one more build', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let builds = 0;
    const slowBuild = async (outDir: string) => {
      running += 1;
      builds += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await fakeBuild(outDir);
      running -= 1;
    };
    const started = await startOneServer({ NODE_ENV: 'development', SANITY_WEBHOOK_SECRET: SECRET }, slowBuild);
    one = started.one;
    const send = async (i: number) => {
      const body = JSON.stringify({ _id: `promo-${i}`, _type: 'promo' });
      const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
      const res = await fetch(`${started.base}/api/hooks/sanity`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
      });
      return res.status;
    };
    // As many at once as one address may have in flight (server/connection-guard.ts: each delivery
    // waits for the rebuild); past that a delivery is answered 429 and Sanity sends it again later.
    const statuses = await Promise.all(Array.from({ length: MAX_REQUESTS_IN_FLIGHT_PER_CLIENT }, (_, i) => send(i)));
    expect(statuses.every((s) => s === 202)).toBe(true);
    // Let the running build and the one folded build finish.
    await expect.poll(() => running === 0 && builds >= 2, { timeout: 20_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(mostAtOnce).toBe(1);
    expect(builds).toBe(2);
  });
});
