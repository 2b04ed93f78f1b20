import { beforeAll, describe, it } from 'vitest';
import { bookingTestApp } from '../db/test-booking.ts';
import { noHourSoldTwice } from './hour-stock.property.test-helpers.ts';

// On the embedded backend (PGlite): no room-hour of an hourly hotel is ever held beyond its web
// stock, whatever mix of stays and blocks guests book (the property: hour-stock.property.test-helpers.ts).

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
});

describe('hours at an hourly hotel (PGlite)', () => {
  it('are never sold beyond their stock: stays hold every hour between their nights', async () => {
    await noHourSoldTwice(t, 25);
  }, 300_000);
});
