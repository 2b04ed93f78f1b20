import { accountPointsEn } from '../../../core/i18n/account-points-en.ts';
import { accountPointsId } from '../../../core/i18n/account-points-id.ts';
import type { Lang } from '../../../core/locales.ts';

// The Bobopoints pages' words in the page's language (core/i18n/account-points-*.ts).
export type PointsCopy = typeof accountPointsId;
export const pointsCopy = (lang: Lang): PointsCopy => (lang === 'id' ? accountPointsId : accountPointsEn);
