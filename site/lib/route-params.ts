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
