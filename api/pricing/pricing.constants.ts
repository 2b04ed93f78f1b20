// Business constants of the price. Rates are in basis points (1/100 of a percent).
export const TAX_BPS = 1_000; // 10% hotel tax (PB1) on the room after discounts
export const SERVICE_FEE_BPS = 500; // 5% service fee on the room after discounts
// The points rules (step, cap, what a stay earns) live in core/contracts/payment.ts, shared with the islands.
export const INSURANCE_COVER = 10_000_000;
