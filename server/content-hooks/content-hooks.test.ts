import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import { createContent } from '../../site/lib/content/content.ts';
import type { BuildOutcome, BuildStatus } from '../build-manager.ts';
import { contentHookRoutes, WEBHOOK_MAX_AGE_MS, WEBHOOK_MAX_BODY_BYTES } from './content-hooks.routes.ts';
import {
  createRebuildScheduler,
  nextChangeFrom,
  nextScheduledChange,
  promoEndInstant,
} from './content-hooks.service.ts';

const SECRET = 'test-webhook-secret-0123456789';

const LIVE: BuildStatus = { state: 'ok', builtAt: '2031-01-01T00:00:00.000Z', contentVersion: 0, lastFailure: null };

function setup(outcome: (reason: string) => BuildOutcome = () => ({ published: true, failure: null })) {
  const reasons: string[] = [];
  let version = 0;
  const app = contentHookRoutes({
    secret: SECRET,
    publish: async (reason) => {
      reasons.push(reason);
      version += 1;
      return { version, built: Promise.resolve(outcome(reason)) };
    },
    status: () => LIVE,
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request('/hooks/sanity', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  return { reasons, post };
}

describe('POST /hooks/sanity', () => {
  const body = JSON.stringify({ _id: 'promo-endless-summer', _type: 'promo' });

  test('a body past the limit is refused with 413 before it is read, declared or streamed, and rebuilds nothing', async () => {
    const { reasons, post } = setup();
    const declared = await post('x'.repeat(WEBHOOK_MAX_BODY_BYTES + 1), { [SIGNATURE_HEADER_NAME]: 't=1,v1=x' });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ code: 'body_too_large', message: 'The request is too large.' });
    // No length declared: 16 MB offered in 64 KB chunks, and the server stops reading near the limit.
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(120);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 16 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const app = contentHookRoutes({
      secret: SECRET,
      publish: async () => ({ version: 1, built: Promise.resolve({ published: true, failure: null }) }),
      status: () => LIVE,
    });
    const streamed = await app.request(
      new Request('http://x/hooks/sanity', {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { 'accept-language': 'id' },
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).message).toBe('Permintaan kamu terlalu besar.');
    expect(pulled).toBeLessThan(4 * WEBHOOK_MAX_BODY_BYTES);
    expect(reasons).toEqual([]);
  });

  test('a correctly signed call triggers a rebuild naming the document', async () => {
    const { reasons, post } = setup();
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    const res = await post(body, { [SIGNATURE_HEADER_NAME]: signature });
    expect(res.status).toBe(202);
    expect(reasons).toEqual(['sanity webhook: promo-endless-summer']);
  });

  test('an unsigned call is refused with 401 and rebuilds nothing', async () => {
    const { reasons, post } = setup();
    const res = await post(body);
    expect(res.status).toBe(401);
    // The API's one error contract, in the caller's language.
    expect(await res.json()).toEqual({
      code: 'invalid_signature',
      message: 'The webhook signature is missing or not valid.',
    });
    const inId = await post(body, { 'accept-language': 'id' });
    expect(await inId.json()).toEqual({
      code: 'invalid_signature',
      message: 'Tanda tangan webhook tidak ada atau tidak valid.',
    });
    expect(reasons).toEqual([]);
  });

  test('a signature made with another secret is refused', async () => {
    const { reasons, post } = setup();
    const res = await post(body, {
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), 'another-secret-abcdefghij'),
    });
    expect(res.status).toBe(401);
    expect(reasons).toEqual([]);
  });

  test('a body changed after signing is refused', async () => {
    const { reasons, post } = setup();
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    const res = await post(body.replace('endless-summer', 'idul-fitri-getaway'), {
      [SIGNATURE_HEADER_NAME]: signature,
    });
    expect(res.status).toBe(401);
    expect(reasons).toEqual([]);
  });

  test('the answer says the content went live, or which document and field stopped it', async () => {
    const failure = {
      at: '2031-01-01T00:00:00.000Z',
      reason: 'sanity webhook: promo-broken',
      message: 'Content error in document "promo-broken", field "title": Invalid length',
      documentId: 'promo-broken',
      field: 'title',
      contentVersion: 2,
    };
    const { post } = setup((reason) =>
      reason.includes('promo-broken') ? { published: false, failure } : { published: true, failure: null },
    );
    const ok = await post(body, { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET) });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toMatchObject({ accepted: true, version: 1, published: true, failure: null });
    const broken = JSON.stringify({ _id: 'promo-broken', _type: 'promo' });
    const res = await post(broken, {
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(broken, Date.now(), SECRET),
    });
    expect(await res.json()).toMatchObject({ accepted: true, version: 2, published: false, failure });
  });

  test('a signature older than five minutes is refused, and so is a replayed delivery', async () => {
    const { reasons, post } = setup();
    const old = await encodeSignatureHeader(body, Date.now() - WEBHOOK_MAX_AGE_MS - 1_000, SECRET);
    const stale = await post(body, { [SIGNATURE_HEADER_NAME]: old });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({
      code: 'stale_signature',
      message: 'The webhook is too old or was already delivered; it was not applied.',
    });
    const future = await encodeSignatureHeader(body, Date.now() + 10 * 60_000, SECRET);
    expect((await post(body, { [SIGNATURE_HEADER_NAME]: future })).status).toBe(401);
    expect(reasons).toEqual([]);

    const fresh = await encodeSignatureHeader(body, Date.now() - 60_000, SECRET);
    expect((await post(body, { [SIGNATURE_HEADER_NAME]: fresh })).status).toBe(202);
    // The very same delivery again (an attacker who recorded it, within the five minutes).
    const replay = await post(body, { [SIGNATURE_HEADER_NAME]: fresh, 'accept-language': 'id' });
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toBe(
      'Webhook ini terlalu lama atau sudah pernah diterima, jadi tidak diterapkan.',
    );
    expect(reasons).toEqual(['sanity webhook: promo-endless-summer']);
  });

  test('a garbage signature header is refused', async () => {
    const { reasons, post } = setup();
    const res = await post(body, { [SIGNATURE_HEADER_NAME]: 't=abc,v1=zzz' });
    expect(res.status).toBe(401);
    expect(reasons).toEqual([]);
  });
});

describe('next scheduled change', () => {
  const times = {
    instants: [
      { _id: 'promo-a', publishAt: '2030-01-01T00:00:00Z', unpublishAt: '2030-02-01T00:00:00Z' },
      { _id: 'destination-b', publishAt: '2029-06-30T17:00:00Z', unpublishAt: null },
      { _id: 'announcement-c', publishAt: null, unpublishAt: null },
    ],
    promoEnds: [{ _id: 'promo-d', periodEnd: '2029-12-31' }],
  };

  test('picks the earliest publish/unpublish/promo-end instant strictly after now', () => {
    expect(nextChangeFrom(times, new Date('2029-01-01T00:00:00Z'))).toEqual({
      at: new Date('2029-06-30T17:00:00Z'),
      documentId: 'destination-b',
      kind: 'publish',
    });
    // At exactly the publish instant it is no longer "next".
    expect(nextChangeFrom(times, new Date('2029-06-30T17:00:00Z'))?.documentId).toBe('promo-d');
    expect(nextChangeFrom(times, new Date('2030-01-15T00:00:00Z'))).toEqual({
      at: new Date('2030-02-01T00:00:00Z'),
      documentId: 'promo-a',
      kind: 'unpublish',
    });
    expect(nextChangeFrom(times, new Date('2030-03-01T00:00:00Z'))).toBeNull();
  });

  test('a promo ends at midnight Jakarta time after its last day', () => {
    expect(promoEndInstant('2029-12-31').toISOString()).toBe('2029-12-31T17:00:00.000Z');
    expect(nextChangeFrom(times, new Date('2029-07-01T00:00:00Z'))).toEqual({
      at: new Date('2029-12-31T17:00:00Z'),
      documentId: 'promo-d',
      kind: 'promo-end',
    });
  });

  test('reads the bundled dataset: the scheduled destination is the next change after mid-2031 promos', async () => {
    const content = createContent(
      readContentEnv({
        CONTENT_DATASET: fileURLToPath(new URL('../../content/dataset/production.ndjson', import.meta.url)),
      }),
    );
    expect(await nextScheduledChange(new Date('2031-01-01T00:00:00Z'), content)).toEqual({
      at: new Date('2031-06-30T17:00:00Z'),
      documentId: 'destination-labuan-bajo',
      kind: 'publish',
    });
    // The bundle's longest active promos run until 2027-06-30: their end is the next change after April 2027.
    expect((await nextScheduledChange(new Date('2027-04-01T00:00:00Z'), content))?.at).toEqual(
      new Date('2027-06-30T17:00:00Z'),
    );
  });
});

describe('rebuild scheduler (injected clock and timers)', () => {
  function fakeTimers() {
    const timers: { fn: () => void; ms: number }[] = [];
    return { timers, setTimer: (fn: () => void, ms: number) => timers.push({ fn, ms }), clearTimer: () => {} };
  }

  test('arms a timer for the next change and requests a rebuild when it fires', async () => {
    let clock = new Date('2031-06-30T16:00:00Z');
    const reasons: string[] = [];
    const t = fakeTimers();
    const scheduler = createRebuildScheduler({
      now: () => clock,
      next: async (now) =>
        nextChangeFrom(
          {
            instants: [{ _id: 'destination-labuan-bajo', publishAt: '2031-06-30T17:00:00Z', unpublishAt: null }],
            promoEnds: [],
          },
          now,
        ),
      requestRebuild: (r) => reasons.push(r),
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    expect(await scheduler.arm()).toEqual(new Date('2031-06-30T17:00:00Z'));
    expect(t.timers[0].ms).toBe(60 * 60 * 1000);
    clock = new Date('2031-06-30T17:00:00Z');
    t.timers[0].fn();
    expect(reasons).toEqual(['scheduled change of destination-labuan-bajo at 2031-06-30T17:00:00.000Z']);
    await Promise.resolve();
    await Promise.resolve();
    expect(scheduler.armedFor()).toBeNull();
  });

  test('far-away changes are re-checked in bounded steps without rebuilding early', async () => {
    const reasons: string[] = [];
    const t = fakeTimers();
    const scheduler = createRebuildScheduler({
      now: () => new Date('2026-01-01T00:00:00Z'),
      next: async () => ({ at: new Date('2031-01-01T00:00:00Z'), documentId: 'x' }),
      requestRebuild: (r) => reasons.push(r),
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
      maxDelayMs: 1000,
    });
    await scheduler.arm();
    expect(t.timers[0].ms).toBe(1000);
    t.timers[0].fn();
    expect(reasons).toEqual([]);
  });
});
