// Screen text in tests comes from the same dictionaries the site uses.
import { en } from '../../core/i18n/en.ts';
import { id } from '../../core/i18n/id.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';

export const dict = { en, id } as const;
export const LANG_CASES: { lang: Lang; prefix: string }[] = [
  { lang: 'en', prefix: '' },
  { lang: 'id', prefix: '/id' },
];
export { localizedPath };
