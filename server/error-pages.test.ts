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
