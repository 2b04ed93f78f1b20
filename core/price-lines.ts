// The lines of a price as a guest reads them above its total (payment page, status page, the
// confirmation e-mail): every part that makes up the total, discounts as negative amounts, so the
// lines always add up to what is charged. One list for every place that shows a price.

export type PriceLineKey =
  'room' | 'voucher' | 'tax' | 'service' | 'insurance' | 'carbonOffset' | 'points' | 'paymentFee';
export type PriceLine = { key: PriceLineKey; amount: number };

/** The parts of a price, in Rupiah; discounts (voucher, points) as the positive amount taken off. */
export type PriceParts = {
  room: number;
  voucher: number;
  tax: number;
  service: number;
  insurance: number;
  carbonOffset: number;
  points: number;
  paymentFee: number;
};

/** Room, tax and service always; the optional parts only when the booking has them. */
export function priceLines(p: PriceParts): PriceLine[] {
  const lines: PriceLine[] = [
    { key: 'room', amount: p.room },
    { key: 'voucher', amount: -p.voucher },
    { key: 'tax', amount: p.tax },
    { key: 'service', amount: p.service },
    { key: 'insurance', amount: p.insurance },
    { key: 'carbonOffset', amount: p.carbonOffset },
    { key: 'points', amount: -p.points },
    { key: 'paymentFee', amount: p.paymentFee },
  ];
  return lines.filter((l) => l.amount !== 0 || l.key === 'room' || l.key === 'tax' || l.key === 'service');
}

/** The price parts of a reservation detail's priceDetail (GET /clients/v1/reservations/view). */
export function detailPriceParts(d: {
  grossRevenue: number;
  promotion: number;
  tax: number;
  serviceFee: number;
  insurance: number;
  carbonOffset: number;
  giftCertificateDiscount: number;
  bankFee: number;
}): PriceParts {
  return {
    room: d.grossRevenue,
    voucher: d.promotion,
    tax: d.tax,
    service: d.serviceFee,
    insurance: d.insurance,
    carbonOffset: d.carbonOffset,
    points: d.giftCertificateDiscount,
    paymentFee: d.bankFee,
  };
}
