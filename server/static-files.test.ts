import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, pickEncoding, resolveStaticPath } from './static-files.ts';

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
