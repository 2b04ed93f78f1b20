import type { Call } from './api-client.ts';
import { takeSeed } from './api-seed.ts';
import { gqlCall, gqlData, type GqlBody } from './gql.ts';

// The calls of the islands that must not bring the API client (and ky) with the page: the search
// filter, the place box and the hotel page's room choice. The client loads with the first call the
// page has no answer for: an open call its server already answered (api-seed.ts) is taken from the
// page, once.
const client = () => import('./api-client.ts');

export async function openCall<T>(call: Call): Promise<T> {
  const seeded = takeSeed(call);
  if (seeded !== undefined) return seeded as T;
  return (await client()).openCall<T>(call);
}

export async function gqlOpen<T>(query: string, input: unknown): Promise<T> {
  return gqlData<T>(await openCall<GqlBody<T>>(gqlCall(query, input)));
}

export async function userCall<T>(call: Call): Promise<T> {
  return (await client()).userCall<T>(call);
}
