import { Hono } from 'hono';
import type { TranslationReport } from '../../content-schemas/translation-report.ts';
import { contentTranslationReport } from '../../site/lib/content/translation-build-report.ts';
import { escapeHtml } from '../../core/html.ts';

// GET /dev/translations/: the Studio's Translations view for editors working against a local
// server (the Studio needs a Sanity project, unreachable here): per document type, the documents,
// drafts included, that miss Indonesian or English text, and in which fields. Same function as the
// Studio tool and the build report (content-schemas/translation-report.ts). Development only: the
// server mounts it from server/dev/, which production never loads, for loopback clients only.

const LANG_NAMES: Record<string, string> = { id: 'Bahasa Indonesia', en: 'English' };

export function renderTranslationPage(report: TranslationReport): string {
  const sections = report.types
    .map((type) => {
      const rows = type.documents
        .flatMap((doc) =>
          doc.fields.map(
            (field, i) => `<tr data-document-id="${escapeHtml(doc.id)}">
  ${i === 0 ? `<th scope="rowgroup" rowspan="${doc.fields.length}">${escapeHtml(doc.title)}<br><code>${escapeHtml(doc.id)}</code>${doc.draft ? ' <span class="draft">draft</span>' : ''}</th>` : ''}
  <td>${escapeHtml(field.title)}<br><code>${escapeHtml(field.path)}</code></td>
  <td data-missing>${field.missing.map((lang) => escapeHtml(LANG_NAMES[lang] ?? lang)).join(', ')}</td>
</tr>`,
          ),
        )
        .join('\n');
      return `<section data-document-type="${escapeHtml(type.type)}">
  <h2>${escapeHtml(type.title)} <small>${type.documents.length} of ${type.checked} incomplete · ${type.documents.length} dari ${type.checked} belum lengkap</small></h2>
  ${
    type.documents.length
      ? `<table><thead><tr><th scope="col">Document / Dokumen</th><th scope="col">Field / Kolom</th><th scope="col">Missing / Belum ada</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>Complete in both languages. · Lengkap dalam dua bahasa.</p>'
  }
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Translations · Terjemahan</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1e293b}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #cbd5e1;padding:.4rem .6rem;text-align:left;vertical-align:top}
code{font-size:.8em;color:#475569}small{font-weight:normal;color:#475569}.draft{background:#fef3c7;border-radius:4px;padding:0 .3rem;font-size:.8em}
</style></head><body>
<h1>Translations · Terjemahan</h1>
<p data-summary>${
    report.documents
      ? `${report.documents} document(s) miss a language in ${report.fields} field(s). · ${report.documents} dokumen belum lengkap di ${report.fields} kolom.`
      : 'Every document has Indonesian and English text. · Semua dokumen sudah lengkap dalam dua bahasa.'
  }</p>
${sections}
</body></html>`;
}

/** GET /dev/translations/ (mounted at the site root by server/compose.ts, development only). */
export function translationRoutes(report: () => Promise<TranslationReport> = () => contentTranslationReport()) {
  const app = new Hono();
  app.get('/dev/translations', (c) => c.redirect('/dev/translations/', 308));
  app.get('/dev/translations/', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    c.header('X-Robots-Tag', 'noindex');
    return c.html(renderTranslationPage(await report()));
  });
  app.get('/api/dev/translations', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await report());
  });
  return app;
}
