import { Hono } from 'hono';
import type { AppDeps } from '../../api/platform/deps.ts';
import { formatRupiah } from '../../core/money.ts';
import { parseAmount } from '../../api/platform/payment-gateway.ts';
import { paymentSimulatorEnabled } from '../dev-switch.ts';
import type { SandboxAction, SandboxGateway } from './sandbox-gateway.ts';
import { escapeHtml } from '../../core/html.ts';

const ACTIONS = ['pay', 'pay-silent', 'deny', 'expire', 'refund'] as const satisfies readonly SandboxAction[];
const LABEL: Record<(typeof ACTIONS)[number], string> = {
  pay: 'Pay · Bayar',
  // The notification is lost on the way: the status page's re-check with the gateway must find it.
  'pay-silent': 'Pay, no notification · Bayar tanpa notifikasi',
  deny: 'Fail · Gagalkan',
  expire: 'Expire · Kedaluwarsakan',
  refund: 'Refund · Kembalikan dana',
};

/**
 * /dev/payment-simulator/: pay, fail, expire or refund a sandbox charge (a person or a test does
 * what the bank or the e-wallet app would), which sends the signed notification to our handler; or
 * pay with the notification lost on the way, which only the status page's gateway re-check finds.
 * Also the browser-side card tokenisation endpoint of the sandbox. Plain HTML forms, no script.
 */
export function paymentSimulatorRoutes(deps: AppDeps, active: SandboxGateway | null) {
  const app = new Hono();
  // The simulator exists only while the embedded sandbox is the gateway (no Midtrans keys).
  if (!paymentSimulatorEnabled(deps.env) || !active) return app;
  app.get('/dev/payment-simulator', (c) => c.redirect('/dev/payment-simulator/', 308));
  app.get('/dev/payment-simulator/v2/token/', async (c) => {
    const out = active.tokenize(c.req.query());
    c.header('Cache-Control', 'no-store');
    return c.json(out, out.status_code === '200' ? 200 : 400);
  });
  app.post('/dev/payment-simulator/:orderId/:action/', async (c) => {
    const action = c.req.param('action') as (typeof ACTIONS)[number];
    if (!ACTIONS.includes(action)) return c.notFound();
    const result = await active.act(c.req.param('orderId'), action);
    const q = new URLSearchParams({
      done: `${c.req.param('orderId')}:${action}:${result.ok ? 'ok' : (result.reason ?? `http ${result.httpStatus}`)}`,
    });
    return c.redirect(`/dev/payment-simulator/?${q}`, 303);
  });
  app.get('/dev/payment-simulator/', async (c) => {
    const s = active;
    const find = (c.req.query('q') ?? '').trim();
    const done = c.req.query('done');
    const list = s
      .list()
      .filter(
        (t) =>
          !find ||
          [t.order_id, t.va_numbers?.[0]?.va_number, t.permata_va_number, t.bill_key, t.qr_string].some(
            (x) => x && x.includes(find),
          ),
      );
    const rowsHtml = list
      .map((t) => {
        const code =
          t.va_numbers?.[0]?.va_number ??
          t.permata_va_number ??
          (t.bill_key
            ? `${t.biller_code} / ${t.bill_key}`
            : t.qr_string
              ? `QR ${t.qr_string.slice(0, 24)}…`
              : (t.masked_card ?? ''));
        const buttons = ACTIONS.map(
          (a) =>
            `<form method="post" action="/dev/payment-simulator/${encodeURIComponent(t.order_id)}/${a}/"><button type="submit" name="action" value="${a}" aria-label="${escapeHtml(`${LABEL[a]} ${t.order_id}`)}">${escapeHtml(LABEL[a])}</button></form>`,
        ).join('');
        return `<tr data-order-id="${escapeHtml(t.order_id)}" data-status="${escapeHtml(t.transaction_status)}">
  <td><code>${escapeHtml(t.order_id)}</code></td><td>${escapeHtml(t.channel ?? t.payment_type ?? '')}</td><td class="code"><code>${escapeHtml(code)}</code></td>
  <td>${escapeHtml(formatRupiah(parseAmount(t.gross_amount)))}</td><td class="status">${escapeHtml(t.transaction_status)}</td><td>${escapeHtml(t.expiry_time ?? '')}</td><td class="actions">${buttons}</td></tr>`;
      })
      .join('\n');
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
    c.header('X-Robots-Tag', 'noindex');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Payment simulator · Simulator pembayaran</title>
<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1c2340}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d5dae8;padding:.5rem;text-align:left;vertical-align:top}
.actions{display:flex;gap:.25rem;flex-wrap:wrap}button{padding:.35rem .6rem;border-radius:6px;border:1px solid #1f5eff;background:#fff;color:#1f5eff;cursor:pointer}
.note{background:#fff7e0;padding:.5rem .75rem;border-radius:6px}</style></head>
<body><h1>Payment simulator · Simulator pembayaran</h1>
<p>Sandbox gateway (development only). Each action sends a signed notification to <code>/api/payments/notifications</code>, except "Pay, no notification", which only the status page's check with the gateway finds. · Gateway sandbox (khusus pengembangan). Setiap aksi mengirim notifikasi bertanda tangan ke handler kita, kecuali "Bayar tanpa notifikasi", yang hanya ketahuan saat halaman status mengecek ke gateway.</p>
${done ? `<p class="note" role="status">${escapeHtml(done)}</p>` : ''}
<form method="get" action="/dev/payment-simulator/"><label for="q">VA number, bill key, QR or order id · Nomor VA, kode bayar, QR atau order id</label>
<input id="q" name="q" value="${escapeHtml(find)}"> <button type="submit">Find · Cari</button></form>
<table><thead><tr><th>Order</th><th>Method</th><th>Pay code · Kode bayar</th><th>Amount</th><th>Status</th><th>Expires</th><th>Actions</th></tr></thead>
<tbody>${rowsHtml || '<tr><td colspan="7">No charges yet. · Belum ada tagihan.</td></tr>'}</tbody></table>
<h2>Notifications sent · Notifikasi terkirim</h2>
<ul>${
      s.sent
        .slice(-20)
        .reverse()
        .map((n) => `<li><code>${escapeHtml(n.orderId)}</code> ${escapeHtml(n.status)} → HTTP ${n.httpStatus}</li>`)
        .join('') || '<li>None · Belum ada</li>'
    }</ul>
</body></html>`);
  });
  return app;
}
