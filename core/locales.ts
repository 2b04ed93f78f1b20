// The one table of languages. Routes, getStaticPaths, labels, hreflang and the language
// switcher are all derived from it.
export const LOCALES = {
  en: { label: 'EN', name: 'English', htmlLang: 'en', bcp47: 'en-ID', ogLocale: 'en_US' },
  id: { label: 'ID', name: 'Bahasa Indonesia', htmlLang: 'id', bcp47: 'id-ID', ogLocale: 'id_ID' },
} as const;

export type Lang = keyof typeof LOCALES;
export const DEFAULT_LANG: Lang = 'en';
export const LANGS = Object.keys(LOCALES) as Lang[];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}

/** The URL prefix of a language: '' for the default, '/id' for Indonesian. */
export function langPrefix(lang: Lang): string {
  return lang === DEFAULT_LANG ? '' : `/${lang}`;
}

/** Build an internal URL for a language; always ends with '/'. `path` is unprefixed. */
export function localizedPath(lang: Lang, path: string): string {
  const [pathname, rest = ''] = splitPath(path);
  let p = pathname.startsWith('/') ? pathname : `/${pathname}`;
  if (!p.endsWith('/')) p += '/';
  const full = `${langPrefix(lang)}${p}`;
  return full + rest;
}

function splitPath(path: string): [string, string] {
  const i = path.search(/[?#]/);
  return i === -1 ? [path, ''] : [path.slice(0, i), path.slice(i)];
}

/**
 * Split a request path into its language and the unprefixed remainder.
 * Only an exact first segment 'id' counts: '/idea/' or '/endless/' stay English.
 */
export function parseLangFromPath(pathname: string): { lang: Lang; path: string } {
  const m = /^\/(id)(\/.*)?$/.exec(pathname);
  if (m) return { lang: 'id', path: m[2] || '/' };
  return { lang: DEFAULT_LANG, path: pathname || '/' };
}

/** getStaticPaths entries for a `[...lang]` route: undefined for English, 'id' for Indonesian. */
export function langStaticPaths() {
  return LANGS.map((lang) => ({ params: { lang: lang === DEFAULT_LANG ? undefined : lang }, props: { lang } }));
}

export function langFromParam(param: string | undefined): Lang {
  return param === undefined ? DEFAULT_LANG : isLang(param) ? param : DEFAULT_LANG;
}

const ONE_DECIMAL = {
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }),
  id: new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }),
} satisfies Record<Lang, Intl.NumberFormat>;

/**
 * A number as the language writes it, at most one decimal: `0,8` and `1.250` (id), `0.8` and `1,250`
 * (en). Distances in kilometres, millions of rupiah in a calendar cell.
 */
export function decimalLabel(value: number, lang: Lang): string {
  return ONE_DECIMAL[lang].format(value);
}
