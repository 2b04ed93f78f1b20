import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingTestApp } from '../db/test-booking.ts';
import { bobopointAccounts } from '../points/points.schema.ts';
import { buildOpenApi, routesOf } from '../openapi/openapi.ts';
import { PREPARED_CACHE_MAX_BYTES, preparedCacheBytes } from './graphql.routes.ts';

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp();
});

describe('published contracts', () => {
  it('serves the committed GraphQL SDL, which is a valid schema with every operation', async () => {
    const res = await t.app.request('/api/graphql/schema.graphql');
    const served = await res.text();
    expect(served).toBe(readFileSync(path.join(import.meta.dirname, 'schema.graphql'), 'utf8'));
    const schema = buildSchema(served);
    const ops = [
      ...Object.keys(schema.getQueryType()!.getFields()),
      ...Object.keys(schema.getMutationType()!.getFields()),
    ];
    for (const op of [
      'ReservationSearch',
      'RoomAvailability',
      'RoomAvailabilityMaxDuration',
      'ActiveAncillaryPackageList',
      'HotelCreateReservation',
      'ReservationDetail',
      'PromotionInfoDetail',
      'HotelStayList',
      'HotelStayHistoryList',
      'UserProfile',
      'Promotions',
      'ReservationRoomVoucherList',
      'ReservationRoomVoucherSearch',
      'PaymentChannels',
    ]) {
      expect(ops).toContain(op);
    }
  });
  it('serves the committed OpenAPI document, which covers every REST route of the booking API', async () => {
    const res = await t.app.request('/api/openapi.json');
    const served = await res.json();
    const committed = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'openapi', 'openapi.json'), 'utf8'));
    // The committed copy adds what the one server composes in (the content webhook).
    expect(Object.keys(committed.paths)).toEqual(expect.arrayContaining(Object.keys(served.paths)));
    expect(served).toEqual(JSON.parse(JSON.stringify(await buildOpenApi(t.app))));
    const documented = new Set(routesOf(served).map((r) => `${r.method.toUpperCase()} /api${r.path}`));
    const mine = t.app.routes
      .filter(
        (r) =>
          r.method !== 'ALL' &&
          !/\/(oauth2|auth|dev|health|gateway)\b/.test(r.path) &&
          !r.path.includes('/api/clients/v1/my-account') &&
          !r.path.startsWith('/api/clients/v1/auth'),
      )
      .map((r) => `${r.method} ${r.path}`);
    const bookingPaths = mine.filter((k) =>
      /\/clients\/v1\/(hotel|search|availability|list-promo|subscribe|payment|ancillary|reservations|update-rate)|\/announcement\/|\/openapi|\/graphql\//.test(
        k,
      ),
    );
    expect(bookingPaths.length).toBeGreaterThan(15);
    for (const k of bookingPaths) expect(documented, k).toContain(k);
  });
});

describe('gateway behaviour', () => {
  it('keeps introspection on', async () => {
    const r = await t.gql(
      'open',
      '{ __schema { queryType { name } types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }',
    );
    expect(r.status).toBe(200);
    expect(r.data.data.__schema.queryType.name).toBe('Query');
  });
  it('refuses a query past the cost limit with 400 and a bilingual message', async () => {
    const big = `{ ${Array.from({ length: 120 }, (_, i) => `a${i}: RoomAvailability(input:{hotel_id:1,date_start:"2026-03-02",date_end:"2026-03-03"}){ date hotel_id }`).join(' ')} }`;
    const r = await t.gql('open', big, {}, { lang: 'id' });
    expect(r.status).toBe(400);
    expect(r.data.errors[0].message).toBe('Permintaan kamu tidak valid.');
    expect(r.data.errors[0].extensions.code).toBe('query_too_complex');
  });
  it('invalid queries and variables are 400 with the bilingual message first', async () => {
    const r = await t.gql('open', '{ RoomAvailability(input: {hotel_id: "x"}) { date } }', {}, { lang: 'en' });
    expect(r.status).toBe(400);
    expect(r.data.errors[0].message).toBe('The request is not valid.');
    const syntax = await t.gql('open', '{ RoomAvailability(', {}, { lang: 'id' });
    expect(syntax.status).toBe(400);
    expect(syntax.data.errors[0].message).toBe('Permintaan kamu tidak valid.');
  });
  it('refuses the fan-out document (each fragment spreads the next twice, 30 levels) with the one error contract', async () => {
    const levels = 30;
    const doc =
      `{ PaymentChannels { ...F0 } }\n` +
      Array.from({ length: levels }, (_, i) => `fragment F${i} on PaymentChannel { ...F${i + 1} ...F${i + 1} }`).join(
        '\n',
      ) +
      `\nfragment F${levels} on PaymentChannel { code }`;
    const r = await t.gql('open', doc, {}, { lang: 'en' });
    expect(r.status).toBe(400);
    expect(r.data.errors[0].message).toBe('The request is not valid.');
  });
  it('keeps the prepared documents within their byte budget, however many large queries arrive', async () => {
    const padding = ' '.repeat(60_000);
    for (let i = 0; i < 700; i++) await t.gql('open', `query Q${i} {${padding} __typename }`);
    expect(preparedCacheBytes()).toBeGreaterThan(0);
    expect(preparedCacheBytes()).toBeLessThanOrEqual(PREPARED_CACHE_MAX_BYTES);
  });
  it('unknown /api paths get a bilingual JSON 404', async () => {
    const r = await t.call('GET', '/api/nowhere', { lang: 'id' });
    expect(r.status).toBe(404);
    expect(r.data).toEqual({ code: 'not_found', message: 'Data tidak ditemukan' });
  });
});

describe('one presenter for REST and GraphQL', () => {
  it('GraphQL UserProfile and REST /auth/me answer the same profile, Bobopoint balance included', async () => {
    const db = t.db.db;
    await db
      .insert(bobopointAccounts)
      .values({ userId: t.userId, balance: 25_000 })
      .onConflictDoUpdate({ target: bobopointAccounts.userId, set: { balance: 25_000 } });
    const fields =
      'id name nick_name profile_picture_url telephone email is_email_verified is_telephone_verified night_count stay_count preferred_lang identity { identity_status identity_card_selfie_url identity_card_url } total_gift_certificate';
    const g = await t.gql('secure', `{ UserProfile { ${fields} } }`);
    const rest = await t.call('GET', '/api/auth/me', { token: t.userToken });
    expect(rest.status).toBe(200);
    expect(g.data.data.UserProfile).toEqual(rest.data.data);
    expect(rest.data.data).toMatchObject({ total_gift_certificate: 25_000, identity: { identity_status: 0 } });
  });
});
