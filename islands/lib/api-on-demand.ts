import type { Call } from './api-client.ts';

// The open calls of the search filter and the place box, with the API client (and ky) loaded on the
// first of them: home and /search/ ask nothing of the API until the guest reaches for the filter.
const client = () => import('./api-client.ts');

export async function openCall<T>(call: Call): Promise<T> {
  return (await client()).openCall<T>(call);
}

export async function gqlOpen<T>(query: string, input: unknown): Promise<T> {
  return (await client()).gqlOpen<T>(query, input);
}
