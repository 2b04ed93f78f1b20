import { describe, expect, it, test } from 'vitest';
import { capacityLabel, lowStockCount, podCountOptions, promoAlertMessage, promoApplies } from './search-result.ts';
import type { RoomTypeResult, SearchResult } from '../../core/contracts/responses.ts';

const room = (over: Partial<RoomTypeResult>): RoomTypeResult => ({
  id: 1,
  roomRemaining: 5,
  label: 'Single',
  name: 'Single',
  description: '',
  mainPictureUrl: '',
  nights: 1,
  grossRevenue: 150_000,
  roomPriceFake: 195_000,
  promotionPrice: 150_000,
  tax: 15_000,
  serviceFee: 7_500,
  totalPrice: 172_500,
  insurancePrice: 0,
  insuranceProvider: null,
  returnMessagePromo: '',
  bedSize: '',
  capacity: 1,
  capacityChildren: 0,
  facility: [],
  ...over,
});
const result = (roomTypes: RoomTypeResult[], messagePromo = 'Pakai kode BOBOHEMAT ya!'): SearchResult => ({
  hotel: { id: 1, isCabin: 0, timeZoneLabel: 'WIB' },
  checkInDate: '',
  checkOutDate: '',
  nights: 1,
  promoCode: null,
  messagePromo,
  roomTypes,
});

describe('room cards', () => {
  test('"N left" above 0 and at most 5 for hotels, 3 for cabins', () => {
    expect(lowStockCount(0, false)).toBeNull();
    expect(lowStockCount(5, false)).toBe(5);
    expect(lowStockCount(6, false)).toBeNull();
    expect(lowStockCount(3, true)).toBe(3);
    expect(lowStockCount(4, true)).toBeNull();
  });
  test('pod count choice: 1 up to the stock, at most 10', () => {
    expect(podCountOptions(3)).toEqual([1, 2, 3]);
    expect(podCountOptions(40)).toHaveLength(10);
    expect(podCountOptions(0)).toEqual([]);
  });
  test('a searched code applies to a room only when it takes something off its price', () => {
    expect(promoApplies({ grossRevenue: 160_000, promotionPrice: 120_000 })).toBe(true);
    expect(promoApplies({ grossRevenue: 160_000, promotionPrice: 160_000 })).toBe(false);
  });
  test('Promo alert only when the best available price is the gross revenue and messagePromo is set', () => {
    expect(promoAlertMessage(result([room({})]))).toBe('Pakai kode BOBOHEMAT ya!');
    expect(promoAlertMessage(result([room({})], ''))).toBeNull();
    // The best price is discounted: no alert.
    expect(
      promoAlertMessage(result([room({}), room({ id: 2, grossRevenue: 160_000, promotionPrice: 120_000 })])),
    ).toBeNull();
    // Sold-out rooms do not count as the best price.
    expect(
      promoAlertMessage(
        result([room({ roomRemaining: 0, promotionPrice: 100_000, grossRevenue: 120_000 }), room({ id: 2 })]),
      ),
    ).toBe('Pakai kode BOBOHEMAT ya!');
    expect(promoAlertMessage(result([room({ roomRemaining: 0 })]))).toBeNull();
  });
});

describe('capacityLabel', () => {
  it('counts adults and children in words, in both languages', async () => {
    const { journeyEn } = await import('../../core/i18n/journey-en.ts');
    const { journeyId } = await import('../../core/i18n/journey-id.ts');
    const en = journeyEn.booking;
    const id = journeyId.booking;
    expect(capacityLabel(en, 1, 0)).toBe('Up to 1 adult');
    expect(capacityLabel(en, 2, 0)).toBe('Up to 2 adults');
    expect(capacityLabel(en, 2, 1)).toBe('Up to 2 adults + 1 child under 10');
    expect(capacityLabel(en, 4, 2)).toBe('Up to 4 adults + 2 children under 10');
    expect(capacityLabel(id, 1, 0)).toBe('Maksimal 1 dewasa');
    expect(capacityLabel(id, 2, 1)).toBe('Maksimal 2 dewasa + 1 anak di bawah 10 tahun');
  });
});
