import type { Lang } from '../locales.ts';
import { en, type Dictionary } from './en.ts';
import { id } from './id.ts';
export { fill } from './fill.ts';

const dictionaries: Record<Lang, Dictionary> = { en, id };

export function useTranslations(lang: Lang): Dictionary {
  return dictionaries[lang];
}

export const ERROR_CODES = ['400', '401', '403', '404', '405', '410', '429', '500', '502', '503'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function errorMessage(lang: Lang, status: number): string {
  const messages = dictionaries[lang].errors.messages;
  const key = String(status) as ErrorCode;
  return Object.hasOwn(messages, key) ? messages[key] : status >= 500 ? messages['500'] : messages['400'];
}
