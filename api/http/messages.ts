import { apiEn } from '../../core/i18n/api-en.ts';
import type { ApiMessageKey } from '../../core/i18n/api-en.ts';
import { apiId } from '../../core/i18n/api-id.ts';
import type { ApiLang } from './errors.ts';

type Args<K extends ApiMessageKey> = (typeof apiEn)[K] extends (...args: infer A) => string ? A : [];

/** A message of the catalogues in both languages, for an ApiError or a bilingual label. */
export function msg<K extends ApiMessageKey>(key: K, ...args: Args<K>): Record<ApiLang, string> {
  const text = (entry: unknown) =>
    typeof entry === 'function' ? (entry as (...a: unknown[]) => string)(...args) : (entry as string);
  return { en: text(apiEn[key]), id: text(apiId[key]) };
}
