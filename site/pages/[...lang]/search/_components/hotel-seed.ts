import type { Lang } from '../../../../../core/locales.ts';
import type { ApiFetch } from '../../../../lib/page-api.ts';
import { ApiError, type Call } from '../../../../../islands/lib/api-client.ts';
import { hotelPageClient } from './hotel-api.ts';
import { gqlCall } from '../../../../../islands/lib/gql.ts';
import { seedKey, type Seed } from '../../../../../islands/lib/api-seed.ts';
import {
  availabilityDays,
  availabilityQuery,
  hotelListCall,
  keptCheckin,
  maxDurationQuery,
  searchFromUrl,
  type AvailabilityAnswer,
} from '../../../../../islands/stores/$search.ts';
import { roomsQueryOf, searchCall } from '../../../../../islands/booking/search-result.ts';
import { STAY_NOW } from '../../../../../islands/search/search-submit.ts';
import { stayNowDay } from '../../../../../islands/lib/stay-dates.ts';
import { jakartaToday } from '../../../../../core/dates.ts';

/**
 * The open answers the hotel page's islands ask for on load (islands/search/search-submit.ts
 * restoreFromUrl, islands/booking/select-room.tsx), asked here with the same calls, so the page
 * carries them (islands/lib/api-seed.ts) and a guest's browser loads no HTTP library and no client
 * token until the guest acts: the daily hotel list, the hotel's calendar, the longest stay from the
 * check-in the filter keeps, and the priced rooms of the address's search. A day-use address, or a
 * call the API refuses, is not seeded: the island asks for it as before.
 */
export async function hotelPageSeed(
  lang: Lang,
  hotelId: number,
  url: URL,
  api: ApiFetch,
  now = new Date(),
): Promise<Seed> {
  const client = hotelPageClient(api);
  const answers: Record<string, unknown> = {};
  const ask = async <T>(call: Call): Promise<T | null> => {
    const key = seedKey(call);
    if (key === null) return null;
    try {
      const answer = await client.openCall<T>(call, lang);
      answers[key] = answer;
      return answer;
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  };
  const state = searchFromUrl(url.pathname, url.search);
  if (state.dayUse || state.hotelId !== hotelId) return { at: now.getTime(), answers };
  const { checkin } = state;
  const [, calendar] = await Promise.all([
    ask(hotelListCall(1)),
    ask<{ data?: AvailabilityAnswer }>(gqlCall(...availabilityQuery(hotelId, now))),
    checkin ? ask(searchCall(roomsQueryOf({ ...state, hotelId, checkin }))) : null,
  ]);
  if (calendar?.data) {
    const kept = keptCheckin(
      checkin,
      jakartaToday(now).toString(),
      availabilityDays(calendar.data),
      stayNowDay(now, STAY_NOW),
    );
    if (kept) await ask(gqlCall(...maxDurationQuery(hotelId, kept)));
  }
  return { at: now.getTime(), answers };
}
