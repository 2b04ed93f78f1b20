import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import { readAllDocuments } from '../../site/lib/content/content-source.ts';
import { signPreview } from '../../site/lib/content/preview.ts';
import { escapeHtml } from '../../core/html.ts';

// GET /dev/preview/: the drafts and scheduled promos and destination pages, each with signed
// preview links in both languages (site/pages/[...lang]/preview/). Development only: mounting this
// gives the process a random PREVIEW_SECRET, so preview links exist only while a development server
// runs and die with it. Production never loads server/dev/, so it has no preview unless an operator
// sets PREVIEW_SECRET on purpose.

const label = (value: unknown) =>
  value && typeof value === 'object'
    ? String((value as Record<string, unknown>).en || (value as Record<string, unknown>).id || '')
    : String(value ?? '');

export type PreviewItem = {
  id: string;
  type: string;
  title: string;
  why: 'draft' | 'scheduled';
  en: string;
  id_: string;
};

export async function previewItems(secret: string, now: Date): Promise<PreviewItem[]> {
  const docs = await readAllDocuments(readContentEnv(), ['promo', 'destinationPage']);
  return docs
    .filter(
      (d) =>
        String(d._id).startsWith('drafts.') ||
        (typeof d.publishAt === 'string' && Date.parse(d.publishAt) > now.getTime()),
    )
    .map((d) => {
      const id = String(d._id);
      const query = signPreview(secret, id, now);
      return {
        id,
        type: String(d._type),
        title: label(d.title) || id,
        why: id.startsWith('drafts.') ? ('draft' as const) : ('scheduled' as const),
        en: `/preview/?${query}`,
        id_: `/id/preview/?${query}`,
      };
    });
}

export function previewRoutes(now: () => Date = () => new Date()) {
  process.env.PREVIEW_SECRET ||= randomBytes(32).toString('hex');
  const secret = process.env.PREVIEW_SECRET;
  const app = new Hono();
  app.get('/dev/preview', (c) => c.redirect('/dev/preview/', 308));
  app.get('/dev/preview/', async (c) => {
    const items = await previewItems(secret, now());
    const rows = items
      .map(
        (
          item,
        ) => `<li data-preview-item="${escapeHtml(item.id)}"><strong>${escapeHtml(item.title)}</strong> <code>${escapeHtml(item.id)}</code> (${item.why === 'draft' ? 'draft · draf' : 'scheduled · terjadwal'}):
  <a href="${escapeHtml(item.en)}" hreflang="en">English</a> · <a href="${escapeHtml(item.id_)}" hreflang="id">Bahasa Indonesia</a></li>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    c.header('X-Robots-Tag', 'noindex');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Preview · Pratinjau</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1e293b}code{font-size:.8em;color:#475569}</style>
</head><body><h1>Preview · Pratinjau</h1>
<p>Drafts and scheduled documents, as they will look when they go live. Links work for an hour. · Draf dan dokumen terjadwal, seperti nanti saat tayang. Tautan berlaku satu jam.</p>
<ul>${rows || '<li>Nothing waiting. · Tidak ada yang menunggu.</li>'}</ul>
</body></html>`);
  });
  return app;
}
