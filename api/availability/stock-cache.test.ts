import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/database.ts';
import { StockCache } from './stock-cache.ts';

// The cache's rules without a database: a driver stand-in whose answers the test releases by hand,
// so a notification can land while a read is in flight.

const STATEMENT = { name: 'test_stock_v1', text: 'select $1' };

function fakeDb() {
  let answer = 0;
  const pending: (() => void)[] = [];
  const db = {
    $client: {
      query: (_text: string, params: unknown[]) =>
        new Promise<{ rows: unknown[] }>((resolve) => {
          const value = answer;
          pending.push(() => resolve({ rows: [{ hotel: params[0], value }] }));
        }),
    },
  } as unknown as Db;
  return {
    db,
    queries: () => pending.length,
    set: (value: number) => (answer = value),
    /** Let the oldest query answer with the value it read when it ran. */
    release: () => pending.shift()!(),
  };
}

const valueOf = (rows: unknown[]) => (rows[0] as { value: number }).value;

async function read(cache: StockCache, fake: ReturnType<typeof fakeDb>, hotel: number) {
  const p = cache.read(fake.db, hotel, STATEMENT, [hotel], valueOf);
  // Answer at once unless the caller wants to hold the query (then it releases by itself).
  await Promise.resolve();
  if (fake.queries() > 0) fake.release();
  return p;
}

describe('StockCache', () => {
  it('serves nothing before its listener is live, then serves a warmed key without a query', async () => {
    const cache = new StockCache();
    const fake = fakeDb();
    let sent = 0;
    const counting = { ...fake, release: () => (sent++, fake.release()) };
    expect(await read(cache, counting, 1)).toBe(0);
    expect(await read(cache, counting, 1)).toBe(0);
    expect(sent).toBe(2);
    cache.setLive(true);
    await read(cache, counting, 1);
    await read(cache, counting, 1);
    expect(sent).toBe(3);
  });

  it('never keeps an answer read before a notification that arrives while the query runs', async () => {
    const cache = new StockCache();
    cache.setLive(true);
    const fake = fakeDb();
    fake.set(5);
    const inFlight = cache.read(fake.db, 1, STATEMENT, [1], valueOf);
    await Promise.resolve();
    fake.set(4); // the change commits...
    cache.notified('1'); // ...and its notification arrives before the old answer does
    fake.release();
    expect(await inFlight).toBe(5);
    expect(await read(cache, fake, 1)).toBe(4);
  });

  it('a read after a local write never joins a query that started before it', async () => {
    const cache = new StockCache();
    cache.setLive(true);
    const fake = fakeDb();
    fake.set(5);
    const before = cache.read(fake.db, 1, STATEMENT, [1], valueOf);
    await Promise.resolve();
    fake.set(4);
    cache.invalidate(1, 'local');
    const after = cache.read(fake.db, 1, STATEMENT, [1], valueOf);
    await Promise.resolve();
    expect(fake.queries()).toBe(2);
    fake.release();
    fake.release();
    expect(await before).toBe(5);
    expect(await after).toBe(4);
    // Without a change in between, concurrent misses of one key share one query.
    cache.invalidate(1, 'local');
    fake.set(3);
    const one = cache.read(fake.db, 1, STATEMENT, [1], valueOf);
    const two = cache.read(fake.db, 1, STATEMENT, [1], valueOf);
    await Promise.resolve();
    expect(fake.queries()).toBe(1);
    fake.release();
    expect([await one, await two]).toEqual([3, 3]);
  });

  it("drops a hotel's answers on its notification, '*' drops every hotel's, another hotel's keeps them", async () => {
    const cache = new StockCache();
    cache.setLive(true);
    const fake = fakeDb();
    fake.set(1);
    await read(cache, fake, 1);
    await read(cache, fake, 2);
    fake.set(2);
    cache.notified('2');
    expect(await read(cache, fake, 1)).toBe(1);
    expect(await read(cache, fake, 2)).toBe(2);
    fake.set(3);
    cache.notified('*');
    expect(await read(cache, fake, 1)).toBe(3);
    expect(await read(cache, fake, 2)).toBe(3);
  });

  it('empties itself and reads past itself while the listener is lost', async () => {
    const cache = new StockCache();
    cache.setLive(true);
    const fake = fakeDb();
    fake.set(1);
    await read(cache, fake, 1);
    cache.setLive(false);
    fake.set(2);
    expect(await read(cache, fake, 1)).toBe(2);
    cache.setLive(true);
    fake.set(3);
    expect(await read(cache, fake, 1)).toBe(3);
  });
});

describe('StockCache entry age', () => {
  it('never serves an answer older than its maximum age, even with the listener live and silent', async () => {
    const cache = new StockCache(4096, 40);
    cache.setLive(true);
    const fake = fakeDb();
    let sent = 0;
    const counting = { ...fake, release: () => (sent++, fake.release()) };
    fake.set(1);
    expect(await read(cache, counting, 3)).toBe(1);
    fake.set(2);
    expect(await read(cache, counting, 3)).toBe(1); // within its age: from the cache
    expect(sent).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await read(cache, counting, 3)).toBe(2); // past its age: read again
    expect(sent).toBe(2);
  });
});
