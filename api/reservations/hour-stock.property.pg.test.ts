import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Database } from '../platform/database.ts';
import { bookingTestApp } from '../db/test-booking.ts';
import { freshPgDatabase } from '../../tests/helpers/pg-nodes.ts';
import { noHourSoldTwice } from './hour-stock.property.test-helpers.ts';

// On real PostgreSQL: the same property as hour-stock.property.int.test.ts.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let database: Database;
let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  database = await freshPgDatabase(url, 4);
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600', DATABASE_URL: url }, database);
});
afterAll(() => database.close());

describe('hours at an hourly hotel (PostgreSQL)', () => {
  it('are never sold beyond their stock: stays hold every hour between their nights', async () => {
    await noHourSoldTwice(t, 25);
  }, 300_000);
});
