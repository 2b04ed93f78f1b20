import { CONTENT_LANGS } from './constants.ts';

type Localized = Partial<Record<string, unknown>> | undefined;

function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null;
}

/**
 * A localized value is either absent (the field's own `required()` decides if that is allowed)
 * or complete in every language: a half-translated field is always an error.
 */
export function bothLanguages(value: Localized): true | string {
  if (value === undefined || value === null) return true;
  const missing = CONTENT_LANGS.filter((lang) => !isFilled(value[lang.key]));
  if (missing.length === 0) return true;
  return `Fill in both languages: ${missing.map((lang) => lang.title).join(' and ')} is missing.`;
}
