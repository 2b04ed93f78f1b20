import QRCode from 'qrcode';
import { Temporal } from '../../core/temporal.ts';
import type { ApiLang } from '../http/errors.ts';
import type { OutboxAttachment } from '../outbox/outbox.schema.ts';
import type { PriceResult } from '../pricing/pricing.ts';
import { formatPoints, formatRupiah, zoneLabel } from '../../core/money.ts';
import { formatDate } from '../../core/dates.ts';
import { emailEn } from '../../core/i18n/email-en.ts';
import { emailId } from '../../core/i18n/email-id.ts';
import type { PriceParts } from '../../core/price-lines.ts';
import { priceLines } from '../../core/price-lines.ts';
import { calendarFile, stayBounds } from './calendar.ts';
import type { CalendarData } from './calendar.ts';
import { escapeHtml } from '../../core/html.ts';

/**
 * A day-use block as the reservation answers carry it (api/reservations: `dayUseView`): its length,
 * its start and end in the hotel's zone (`YYYY-MM-DD HH:mm:ss`) and the times alone (`HH:mm`).
 */
export type ConfirmationData = CalendarData & {
  guestName: string;
  guestEmail: string;
  invoiceNumber: string;
  /** What was charged (`paid`), and the parts it is made of (they add up to it). */
  price: PriceParts;
  pointsEarned: number;
};

/** The parts of a computed price, as the confirmation lists them. */
export function pricePartsOf(p: PriceResult): PriceParts {
  return {
    room: p.grossRevenue,
    voucher: p.promoDiscount,
    tax: p.tax,
    service: p.serviceFee,
    insurance: p.insurance,
    carbonOffset: p.ancillary,
    points: p.pointsUsed,
    paymentFee: p.paymentChannelFee,
  };
}

/** Both catalogues (core/i18n/email-*.ts), by language. */
const emails = { en: emailEn, id: emailId };

const dateLabel = (date: string, lang: ApiLang) => formatDate(date, lang, 'full');

/** What the QR code carries: the order, readable by the host's scanner. */
export const bookingQrPayload = (orderId: string) => `BBX-BOOKING:${orderId}`;

/** The confirmation e-mail: text, HTML with the QR inline (cid), the QR as PNG and the .ics file. */
export async function confirmationEmail(
  d: ConfirmationData,
): Promise<{ subject: string; text: string; html: string; attachments: OutboxAttachment[] }> {
  const e = emails[d.lang];
  const c = e.confirmation;
  const zone = zoneLabel(d.hotel.timeZone);
  const { start, end } = stayBounds(d);
  // Nights count the nights; a day-use stay names its block with its times ("3 hours, 10:00–13:00").
  const length: [string, string] = d.dayUse
    ? [c.dayUse, `${c.dayUseBlock(d.dayUse.hours, d.dayUse.startTime, d.dayUse.endTime)} ${zone}`]
    : [c.nights, String(Temporal.PlainDate.from(d.checkIn).until(Temporal.PlainDate.from(d.checkOut)).days)];
  const rows: [string, string][] = [
    [c.order, d.orderId],
    [c.invoice, d.invoiceNumber],
    [c.place, `${d.hotel.name}, ${d.hotel.address}`],
    [c.room, d.roomName],
    [c.pods, String(d.pods)],
    [c.checkIn, `${dateLabel(start.date, d.lang)} ${start.time} ${zone}`],
    [c.checkOut, `${dateLabel(end.date, d.lang)} ${end.time} ${zone}`],
    length,
  ];
  // What was paid, line by line: the lines add up to the total charged (core/price-lines.ts).
  const money: [string, string][] = [
    ...priceLines(d.price).map((l): [string, string] => [c.price[l.key], formatRupiah(l.amount)]),
    [c.paid, formatRupiah(d.paid)],
  ];
  const link = `${d.siteUrl}${d.lang === 'id' ? '/id' : ''}/payment/status/${d.reservationId}/`;
  const earned = d.pointsEarned > 0 ? c.earned(formatPoints(d.pointsEarned)) : '';
  const text = [
    e.greeting(d.guestName),
    '',
    c.intro,
    '',
    `${c.details}:`,
    ...rows.map(([k, v]) => `  ${k}: ${v}`),
    '',
    `${c.payment}:`,
    ...money.map(([k, v]) => `  ${k}: ${v}`),
    '',
    ...(earned ? [earned, ''] : []),
    c.qr,
    '',
    `${c.status}: ${link}`,
    '',
    e.signoff,
  ].join('\n');
  const qrPng = await QRCode.toBuffer(bookingQrPayload(d.orderId), {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const html = `<!doctype html>
<html lang="${d.lang}"><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1c2340">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>
<p style="font-size:16px">${escapeHtml(e.greeting(d.guestName))}</p>
<p style="font-size:16px">${escapeHtml(c.intro)}</p>
<h2 style="font-size:18px">${escapeHtml(c.details)}</h2>
<table role="presentation" style="font-size:14px;border-collapse:collapse">
${rows.map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0;color:#55607a">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<h2 style="font-size:18px">${escapeHtml(c.payment)}</h2>
<table role="presentation" style="font-size:14px;border-collapse:collapse;min-width:280px">
${money.map(([k, v], i) => `<tr${i === money.length - 1 ? ' style="font-weight:bold;border-top:1px solid #d5dae8"' : ''}><th align="left" style="padding:4px 12px 4px 0;color:#55607a">${escapeHtml(k)}</th><td align="right" style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
${earned ? `<p style="font-size:14px">${escapeHtml(earned)}</p>` : ''}
<p style="text-align:center;margin:24px 0"><img src="cid:booking-qr" alt="QR ${escapeHtml(d.orderId)}" width="200" height="200"></p>
<p style="font-size:14px;color:#55607a">${escapeHtml(c.qr)}</p>
<p><a href="${escapeHtml(link)}" style="color:#1f5eff">${escapeHtml(c.status)}</a></p>
<p style="font-size:14px;white-space:pre-line">${escapeHtml(e.signoff)}</p>
</td></tr></table></body></html>`;
  return {
    subject: c.subject(d.orderId),
    text,
    html,
    attachments: [
      {
        filename: `bobobox-${d.orderId}.png`,
        contentType: 'image/png',
        content: qrPng.toString('base64'),
        cid: 'booking-qr',
      },
      {
        filename: `bobobox-${d.orderId}.ics`,
        contentType: 'text/calendar',
        content: Buffer.from(calendarFile(d), 'utf8').toString('base64'),
      },
    ],
  };
}
