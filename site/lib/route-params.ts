import { useTranslations } from '../../core/i18n/translate.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../core/locales.ts';

/**
 * The language of an on-demand `[...lang]` route: no segment is English, `id` Indonesian;
 * anything else (an explicit `en`, nested segments) is not a route of ours (null → 404).
 */
export function onDemandLang(param: string | undefined): Lang | null {
  if (param === undefined) return DEFAULT_LANG;
  return param !== DEFAULT_LANG && isLang(param) ? param : null;
}

/** A positive integer id from a route segment (at most 9 digits), or null. */
export function routeId(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
}

/**
 * What every on-demand `[...lang]/.../[id]` page of the booking flow starts with: its language and
 * id, its dictionary, and its cache header (the shell is the same for every id, so it is cacheable;
 * everything personal is loaded by the island with the guest's token). Null when the route is not
 * ours: the page answers 404.
 */
export function idPageShell(astro: {
  params: Record<string, string | undefined>;
  response: { headers: Headers };
}): { lang: Lang; id: number; t: ReturnType<typeof useTranslations> } | null {
  const lang = onDemandLang(astro.params.lang);
  if (!lang) return null;
  const id = routeId(astro.params.id);
  if (id === null) return null;
  astro.response.headers.set('Cache-Control', 'public, max-age=300');
  return { lang, id, t: useTranslations(lang) };
}
