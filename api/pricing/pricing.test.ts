import { describe, expect, it } from 'vitest';
import type { ApiError } from '../http/errors.ts';
import { formatRupiah, zoneLabel } from '../../core/money.ts';
import { applyBps, priceStay, promoDiscount, redeemPoints } from './pricing.ts';
import type { PromoRule } from './pricing.ts';

const nights = [
  { date: '2026-01-02', price: 200_000, fakePrice: 260_000 },
  { date: '2026-01-03', price: 240_000, fakePrice: 312_000 },
];
const percent: PromoRule = {
  code: 'P20',
  discountType: 'percent',
  discountValue: 20,
  maxDiscount: 100_000,
  minSpend: 100_000,
  isFoc: false,
  paymentMethods: [],
};

describe('pricing rules', () => {
  it('gross revenue is the sum of nightly rates times rooms, fake price likewise', () => {
    const r = priceStay({ nights, rooms: 2 });
    expect(r.grossRevenue).toBe(880_000);
    expect(r.fakePrice).toBe(1_144_000);
    expect(r.nights).toBe(2);
  });
  it('tax is 10% and service fee 5% of the room after discounts, rounded half up', () => {
    const r = priceStay({ nights: [{ date: '2026-01-02', price: 100_005, fakePrice: 0 }], rooms: 1 });
    expect(r.tax).toBe(10_001);
    expect(r.serviceFee).toBe(5_000);
    expect(applyBps(15, 1_000)).toBe(2); // 1.5 rounds up
    const withPromo = priceStay({ nights, rooms: 1, promo: percent });
    expect(withPromo.tax).toBe(applyBps(440_000 - 88_000, 1_000));
  });
  it('percent promo is capped by max discount', () => {
    expect(promoDiscount(percent, 440_000, nights, null).discount).toBe(88_000);
    expect(promoDiscount(percent, 880_000, nights, null).discount).toBe(100_000);
  });
  it('amount promo never exceeds the room price', () => {
    const amount = { ...percent, discountType: 'amount', discountValue: 500_000, maxDiscount: null, minSpend: 0 };
    expect(promoDiscount(amount, 440_000, nights, null).discount).toBe(440_000);
  });
  it('promo below min spend is not applied', () => {
    expect(promoDiscount(percent, 90_000, nights, null)).toMatchObject({
      applied: false,
      reason: 'min_spend',
      discount: 0,
    });
  });
  it('promo restricted to payment methods is dropped for another method and kept for a listed one', () => {
    const ewallet = { ...percent, paymentMethods: ['ovo', 'gopay'] };
    expect(promoDiscount(ewallet, 440_000, nights, 'bca_va')).toMatchObject({
      applied: false,
      reason: 'payment_method',
    });
    expect(promoDiscount(ewallet, 440_000, nights, 'gopay')).toMatchObject({ applied: true, discount: 88_000 });
    expect(promoDiscount(ewallet, 440_000, nights, null).applied).toBe(true);
  });
  it('free-of-charge voucher takes the cheapest night off for one room, only from two nights', () => {
    const foc = { ...percent, isFoc: true, minSpend: 0 };
    expect(promoDiscount(foc, 880_000, nights, null).discount).toBe(200_000);
    expect(promoDiscount(foc, 200_000, nights.slice(0, 1), null).reason).toBe('min_nights');
  });
  it('insurance and carbon offset are charged per room per night', () => {
    const r = priceStay({ nights, rooms: 2, insurancePerRoomNight: 5_000, ancillaryPerRoomNight: [2_500] });
    expect(r.insurance).toBe(20_000);
    expect(r.ancillary).toBe(10_000);
    expect(r.addOnPrice).toBe(30_000);
    expect(r.total).toBe(880_000 + 88_000 + 44_000 + 30_000);
  });
  it('payment channel fee is flat plus basis points of what remains to pay', () => {
    const r = priceStay({
      nights,
      rooms: 1,
      paymentChannel: { code: 'cc', feeFlat: 2_000, feeBps: 290, minAmount: 0 },
    });
    const before = 440_000 + 44_000 + 22_000;
    expect(r.paymentChannelFee).toBe(2_000 + applyBps(before, 290));
    expect(r.total).toBe(before + r.paymentChannelFee);
  });
  it('points redeem in steps of 5,000, at most 100,000, within the balance', () => {
    expect(redeemPoints(10_000, 50_000, 500_000)).toBe(10_000);
    const codeOf = (f: () => unknown) => {
      try {
        f();
        return null;
      } catch (e) {
        return (e as ApiError).code;
      }
    };
    expect(codeOf(() => redeemPoints(7_000, 50_000, 500_000))).toBe('points_step');
    expect(codeOf(() => redeemPoints(105_000, 500_000, 500_000))).toBe('points_max');
    const err = (() => {
      try {
        redeemPoints(20_000, 15_000, 500_000);
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(err?.messages.id).toBe('Gagal menggunakan Bobopoint: Kamu tidak memiliki total Bobopoint yang cukup');
    expect(err?.messages.en).toBe("Failed to redeem Bobopoint: You don't have enough Bobopoint to be redeemed");
  });
  it('points reduce the total and cancel the 15,000 earned on checkout', () => {
    const plain = priceStay({ nights, rooms: 1 });
    const used = priceStay({ nights, rooms: 1, pointsRequested: 20_000, pointsBalance: 30_000 });
    expect(plain.pointsEarned).toBe(15_000);
    expect(used.pointsEarned).toBe(0);
    expect(used.total).toBe(plain.total - 20_000);
  });
  it('spreads the promo over nights so per-night promotion prices add up', () => {
    const r = priceStay({ nights, rooms: 1, promo: percent });
    expect(r.perNight.reduce((s, n) => s + n.promotionPrice, 0)).toBe(r.roomAfterDiscount);
  });
  it('formats Rupiah with dot thousands and labels zones', () => {
    expect(formatRupiah(1_250_000)).toBe('Rp 1.250.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(zoneLabel('Asia/Makassar')).toBe('WITA');
    expect(zoneLabel('Asia/Jayapura')).toBe('WIT');
  });
});
