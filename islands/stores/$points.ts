import { atom } from 'nanostores';
import { SessionRedirect, userCall } from '../lib/api-client.ts';
import type { GiftCertificates, PointEntry } from '../../core/contracts/responses.ts';

// The Bobopoints pages' state (spec section 3: active, pending with the earning date, history, total,
// expiry, worth in Rupiah; the gift-certificate view of the same balance) and their loading actions.
// Every rule lives in the API (api/points); the islands only read.

export type PointsTab = 'active' | 'pending' | 'history';
export const POINTS_TABS: readonly PointsTab[] = ['active', 'pending', 'history'];

export type PointsData = {
  total: number;
  worth: number;
  expiryDate: string | null;
  active: PointEntry[];
  pending: PointEntry[];
  history: PointEntry[];
};
export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };

export const $points = atom<Loadable<PointsData>>({ status: 'loading' });
export const $pointsTab = atom<PointsTab>('active');
export const $giftCertificates = atom<Loadable<GiftCertificates>>({ status: 'loading' });

type Active = { total: number; worth: number; expiry_date: string | null; items: PointEntry[] };
type Items = { items: PointEntry[] };

/** The three calls of spec section 7 (/v1/status/active, pending, history), read together. */
export async function loadPoints(): Promise<void> {
  $points.set({ status: 'loading' });
  try {
    const [active, pending, history] = await Promise.all([
      userCall<{ data: Active }>({ path: 'v1/status/active' }),
      userCall<{ data: Items }>({ path: 'v1/status/pending' }),
      userCall<{ data: Items }>({ path: 'v1/status/history' }),
    ]);
    $points.set({
      status: 'ready',
      data: {
        total: active.data.total,
        worth: active.data.worth,
        expiryDate: active.data.expiry_date,
        active: active.data.items,
        pending: pending.data.items,
        history: history.data.items,
      },
    });
  } catch (error) {
    if (!(error instanceof SessionRedirect)) $points.set({ status: 'error' });
  }
}

export async function loadGiftCertificates(): Promise<void> {
  $giftCertificates.set({ status: 'loading' });
  try {
    const answer = await userCall<{ data: GiftCertificates }>({ path: 'clients/v1/gift-certificates' });
    $giftCertificates.set({ status: 'ready', data: answer.data });
  } catch (error) {
    if (!(error instanceof SessionRedirect)) $giftCertificates.set({ status: 'error' });
  }
}
