import { describe, expect, it } from 'vitest';
import { idPageShell, onDemandLang, routeId } from './route-params.ts';

describe('on-demand route params', () => {
  it('accepts no segment (en) and id; refuses en, other languages and nested segments', () => {
    expect(onDemandLang(undefined)).toBe('en');
    expect(onDemandLang('id')).toBe('id');
    expect(onDemandLang('en')).toBeNull();
    expect(onDemandLang('fr')).toBeNull();
    expect(onDemandLang('id/x')).toBeNull();
  });
  it('ids are positive integers of at most 9 digits', () => {
    expect(routeId('42')).toBe(42);
    expect(routeId('0')).toBeNull();
    expect(routeId('007')).toBeNull();
    expect(routeId('1234567890')).toBeNull();
    expect(routeId('12a')).toBeNull();
    expect(routeId(undefined)).toBeNull();
  });
});

describe('idPageShell', () => {
  const astro = (params: Record<string, string | undefined>) => ({ params, response: { headers: new Headers() } });
  it('gives the language, id and dictionary of a booking-flow page, and makes its shell cacheable', () => {
    const page = astro({ lang: 'id', id: '42' });
    const shell = idPageShell(page);
    expect(shell?.lang).toBe('id');
    expect(shell?.id).toBe(42);
    expect(shell?.t.payment.listTitle).toBeTruthy();
    expect(page.response.headers.get('cache-control')).toBe('public, max-age=300');
  });
  it('is null (the page answers 404, uncached) for a route that is not ours', () => {
    for (const params of [
      { lang: 'en', id: '42' },
      { lang: 'fr', id: '42' },
      { lang: undefined, id: '0' },
      { id: 'x' },
    ]) {
      const page = astro(params);
      expect(idPageShell(page)).toBeNull();
      expect(page.response.headers.get('cache-control')).toBeNull();
    }
  });
});
