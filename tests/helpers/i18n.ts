// Screen text in tests comes from the same dictionaries the site uses.
import { en } from '../../site/lib/i18n/en.ts';
import { id } from '../../site/lib/i18n/id.ts';
import type { Lang } from '../../site/lib/locales.ts';
import { localizedPath } from '../../site/lib/locales.ts';

export const dict = { en, id } as const;
export const LANG_CASES: { lang: Lang; prefix: string }[] = [
  { lang: 'en', prefix: '' },
  { lang: 'id', prefix: '/id' },
];
export { localizedPath };
