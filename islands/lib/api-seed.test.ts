// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEED_ATTRIBUTE, SEED_MAX_AGE_MS, resetSeed, seedKey, seedScript, takeSeed } from './api-seed.ts';
import { gqlCall } from './gql.ts';

// The hotel page's server writes the open answers its islands ask for on load (api-seed.ts); the
// islands take each once, and never from a page older than SEED_MAX_AGE_MS.

const client = { openCall: vi.fn(), userCall: vi.fn() };
vi.mock('./api-client.ts', () => client);
const { openCall, gqlOpen } = await import('./api-on-demand.ts');

const search = {
  method: 'post' as const,
  path: 'clients/v1/search',
  form: { hotelId: 6, checkInDateTime: '2026-12-17', checkOutDateTime: '2026-12-18', promoCode: undefined },
};

function page(seed: unknown) {
  document.body.innerHTML = '';
  const block = document.createElement('script');
  block.type = 'application/json';
  block.setAttribute(SEED_ATTRIBUTE, '');
  block.textContent = typeof seed === 'string' ? seed : seedScript(seed as never);
  document.body.append(block);
  resetSeed();
}

describe('seedKey', () => {
  it('names a call by what the API receives: order of fields and empty fields do not count', () => {
    const reordered = {
      path: '/clients/v1/search',
      method: 'post' as const,
      form: { checkOutDateTime: '2026-12-18', checkInDateTime: '2026-12-17', hotelId: '6' },
    };
    expect(seedKey(reordered)).toBe(seedKey(search));
    expect(seedKey({ ...search, form: { ...search.form, promoCode: 'HEMAT' } })).not.toBe(seedKey(search));
    expect(seedKey({ path: 'clients/v1/hotel', query: { hotelTypeId: 1 } })).toBe(
      seedKey({ method: 'get', path: 'clients/v1/hotel', query: { hotelTypeId: '1' } }),
    );
    expect(seedKey({ path: 'clients/v1/hotel', query: { hotelTypeId: 2 } })).not.toBe(
      seedKey({ path: 'clients/v1/hotel', query: { hotelTypeId: 1 } }),
    );
    // A call with its own headers (an Idempotency-Key) or files is never seeded.
    expect(seedKey({ ...search, headers: { 'Idempotency-Key': 'k' } })).toBeNull();
  });

  it('writes JSON that cannot close its script element', () => {
    const text = seedScript({ at: 1, answers: { k: '</script><script>alert(1)</script>' } });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text).answers.k).toBe('</script><script>alert(1)</script>');
  });
});

describe('takeSeed and the on-demand calls', () => {
  beforeEach(() => {
    client.openCall.mockReset().mockResolvedValue({ from: 'api' });
  });

  it('answers a seeded call from the page once, without the API client; the next asks the API', async () => {
    page({ at: Date.now(), answers: { [seedKey(search)!]: { data: { roomTypes: [] } } } });
    expect(await openCall(search)).toEqual({ data: { roomTypes: [] } });
    expect(client.openCall).not.toHaveBeenCalled();
    expect(await openCall(search)).toEqual({ from: 'api' });
    expect(client.openCall).toHaveBeenCalledTimes(1);
  });

  it('answers GraphQL from the page too, and throws its errors as the API client would', async () => {
    const ok = gqlCall('query A', { hotel_id: 6 });
    const refused = gqlCall('query B', { hotel_id: 6 });
    page({
      at: Date.now(),
      answers: {
        [seedKey(ok)!]: { data: { RoomAvailability: [] } },
        [seedKey(refused)!]: { errors: [{ message: 'Tanggal tidak valid', extensions: { code: 'bad_date' } }] },
      },
    });
    expect(await gqlOpen('query A', { hotel_id: 6 })).toEqual({ RoomAvailability: [] });
    await expect(gqlOpen('query B', { hotel_id: 6 })).rejects.toMatchObject({
      status: 400,
      code: 'bad_date',
      message: 'Tanggal tidak valid',
    });
    expect(client.openCall).not.toHaveBeenCalled();
  });

  it('ignores a page older than the cache allows, a page from the future and a damaged block', async () => {
    const now = Date.now();
    for (const at of [now - SEED_MAX_AGE_MS - 1, now + SEED_MAX_AGE_MS + 1]) {
      page({ at, answers: { [seedKey(search)!]: { data: 'stale' } } });
      expect(takeSeed(search, now)).toBeUndefined();
    }
    page({ at: now - SEED_MAX_AGE_MS + 1_000, answers: { [seedKey(search)!]: { data: 'fresh' } } });
    expect(takeSeed(search, now)).toEqual({ data: 'fresh' });
    page('{"at": 1, "answers": ');
    expect(await openCall(search)).toEqual({ from: 'api' });
    document.body.innerHTML = '';
    resetSeed();
    expect(await openCall(search)).toEqual({ from: 'api' });
  });
});
