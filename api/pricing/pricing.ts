import { ApiError } from '../http/errors.ts';
import { formatPoints } from '../../core/money.ts';
import { POINTS_EARNED_PER_CHECKOUT, POINTS_MAX_PER_BOOKING, POINTS_STEP } from '../../core/contracts/payment.ts';
import { SERVICE_FEE_BPS, TAX_BPS } from './pricing.constants.ts';

// The one place a price is computed. Every amount is an integer number of Rupiah; percentages are
// applied with integer arithmetic and rounded half up, once per line.

export type NightRate = { date: string; price: number; fakePrice: number };
export type PromoRule = {
  code: string;
  discountType: string; // 'percent' | 'amount'
  discountValue: number;
  maxDiscount: number | null;
  minSpend: number;
  isFoc: boolean;
  paymentMethods: string[];
};
export type ChannelFee = { code: string; feeFlat: number; feeBps: number; minAmount: number };

export type PriceInput = {
  nights: NightRate[];
  rooms: number;
  promo?: PromoRule | null;
  paymentChannel?: ChannelFee | null;
  /** Insurance premium per room per night when the add-on is chosen. */
  insurancePerRoomNight?: number | null;
  /** Carbon-offset (and other ancillary) prices per room per night. */
  ancillaryPerRoomNight?: number[];
  pointsRequested?: number;
  pointsBalance?: number;
};

export type PromoOutcome = {
  code: string;
  applied: boolean;
  reason: 'ok' | 'min_spend' | 'payment_method' | 'min_nights';
  discount: number;
};

export type PriceResult = {
  nights: number;
  rooms: number;
  grossRevenue: number;
  fakePrice: number;
  promo: PromoOutcome | null;
  promoDiscount: number;
  roomAfterDiscount: number;
  tax: number;
  serviceFee: number;
  insurance: number;
  ancillary: number;
  addOnPrice: number;
  pointsUsed: number;
  paymentChannelFee: number;
  total: number;
  pointsEarned: number;
  perNight: { date: string; price: number; fakePrice: number; grossRevenue: number; promotionPrice: number }[];
};

/** Half-up rounding of amount * bps / 10000 in integers. */
export function applyBps(amount: number, bps: number): number {
  return Math.floor((amount * bps + 5_000) / 10_000);
}

export function promoDiscount(
  promo: PromoRule,
  gross: number,
  nights: NightRate[],
  channelCode: string | null | undefined,
): PromoOutcome {
  const out = (reason: PromoOutcome['reason'], discount = 0): PromoOutcome => ({
    code: promo.code,
    applied: reason === 'ok',
    reason,
    discount,
  });
  if (channelCode && promo.paymentMethods.length > 0 && !promo.paymentMethods.includes(channelCode))
    return out('payment_method');
  if (gross < promo.minSpend) return out('min_spend');
  if (promo.isFoc) {
    // One free night for one room: the cheapest night, and only on stays of two nights or more.
    if (nights.length < 2) return out('min_nights');
    return out('ok', Math.min(...nights.map((n) => n.price)));
  }
  let discount = promo.discountType === 'percent' ? applyBps(gross, promo.discountValue * 100) : promo.discountValue;
  if (promo.maxDiscount !== null) discount = Math.min(discount, promo.maxDiscount);
  return out('ok', Math.max(0, Math.min(discount, gross)));
}

export function pointsError(code: string, en: string, id: string) {
  return new ApiError(422, code, { id, en });
}

/** Validate a Bobopoint redemption: steps of 5,000, at most 100,000, never above the balance or the bill. */
export function redeemPoints(requested: number, balance: number, payable: number): number {
  if (requested <= 0) return 0;
  if (requested % POINTS_STEP !== 0) {
    throw pointsError(
      'points_step',
      `Failed to redeem Bobopoint: points are redeemed in steps of ${formatPoints(POINTS_STEP)}`,
      `Gagal menggunakan Bobopoint: Bobopoint dipakai kelipatan ${formatPoints(POINTS_STEP)}`,
    );
  }
  if (requested > POINTS_MAX_PER_BOOKING) {
    throw pointsError(
      'points_max',
      'Failed to redeem Bobopoint: at most 100.000 Bobopoint per booking',
      'Gagal menggunakan Bobopoint: maksimal 100.000 Bobopoint per pemesanan',
    );
  }
  if (requested > balance) {
    throw pointsError(
      'points_insufficient',
      "Failed to redeem Bobopoint: You don't have enough Bobopoint to be redeemed",
      'Gagal menggunakan Bobopoint: Kamu tidak memiliki total Bobopoint yang cukup',
    );
  }
  if (requested > payable) {
    throw pointsError(
      'points_over_total',
      'Failed to redeem Bobopoint: the points are more than the total to pay',
      'Gagal menggunakan Bobopoint: jumlahnya melebihi total yang harus dibayar',
    );
  }
  return requested;
}

export function priceStay(input: PriceInput): PriceResult {
  const { nights, rooms } = input;
  const gross = nights.reduce((sum, n) => sum + n.price, 0) * rooms;
  const fake = nights.reduce((sum, n) => sum + n.fakePrice, 0) * rooms;
  const promo = input.promo ? promoDiscount(input.promo, gross, nights, input.paymentChannel?.code) : null;
  const discount = promo?.discount ?? 0;
  const roomAfterDiscount = gross - discount;
  const tax = applyBps(roomAfterDiscount, TAX_BPS);
  const serviceFee = applyBps(roomAfterDiscount, SERVICE_FEE_BPS);
  const roomNights = rooms * nights.length;
  const insurance = (input.insurancePerRoomNight ?? 0) * roomNights;
  const ancillary = (input.ancillaryPerRoomNight ?? []).reduce((s, p) => s + p, 0) * roomNights;
  const beforePoints = roomAfterDiscount + tax + serviceFee + insurance + ancillary;
  const pointsUsed = redeemPoints(input.pointsRequested ?? 0, input.pointsBalance ?? 0, beforePoints);
  const afterPoints = beforePoints - pointsUsed;
  const channel = input.paymentChannel;
  const paymentChannelFee = channel && afterPoints > 0 ? channel.feeFlat + applyBps(afterPoints, channel.feeBps) : 0;
  // The promo is spread over the nights in proportion to their price so per-night revenue adds up.
  let left = discount;
  const perNight = nights.map((n, i) => {
    const nightGross = n.price * rooms;
    const share = i === nights.length - 1 ? left : Math.floor((discount * nightGross) / Math.max(gross, 1));
    left -= share;
    return {
      date: n.date,
      price: n.price,
      fakePrice: n.fakePrice,
      grossRevenue: nightGross,
      promotionPrice: nightGross - share,
    };
  });
  return {
    nights: nights.length,
    rooms,
    grossRevenue: gross,
    fakePrice: fake,
    promo,
    promoDiscount: discount,
    roomAfterDiscount,
    tax,
    serviceFee,
    insurance,
    ancillary,
    addOnPrice: insurance + ancillary,
    pointsUsed,
    paymentChannelFee,
    total: afterPoints + paymentChannelFee,
    pointsEarned: pointsUsed > 0 ? 0 : POINTS_EARNED_PER_CHECKOUT,
    perNight,
  };
}
