import type { Dictionary } from '../../../../core/i18n/en.ts';
import type { AccountItemKey } from '../../../lib/chrome-data.ts';

type Copy = keyof Dictionary['account'];

/**
 * Every account page (spec section 2): its path under /my-account/, the menu item it lights, its copy
 * (the empty notice is the spec's "unavailable" notice), and the island that fills it. Pages without
 * an island keep the static sign-in prompt.
 */
export const ACCOUNT_PAGES: {
  page?: string;
  current: AccountItemKey;
  title: Copy;
  empty: Copy;
  island?: 'orders' | 'history' | 'stays';
}[] = [
  { current: 'order', title: 'order', empty: 'emptyOrder', island: 'orders' },
  { page: 'order', current: 'order', title: 'order', empty: 'emptyOrder', island: 'orders' },
  { page: 'history', current: 'history', title: 'history', empty: 'emptyHistory', island: 'history' },
  { page: 'my-stay', current: 'stay', title: 'stay', empty: 'emptyStay', island: 'stays' },
  { page: 'profile', current: 'profile', title: 'profile', empty: 'emptyProfile' },
  { page: 'point', current: 'point', title: 'point', empty: 'emptyPoint' },
  { page: 'point/Bobopoint', current: 'point', title: 'bobopoint', empty: 'emptyPoint' },
  { page: 'point/GiftCertificate', current: 'point', title: 'giftCertificate', empty: 'emptyPoint' },
];
