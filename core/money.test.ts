import { describe, expect, it } from 'vitest';
import { formatPoints, formatRupiah, shortRupiah } from './money.ts';

describe('formatRupiah', () => {
  it('groups whole rupiah with dots in every language', () => {
    expect(formatRupiah(1_250_000)).toBe('Rp 1.250.000');
    expect(formatRupiah(1_000)).toBe('Rp 1.000');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(formatRupiah(12_345_678_901)).toBe('Rp 12.345.678.901');
    expect(formatRupiah(0)).toBe('Rp 0');
  });

  it('puts the sign before the symbol and never shows minus zero', () => {
    expect(formatRupiah(-50_000)).toBe('-Rp 50.000');
    expect(formatRupiah(-0.4)).toBe('Rp 0');
    expect(formatRupiah(-0)).toBe('Rp 0');
  });

  it('rounds a fraction half away from zero (a percentage discount), never truncates', () => {
    expect(formatRupiah(1_249.5)).toBe('Rp 1.250');
    expect(formatRupiah(1_249.49)).toBe('Rp 1.249');
    expect(formatRupiah(99_999.6)).toBe('Rp 100.000');
    expect(formatRupiah(-1_249.5)).toBe('-Rp 1.250');
  });
});

describe('formatPoints', () => {
  it('is the same grouping without the symbol', () => {
    expect(formatPoints(15_000)).toBe('15.000');
    expect(formatPoints(500)).toBe('500');
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(-0.2)).toBe('0');
  });
});

describe('shortRupiah (calendar cells)', () => {
  it('writes thousands as rb / k and millions with the decimal each language uses', () => {
    expect(shortRupiah(145_000, 'id')).toBe('145rb');
    expect(shortRupiah(145_000, 'en')).toBe('145k');
    expect(shortRupiah(1_250_000, 'id')).toBe('1,3jt');
    expect(shortRupiah(1_250_000, 'en')).toBe('1.3m');
    expect(shortRupiah(1_020_000, 'id')).toBe('1jt');
    expect(shortRupiah(2_000_000, 'en')).toBe('2m');
    expect(shortRupiah(999_600, 'id')).toBe('1jt');
  });
});
