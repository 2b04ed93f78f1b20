import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  needsCompression,
  pickEncoding,
  resolveStaticPath,
  sendStaticFile,
  StaticIndex,
} from './static-files.ts';

describe('static files', () => {
  const root = path.resolve('/srv/site');
  it('maps folders to index.html and refuses to leave the root', () => {
    expect(resolveStaticPath(root, '/about/')).toBe(path.join(root, 'about', 'index.html'));
    expect(resolveStaticPath(root, '/_astro/a.js')).toBe(path.join(root, '_astro', 'a.js'));
    expect(resolveStaticPath(root, '/../etc/passwd')).toBe(path.join(root, 'etc', 'passwd'));
    expect(resolveStaticPath(root, '/%2e%2e/%2e%2e/etc/passwd')?.startsWith(root)).toBe(true);
    expect(resolveStaticPath(root, '/bad%zz')).toBeNull();
    expect(resolveStaticPath(root, '/a%00b')).toBeNull();
  });
  it('hashed assets are immutable; HTML revalidates', () => {
    expect(cacheControlFor('/_astro/x.1234.js', '.js')).toContain('immutable');
    expect(cacheControlFor('/about/', '.html')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/favicon.svg', '.svg')).not.toContain('immutable');
  });
  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('the in-memory index of a build', () => {
  async function indexed() {
    const root = mkdtempSync(path.join(os.tmpdir(), 'static-'));
    mkdirSync(path.join(root, '_astro'));
    mkdirSync(path.join(root, 'about'));
    const html = '<!doctype html><title>About</title>'.padEnd(3000, ' ');
    writeFileSync(path.join(root, 'about', 'index.html'), html);
    writeFileSync(path.join(root, 'about', 'index.html.br'), 'BR-BYTES');
    writeFileSync(path.join(root, 'about', 'index.html.gz'), 'GZ-BYTES');
    writeFileSync(path.join(root, '_astro', 'big.js'), 'x'.repeat(5000));
    writeFileSync(path.join(root, 'logo.png'), 'PNG');
    utimesSync(path.join(root, 'about', 'index.html'), new Date(1_700_000_000_000), new Date(1_700_000_000_000));
    const index = await StaticIndex.load(root);
    // Indexed once: deleting the folder afterwards changes nothing for requests.
    rmSync(root, { recursive: true, force: true });
    const server = http.createServer((req, res) => {
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      const file = index.lookup(pathname);
      if (!file) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader('X-Needs-Compression', String(needsCompression(req, file)));
      void sendStaticFile(req, res, pathname, file);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { html, base, close: () => new Promise((r) => server.close(r)) };
  }

  it('answers from memory with the precompressed bytes, ETag, Vary and cache headers, and 304 on a match', async () => {
    const { html, base, close } = await indexed();
    try {
      const get = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
          http
            .request(`${base}${p}`, { method, headers }, (res) => {
              let body = '';
              res.on('data', (c) => (body += c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
            })
            .on('error', reject)
            .end();
        });
      const br = await get('/about/', { 'accept-encoding': 'gzip, br' });
      expect(br).toMatchObject({ status: 200, body: 'BR-BYTES' });
      expect(br.headers).toMatchObject({
        'content-encoding': 'br',
        'content-length': '8',
        'content-type': 'text/html; charset=utf-8',
        vary: 'Accept-Encoding',
        'cache-control': 'public, max-age=0, must-revalidate',
        etag: `W/"${(3000).toString(16)}-${(1_700_000_000_000).toString(16)}"`,
        'x-content-type-options': 'nosniff',
        'x-needs-compression': 'false',
      });
      expect((await get('/about/', { 'accept-encoding': 'gzip' })).body).toBe('GZ-BYTES');
      const plain = await get('/about/index.html', { 'accept-encoding': 'identity' });
      expect(plain.body).toBe(html);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Identity over the compression threshold: the server hands this one to the middleware.
      expect(plain.headers['x-needs-compression']).toBe('true');
      const again = await get('/about/', { 'if-none-match': br.headers.etag as string });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      const head = await get('/about/', { 'accept-encoding': 'br' }, 'HEAD');
      expect([head.status, head.headers['content-length'], head.body]).toEqual([200, '8', '']);
      const js = await get('/_astro/big.js', { 'accept-encoding': 'br' });
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(js.headers['x-needs-compression']).toBe('true');
      const png = await get('/logo.png');
      expect(png.headers.vary).toBeUndefined();
      expect(png.headers['x-needs-compression']).toBe('false');
      expect((await get('/nothing.html')).status).toBe(404);
      expect((await get('/about')).status).toBe(404);
    } finally {
      await close();
    }
  });
});
