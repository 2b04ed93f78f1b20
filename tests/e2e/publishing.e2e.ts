import http from 'node:http';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import { fill } from '../../core/i18n/translate.ts';
import { contentStrings } from '../../core/i18n/content-strings.ts';

// The small defects of publishing and routing, through the real server: paths made of empty segments
// are the 404 page (not a crash, not the home page), the generic error page names its real code, and
// the terms say their effective date once.

/** A request with the path exactly as written: a browser or fetch would resolve "//x/" as a host. */
function rawGet(baseURL: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.get({ hostname, port, path: target }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

test.describe('publishing defects', () => {
  for (const target of ['///', '//whatever/', '//', '//promo/']) {
    test(`${target} is the 404 page`, async ({ baseURL }) => {
      const { status, body } = await rawGet(baseURL!, target);
      expect(status).toBe(404);
      expect(body).toContain('data-error-page');
      expect(body).toMatch(/data-error-code[^>]*>\s*404\s*</);
      expect(body).toContain(dict.en.errors.messages['404']);
    });
  }

  test('the live build is visible: build status and health agree, readable from the Studio origin only', async ({
    request,
  }) => {
    const elsewhere = await request.get('/api/site/build-status', { headers: { origin: 'https://evil.example' } });
    expect(elsewhere.headers()['access-control-allow-origin']).toBeUndefined();
    const res = await request.get('/api/site/build-status', { headers: { origin: 'http://localhost:3333' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['access-control-allow-origin']).toBe('http://localhost:3333');
    // Anyone learns the state; the error text (here: none) is for editors, which on the bundled dataset
    // are requests from this machine (server/content-hooks/editors.ts).
    const status = (await res.json()) as { state: string; contentVersion: number; lastFailure?: unknown };
    expect(status).toMatchObject({ state: 'ok' });
    expect(status).not.toHaveProperty('lastFailure');
    const editor = await request.get('/api/site/build-status', { headers: FROM_THIS_MACHINE });
    expect(await editor.json()).toMatchObject({
      state: 'ok',
      lastFailure: null,
      contentVersion: status.contentVersion,
    });
    const health = (await (await request.get('/api/health')).json()) as { status: string; build: object };
    expect(health.status).toBe('ok');
    expect(health.build).toMatchObject({ state: 'ok', contentVersion: status.contentVersion });
  });

  for (const { lang, prefix } of LANG_CASES) {
    test(`the generic error page's title and screen-reader text say the real code (${lang})`, async ({ page }) => {
      for (const status of [418, 451, 504]) {
        const response = await page.goto(`${prefix}/__fault/${status}/`);
        expect(response?.status()).toBe(status);
        await expect(page).toHaveTitle(new RegExp(`^${status} · `));
        await expect(page.locator('[data-error-code]')).toHaveText(String(status));
        await expect(page.locator('[data-error-sr]')).toHaveText(fill(dict[lang].errors.title, { code: status }));
        await expect(page.locator('[data-error-page]')).toHaveAttribute('data-status', String(status));
        expect(await page.locator('meta[name=description]').getAttribute('content')).not.toMatch(/\b[45]00\b/);
      }
    });

    test(`the terms say their effective date once (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/terms-condition/`);
      const line = page.locator('[data-legal-effective]');
      await expect(line.locator('time')).toHaveAttribute('datetime', '2023-09-14');
      const text = (await line.innerText()).trim();
      expect(text.match(/2023/g)).toHaveLength(1);
      expect(text.split(contentStrings(lang).legal.effective).length - 1).toBeLessThanOrEqual(1);
    });
  }
});
