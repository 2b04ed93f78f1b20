import { describe, expect, it } from 'vitest';
import { en } from './i18n/en.ts';
import { id } from './i18n/id.ts';
import { decimalLabel, langStaticPaths, localizedPath, parseLangFromPath } from './locales.ts';

describe('locales', () => {
  it('writes a distance as each language writes numbers, at most one decimal', () => {
    expect(decimalLabel(2.5, 'id')).toBe('2,5');
    expect(decimalLabel(2.5, 'en')).toBe('2.5');
    expect(decimalLabel(0.84, 'id')).toBe('0,8');
    expect(decimalLabel(12, 'id')).toBe('12');
    expect(decimalLabel(1250, 'id')).toBe('1.250');
    expect(decimalLabel(1250, 'en')).toBe('1,250');
  });
  it('builds slashed URLs with the Indonesian prefix only', () => {
    expect(localizedPath('en', '/about')).toBe('/about/');
    expect(localizedPath('id', '/about/')).toBe('/id/about/');
    expect(localizedPath('id', '/')).toBe('/id/');
    expect(localizedPath('en', '/signin/?redirect=%2F')).toBe('/signin/?redirect=%2F');
  });
  it('only an exact id segment is Indonesian', () => {
    expect(parseLangFromPath('/id/promo/x/')).toEqual({ lang: 'id', path: '/promo/x/' });
    expect(parseLangFromPath('/idea/')).toEqual({ lang: 'en', path: '/idea/' });
  });
  it('derives both static paths from the table', () => {
    expect(langStaticPaths()).toEqual([
      { params: { lang: undefined }, props: { lang: 'en' } },
      { params: { lang: 'id' }, props: { lang: 'id' } },
    ]);
  });
  it('the Indonesian dictionary has every English key and no empty string', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
      );
    expect(keys(id).sort()).toEqual(keys(en).sort());
    const values = (o: object): string[] =>
      Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : values(v as object)));
    expect(values(id).filter((v) => v.trim() === '')).toEqual([]);
  });
});
