import { beforeEach, describe, expect, it, vi } from 'vitest';

// The hotel list is asked for on the guest's first move and again by a tap on the list that came
// first (islands/search/search-filter.tsx): one request serves both.
const openCall = vi.fn();
vi.mock('../lib/api-on-demand.ts', () => ({ openCall, gqlOpen: vi.fn() }));
const { $hotels, $hourlyHotels, loadHotels, loadHourlyHotels } = await import('./$search.ts');

const HOTEL = {
  id: 6,
  slug: 'bobobox-malioboro',
  name: 'Bobobox Malioboro',
  city: 'Yogyakarta',
  isCabin: false,
  webMaxDuration: 14,
};

describe('loadHotels and loadHourlyHotels', () => {
  beforeEach(() => {
    $hotels.set([]);
    $hourlyHotels.set([]);
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

  it('the hourly list the same way, with its own type and store', async () => {
    openCall.mockResolvedValue({ data: [HOTEL] });
    const both = await Promise.all([loadHourlyHotels(), loadHourlyHotels()]);
    expect(both).toEqual([[HOTEL], [HOTEL]]);
    expect(openCall).toHaveBeenCalledTimes(1);
    expect(openCall).toHaveBeenCalledWith({ path: 'clients/v1/hotel', query: { hotelTypeId: 2 } });
    expect($hourlyHotels.get()).toEqual([HOTEL]);
    expect($hotels.get()).toEqual([]);
  });

  it('asks again after a failed request', async () => {
    openCall.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ data: [HOTEL] });
    await expect(loadHotels()).rejects.toThrow('offline');
    expect(await loadHotels()).toEqual([HOTEL]);
    expect(openCall).toHaveBeenCalledTimes(2);
  });
});
