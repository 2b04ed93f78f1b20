import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/database.ts';
import { openTestDatabase } from '../auth/test-db.ts';
import type { AppDeps } from '../platform/deps.ts';
import { JOBS } from '../jobs.ts';
import { EVENTS_KEEP_DAYS, pruneOldEvents } from './events.service.ts';

// The events table does not grow for ever: the job events.retain deletes what is older than two years.

const NOW = new Date('2026-11-26T08:00:00Z');
const DAY = 86_400_000;
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const addEvents = (daysAgo: number, n: number) =>
  database.executeSql(
    `insert into analytics_events (name, received_at, client_id, page_path, fields)
     select 'page_view', $1::timestamptz, 'c' || g, '/', '{}'::jsonb from generate_series(1, $2::int) g`,
    [new Date(NOW.getTime() - daysAgo * DAY).toISOString(), n],
  );
const count = async () =>
  Number((await database.executeSql('select count(*)::int as n from analytics_events')).rows[0]!.n);

describe('events retention', () => {
  it('deletes events older than the kept days in batches, keeps the rest, and runs as a job', async () => {
    await addEvents(EVENTS_KEEP_DAYS + 30, 12_000); // more than two batches
    await addEvents(EVENTS_KEEP_DAYS - 1, 3);
    await addEvents(0, 2);
    expect(await pruneOldEvents(database, NOW)).toBe(12_000);
    expect(await count()).toBe(5);
    expect(await pruneOldEvents(database, NOW)).toBe(0);
    await addEvents(EVENTS_KEEP_DAYS + 1, 4);
    await JOBS['events.retain'].run({ database } as unknown as AppDeps, NOW);
    expect(await count()).toBe(5);
  });
});
