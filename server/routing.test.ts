import { describe, expect, it } from 'vitest';
import { decideRoute, requestPath, resolveError } from './routing.ts';

describe('decideRoute', () => {
  it.each([
    ['/en/', '', '/'],
    ['/en', '', '/'],
    ['/en/about/', '?a=1&b=2', '/about/?a=1&b=2'],
    ['/en/about', '?a=1', '/about/?a=1'],
    ['/about', '', '/about/'],
    ['/id', '', '/id/'],
    ['/id/promo/endless-summer', '?x=1', '/id/promo/endless-summer/?x=1'],
  ])('%s%s redirects to %s with 308', (path, search, location) => {
    expect(decideRoute(path, search)).toEqual({ kind: 'redirect', status: 308, location });
  });

  it.each(['/fr/about/', '/xx/', '/pt-br/', '/de/promo/x/', '/ZH/'])('%s is an unknown language: 404', (path) => {
    expect(decideRoute(path)).toEqual({ kind: 'not-found', lang: 'en', reason: 'unknown-language' });
  });

  it.each([
    ['/promo/endless-summer/', 'en'],
    ['/endless-summer/', 'en'],
    ['/idea/', 'en'],
    ['/identity/', 'en'],
    ['/enigma/', 'en'],
    ['/id/', 'id'],
    ['/id/promo/idul-fitri-getaway/', 'id'],
    ['/faq/', 'en'],
    ['/', 'en'],
  ] as const)('%s continues in %s without mangling', (path, lang) => {
    expect(decideRoute(path)).toEqual({ kind: 'continue', lang });
  });

  it('files keep their names (no slash added)', () => {
    expect(decideRoute('/_astro/x.js').kind).toBe('continue');
    expect(decideRoute('/sitemap.xml').kind).toBe('continue');
  });

  it('pre-rendered error pages are internal', () => {
    expect(decideRoute('/errors/404/')).toMatchObject({ kind: 'not-found', reason: 'internal' });
    expect(decideRoute('/id/errors/500/')).toMatchObject({ kind: 'not-found', lang: 'id', reason: 'internal' });
    expect(decideRoute('/404.html')).toMatchObject({ kind: 'not-found' });
  });
});

describe('requestPath', () => {
  it('keeps every slash of the path the client sent (a leading "//" is not a host)', () => {
    expect(requestPath('//whatever/')).toEqual({ pathname: '//whatever/', search: '' });
    expect(requestPath('///')).toEqual({ pathname: '///', search: '' });
    expect(requestPath('/promo/?a=1')).toEqual({ pathname: '/promo/', search: '?a=1' });
    expect(requestPath('http://proxy.example/faq/?x=2')).toEqual({ pathname: '/faq/', search: '?x=2' });
    expect(requestPath(undefined)).toEqual({ pathname: '/', search: '' });
  });

  it.each(['//whatever/', '///', '//', '//evil.example/path/'])('%s is a 404, never a page or a redirect', (target) => {
    const { pathname, search } = requestPath(target);
    expect(decideRoute(pathname, search)).toMatchObject({ kind: 'not-found' });
  });
});

describe('resolveError (spec section 8)', () => {
  it('uses statusCode, then status, then response.status, else 500', () => {
    expect(resolveError({ statusCode: 404, status: 401 }).status).toBe(404);
    expect(resolveError({ status: 403 }).status).toBe(403);
    expect(resolveError({ response: { status: 429 } }).status).toBe(429);
    expect(resolveError(new Error('boom')).status).toBe(500);
    expect(resolveError(null).status).toBe(500);
    expect(resolveError({ statusCode: 200 }).status).toBe(500);
  });
  it('keeps a message when there is one', () => {
    expect(resolveError(new Error('Gateway down')).message).toBe('Gateway down');
    expect(resolveError({ status: 400 }).message).toBeNull();
  });
});
