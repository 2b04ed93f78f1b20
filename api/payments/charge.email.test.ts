import { describe, expect, it } from 'vitest';
import { confirmationEmail } from './charge.email.ts';
import type { ConfirmationData } from './charge.email.ts';
import { emailEn } from '../../core/i18n/email-en.ts';
import { emailId } from '../../core/i18n/email-id.ts';
import { textPaymentLines } from './test-money.ts';

/** The e-mail's payment block: its lines and its total, whose label is the catalogue's. */
function paymentLines(text: string, heading: string, totalLabel: string) {
  const { lines, total } = textPaymentLines(text, heading);
  expect(total.label).toBe(totalLabel);
  return { lines, total: total.amount };
}

const data = (lang: 'en' | 'id'): ConfirmationData => ({
  lang,
  guestName: 'Sari',
  guestEmail: 'sari@example.com',
  orderId: 'BBX-1',
  invoiceNumber: 'INV/1',
  hotel: {
    name: 'Bobobox Blok M',
    address: 'Jl. Panglima Polim 12',
    telephone: '021',
    timeZone: 'Asia/Jakarta',
    checkInTime: '14:00',
    checkOutTime: '12:00',
    latitude: -6.2,
    longitude: 106.8,
  },
  roomName: 'Single Sky',
  pods: 2,
  checkIn: '2026-12-01',
  checkOut: '2026-12-03',
  // 580.000 room - 58.000 voucher, 10 % tax and 5 % service on the rest, insurance and carbon offset
  // for 4 room-nights, 10.000 points, a payment fee: 703.900 charged.
  paid: 703_900,
  price: {
    room: 580_000,
    voucher: 58_000,
    tax: 52_200,
    service: 26_100,
    insurance: 20_000,
    carbonOffset: 10_000,
    points: 10_000,
    paymentFee: 83_600,
  },
  pointsEarned: 0,
  siteUrl: 'http://127.0.0.1:4461',
  reservationId: 42,
  issuedAt: new Date('2026-11-26T03:15:30Z'),
});

describe('the confirmation e-mail lists what was paid', () => {
  it.each([
    ['en', emailEn],
    ['id', emailId],
  ] as const)('every part of the price, adding up to the total (%s)', async (lang, catalogue) => {
    const c = catalogue.confirmation;
    const mail = await confirmationEmail(data(lang));
    const { lines, total } = paymentLines(mail.text, c.payment, c.paid);
    expect(lines.map((l) => l.label)).toEqual([
      c.price.room,
      c.price.voucher,
      c.price.tax,
      c.price.service,
      c.price.insurance,
      c.price.carbonOffset,
      c.price.points,
      c.price.paymentFee,
    ]);
    expect(total).toBe(703_900);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(total);
    expect(mail.text).toContain(`${c.price.voucher}: -Rp 58.000`);
    // The HTML shows the same lines.
    for (const l of lines) expect(mail.html).toContain(l.label);
    expect(mail.html).toContain('Rp 703.900');
  });

  it('leaves out the parts a booking does not have', async () => {
    const d = data('en');
    // No voucher: tax and service on the full room price, and nothing else chosen.
    d.price = {
      room: 580_000,
      voucher: 0,
      tax: 58_000,
      service: 29_000,
      insurance: 0,
      carbonOffset: 0,
      points: 0,
      paymentFee: 0,
    };
    d.paid = 580_000 + 58_000 + 29_000;
    const { lines, total } = paymentLines((await confirmationEmail(d)).text, 'Payment', 'Total paid');
    expect(lines.map((l) => l.label)).toEqual(['Room', 'Tax (10%)', 'Service fee (5%)']);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(total);
  });

  it('attaches the calendar file with the stay in the hotel zone', async () => {
    const mail = await confirmationEmail(data('id'));
    const ics = Buffer.from(
      mail.attachments.find((a) => a.contentType === 'text/calendar')!.content,
      'base64',
    ).toString();
    expect(ics).toContain('\r\nDTSTART;TZID=Asia/Jakarta:20261201T140000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=Asia/Jakarta:20261203T120000\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261126T031530Z\r\n');
  });
});
