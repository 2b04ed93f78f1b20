import type { Dictionary } from '../../../../core/i18n/en.ts';
import type { AccountItemKey } from '../../../lib/chrome-data.ts';

type Copy = keyof Dictionary['account'];

/** Every account page (spec section 4): its path under /my-account/, the menu item it lights, its copy. */
export const ACCOUNT_PAGES: { page?: string; current: AccountItemKey; title: Copy; empty: Copy }[] = [
  { current: 'order', title: 'order', empty: 'emptyOrder' },
  { page: 'order', current: 'order', title: 'order', empty: 'emptyOrder' },
  { page: 'history', current: 'history', title: 'history', empty: 'emptyHistory' },
  { page: 'my-stay', current: 'stay', title: 'stay', empty: 'emptyStay' },
  { page: 'profile', current: 'profile', title: 'profile', empty: 'emptyProfile' },
  { page: 'point', current: 'point', title: 'point', empty: 'emptyPoint' },
  { page: 'point/Bobopoint', current: 'point', title: 'bobopoint', empty: 'emptyPoint' },
  { page: 'point/GiftCertificate', current: 'point', title: 'giftCertificate', empty: 'emptyPoint' },
];
