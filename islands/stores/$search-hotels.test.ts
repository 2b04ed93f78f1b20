import { beforeEach, describe, expect, it, vi } from 'vitest';

// The hotel list is asked for on the guest's first move and again by a tap on the list that came
// first (islands/search/search-filter.tsx): one request serves both.
const openCall = vi.fn();
vi.mock('../lib/api-on-demand.ts', () => ({ openCall, gqlOpen: vi.fn() }));
const { $hotels, loadHotels } = await import('./$search.ts');

const HOTEL = {
  id: 6,
  slug: 'bobobox-malioboro',
  name: 'Bobobox Malioboro',
  city: 'Yogyakarta',
  isCabin: false,
  webMaxDuration: 14,
};

describe('loadHotels', () => {
  beforeEach(() => {
    $hotels.set([]);
    openCall.mockReset();
  });

  it('asks once while the list is on its way, and not again once it is there', async () => {
    let answer: (v: unknown) => void = () => undefined;
    openCall.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const first = loadHotels();
    const second = loadHotels();
    answer({ data: [{ ...HOTEL, extra: 'dropped' }] });
    expect(await first).toEqual([HOTEL]);
    expect(await second).toEqual([HOTEL]);
    expect(await loadHotels()).toEqual([HOTEL]);
    expect(openCall).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed request', async () => {
    openCall.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ data: [HOTEL] });
    await expect(loadHotels()).rejects.toThrow('offline');
    expect(await loadHotels()).toEqual([HOTEL]);
    expect(openCall).toHaveBeenCalledTimes(2);
  });
});
