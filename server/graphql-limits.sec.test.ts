import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';
import { startOneServer, webClientToken } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier (booking abuse, GraphQL): a request cannot multiply work past its REST equivalent.
// An aliased introspection bomb, an alias flood and a batch of mutations are refused with a small
// 400 before anything runs; the ordinary introspection the docs rely on still answers.

let one: OneServer;
let base: string;
let token: string;
beforeAll(async () => {
  const started = await startOneServer({ NODE_ENV: 'development' });
  one = started.one;
  base = started.base;
  token = await webClientToken(base);
});
afterAll(async () => one.close());

async function gql(query: string) {
  const res = await fetch(`${base}/api/gateway/open`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  return { status: res.status, bytes: text.length, body: JSON.parse(text) as { errors?: { message: string }[] } };
}

describe('GraphQL requests that multiply work', () => {
  it('a 13 KB request of aliased __schema selections is a small 400, not megabytes', async () => {
    const one = 's: __schema { types { name fields { name type { name } } } }';
    const parts: string[] = [];
    for (let i = 0; parts.join(' ').length < 13_000; i++) parts.push(one.replace('s:', `s${i}:`));
    const bomb = `{ ${parts.join(' ')} }`;
    expect(bomb.length).toBeGreaterThanOrEqual(13_000);
    const r = await gql(bomb);
    expect(r.status).toBe(400);
    expect(r.bytes).toBeLessThan(5_000);
  });

  it('more than 20 aliases are refused, even of the cheapest field', async () => {
    const r = await gql(`{ ${Array.from({ length: 21 }, (_, i) => `h${i}: __typename`).join(' ')} }`);
    expect(r.status).toBe(400);
  });

  it('two mutations in one request are refused before either runs', async () => {
    const input =
      '{ hotel_id: 1, room_type_id: 11, check_in_date_time: "2026-12-01", check_out_date_time: "2026-12-02", total_room: 1 }';
    const r = await gql(
      `mutation { a: HotelCreateReservation(input: ${input}) { id } b: HotelCreateReservation(input: ${input}) { id } }`,
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.errors)).not.toMatch(/sign in|masuk/i); // refused as a request, not by auth
  });

  it('the schema stays introspectable once per request', async () => {
    const r = await gql('{ __schema { queryType { name } types { name } } }');
    expect(r.status).toBe(200);
  });
});
