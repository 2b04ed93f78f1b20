import { accountProfileEn } from '../../../core/i18n/account-profile-en.ts';
import { accountProfileId } from '../../../core/i18n/account-profile-id.ts';
import type { Lang } from '../../../core/locales.ts';
import { ApiError } from '../../lib/api-client.ts';

// The profile page's words in the page's language (core/i18n/account-profile-*.ts).
export type ProfileCopy = typeof accountProfileId;
export const profileCopy = (lang: Lang): ProfileCopy => (lang === 'id' ? accountProfileId : accountProfileEn);

/** What a refused call says: the API's own message (in the page's language), else the generic line. */
export function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !/^HTTP \d+$/.test(error.message) ? error.message : fallback;
}
