import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../api/platform/deps.ts';
import { outboxSinkMessages } from '../../api/outbox/outbox.schema.ts';
import { codesIn } from '../../api/outbox/templates.ts';
import { outboxPageEnabled } from '../dev-switch.ts';
import { escapeHtml } from '../../core/html.ts';

export type SinkMessage = {
  id: number;
  channel: 'email' | 'sms';
  from: string | null;
  to: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  /** Files sent with the e-mail, content base64. */
  attachments: { filename: string; contentType: string; size: number; content: string; cid?: string }[];
  created: string;
  /** 4-digit one-time codes found in the text, newest message first. */
  codes: string[];
};

export async function listSinkMessages(deps: AppDeps, limit = 100): Promise<SinkMessage[]> {
  const rows = await deps.database.db
    .select()
    .from(outboxSinkMessages)
    .orderBy(desc(outboxSinkMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    from: row.from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: (row.attachments ?? []).map((a) => ({ ...a, size: Buffer.from(a.content, 'base64').length })),
    created: row.receivedAt.toISOString(),
    codes: codesIn(row.text ?? ''),
  }));
}

/** GET /api/dev/outbox (mounted by the server under /api). */
export function devOutboxApiRoutes(deps: AppDeps) {
  const app = new Hono();
  if (!outboxPageEnabled(deps.env)) return app;
  app.get('/dev/outbox', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ transport: 'sink', messages: await listSinkMessages(deps) });
  });
  return app;
}

/** GET /dev/outbox/: a plain server-rendered page of the sink, mounted by the server at the site root. */
export function devOutboxRoutes(deps: AppDeps) {
  const app = new Hono();
  if (!outboxPageEnabled(deps.env)) return app;
  app.get('/dev/outbox', (c) => c.redirect('/dev/outbox/', 308));
  app.get('/dev/outbox/', async (c) => {
    const messages = await listSinkMessages(deps);
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject ?? '(no subject)')}</h2>
  <p class="meta">${m.channel.toUpperCase()} · to <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.created}">${escapeHtml(m.created)}</time>${
    m.codes.length ? ` · code <code class="otp">${m.codes.map(escapeHtml).join(', ')}</code>` : ''
  }</p>
  <pre>${escapeHtml(m.text ?? '')}</pre>
  ${m.attachments.length ? `<p class="meta">Attachments / Lampiran: ${m.attachments.map((a) => `${escapeHtml(a.filename)} (${escapeHtml(a.contentType)}, ${a.size} B)`).join(', ')}</p>` : ''}
  ${m.html ? `<details><summary>HTML</summary><iframe sandbox="" title="HTML body" srcdoc="${escapeHtml(m.html)}"></iframe></details>` : ''}
</article>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
    c.header('X-Robots-Tag', 'noindex');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Dev outbox · Kotak keluar dev</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1c2340}
article{border:1px solid #d5dae8;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#55607a;margin:0 0 .5rem}pre{white-space:pre-wrap;background:#f4f6fb;padding:.75rem;border-radius:6px}
.otp{font-size:1.2rem;font-weight:bold}iframe{width:100%;height:420px;border:1px solid #d5dae8}</style></head>
<body><h1>Dev outbox</h1>
<p>Messages caught by the embedded SMTP sink (development only). · Pesan yang ditangkap SMTP sink bawaan (khusus pengembangan).</p>
<p>JSON: <a href="/api/dev/outbox">/api/dev/outbox</a> · ${messages.length} message(s) / pesan</p>
${items || '<p>No messages yet. · Belum ada pesan.</p>'}
</body></html>`);
  });
  return app;
}
