import { describe, expect, it } from 'vitest';
import { durationOptions } from '../stores/$search.ts';
import { rangeAllowed } from './old-search-filter.tsx';

describe('range limits of the two filter variants', () => {
  it('the old filter allows 1 to 15 nights and blocks longer ranges', () => {
    expect(rangeAllowed('2026-12-01', '2026-12-02')).toBe(true);
    expect(rangeAllowed('2026-12-01', '2026-12-16')).toBe(true); // 15 nights
    expect(rangeAllowed('2026-12-01', '2026-12-17')).toBe(false); // 16 nights
    expect(rangeAllowed('2026-12-01', '2026-12-01')).toBe(false);
    expect(rangeAllowed('2026-12-05', '2026-12-01')).toBe(false);
  });
  it('the new filter offers at most 14 nights', () => {
    const options = durationOptions(30);
    expect(options.map((o) => o.nights)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(options.every((o) => !o.disabled)).toBe(true);
  });
});
