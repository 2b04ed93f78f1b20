import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { errorPageCode, fallbackErrorHtml, renderErrorPage } from './error-pages.ts';

describe('error pages', () => {
  it('every status gets its own page or the generic 4xx/5xx one', () => {
    expect(errorPageCode(404)).toBe('404');
    expect(errorPageCode(418)).toBe('400');
    expect(errorPageCode(504)).toBe('500');
  });

  it('reuses the generic page with the real code shown', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'err-'));
    mkdirSync(path.join(dir, 'id', 'errors', '500'), { recursive: true });
    writeFileSync(
      path.join(dir, 'id', 'errors', '500', 'index.html'),
      '<div data-error-page><p data-error-code>500</p></div>',
    );
    const html = await renderErrorPage(dir, 504, 'id');
    expect(html).toContain('<p data-error-code>504</p>');
  });

  it('the generic page says the real code in its title, description, screen-reader text and status', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'err-'));
    mkdirSync(path.join(dir, 'errors', '400'), { recursive: true });
    writeFileSync(
      path.join(dir, 'errors', '400', 'index.html'),
      '<html><head><title>400 · That request did not look right. | Bobobox</title>' +
        '<meta name="description" content="Error 400"><meta property="og:title" content="400 · That request did not look right. | Bobobox">' +
        '<meta property="og:description" content="Error 400"></head><body><style>.w-400{width:400px}</style>' +
        '<section data-error-page data-status="400"><p class="text-6xl" data-error-code>\n    400\n  </p>' +
        '<span class="sr-only" data-error-sr>Error 400</span></section></body></html>',
    );
    const html = await renderErrorPage(dir, 418, 'en');
    expect(html).toContain('<title>418 · That request did not look right. | Bobobox</title>');
    expect(html).toContain('<meta name="description" content="Error 418">');
    expect(html).toContain('<meta property="og:title" content="418 · That request');
    expect(html).toContain('data-status="418"');
    expect(html).toMatch(/data-error-code>\s*418\s*</);
    expect(html).toContain('<span class="sr-only" data-error-sr>Error 418</span>');
    // Nothing else that happens to read 400 changes.
    expect(html).toContain('.w-400{width:400px}');
    expect(html.replace('.w-400{width:400px}', '')).not.toContain('400');
  });

  it('falls back to a plain page with a home link when the error page cannot be read', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await renderErrorPage('/definitely/not/here', 500, 'id');
    expect(html).toContain('Terjadi kesalahan saat menampilkan halaman error.');
    expect(html).toContain('href="/id/"');
    expect(fallbackErrorHtml('en', 404)).toContain('An error occurred while showing the error page.');
    expect(fallbackErrorHtml('en', 404)).toContain('href="/"');
    spy.mockRestore();
  });
});
