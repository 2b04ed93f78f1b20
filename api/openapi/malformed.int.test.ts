import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTestApp } from '../../tests/helpers/payment-test-app.ts';
import { routesOf } from './openapi.ts';
import type { DocumentedRoute } from './openapi.ts';

// Property: no client mistake ever produces a 500. Every REST route of the booking API and every
// GraphQL operation receives malformed bodies, queries and headers.

// Composed as the one server composes it (gateway and mail handed in), so every route answers.
let t: Awaited<ReturnType<typeof paymentTestApp>>;
// Every route the app's own document describes (generated from the routes: api/http/contract.ts).
let routes: DocumentedRoute[] = [];
beforeAll(async () => {
  t = await paymentTestApp();
  routes = routesOf(await (await t.app.request('/api/openapi.json')).json());
});
afterAll(() => t.active.close());

const junkValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e99',
    '2026-02-31',
    '2026-03-03 25:61:00',
    '9999-99-99',
    'NaN',
    "' or 1=1 --",
    '<script>',
    '\u0000',
    '\ud800',
    'a\udc00b',
    '\udbff\udbff',
    'x'.repeat(5000),
  ),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const fieldNames = [
  'hotelId',
  'checkInDateTime',
  'checkOutDateTime',
  'promoCode',
  'reservationId',
  'isUsePromo',
  'giftCertificate',
  'isUseGiftCertificate',
  'isUseAddon',
  'paymentChannelCode',
  'ancillaryPackageUUIDs',
  'email',
  'firstName',
  'hotel_id',
  'room_type_id',
  'total_room',
  'check_in_date_time',
  'check_out_date_time',
  'date_start',
  'date_end',
  'size',
  'hotelTypeId',
  'paymentStatus',
  'promo_code',
];
const junkObject = fc.dictionary(fc.constantFrom(...fieldNames), junkValue, { maxKeys: 8 });
const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '[]', 'null', '"x"', '{"a":', 'a=1&&&b', '%%%', '{"hotelId": {"$gt": 1}}'),
);

// GraphQL gateways answer GraphQL errors; their malformed inputs are the OPS section below.
const bodyRoutes = () => routes.filter((r) => r.method !== 'get' && r.tag !== 'graphql');
// Readiness answers 503 by design here: a test app has no site build (api/observability/readiness.ts).
const queryRoutes = () => routes.filter((r) => r.method === 'get' && r.path !== '/ready');

const OPS: Record<string, string> = {
  ReservationSearch: 'query Q($input: ReservationSearchInput!) { ReservationSearch(input: $input) { nights } }',
  RoomAvailability: 'query Q($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date } }',
  RoomAvailabilityMaxDuration:
    'query Q($input: RoomAvailabilityMaxDurationInput!) { RoomAvailabilityMaxDuration(input: $input) { web_max_duration } }',
  ActiveAncillaryPackageList:
    'query Q($input: ActiveAncillaryPackageListInput) { ActiveAncillaryPackageList(input: $input) { uuid } }',
  HotelCreateReservation:
    'mutation Q($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }',
  ReservationDetail:
    'query Q($input: ReservationDetailInput!) { ReservationDetail(input: $input) { info { orderId } } }',
  PromotionInfoDetail: 'query Q($input: PromotionInfoDetailInput!) { PromotionInfoDetail(input: $input) { id } }',
  HotelStayList: 'query Q($input: HotelStayListInput) { HotelStayList(input: $input) { id } }',
  HotelStayHistoryList: 'query Q($input: HotelStayListInput) { HotelStayHistoryList(input: $input) { id } }',
  Promotions: 'query Q($input: PromotionsInput) { Promotions(input: $input) { id } }',
  ReservationRoomVoucherList:
    'query Q($input: ReservationRoomVoucherListInput!) { ReservationRoomVoucherList(input: $input) { id } }',
  ReservationRoomVoucherSearch:
    'query Q($input: ReservationRoomVoucherSearchInput!) { ReservationRoomVoucherSearch(input: $input) { id } }',
};

describe('malformed input never yields a 500', () => {
  it('REST bodies: junk form fields, junk JSON, unreadable bodies, on every body route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodyRoutes()),
        junkObject,
        rawBody,
        fc.constantFrom('form', 'json', 'raw-json', 'raw-form'),
        fc.boolean(),
        async (route, obj, raw, kind, asUser) => {
          const token = asUser || route.auth === 'user' ? t.userToken : undefined;
          const form = Object.fromEntries(
            Object.entries(obj).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          );
          const opts =
            kind === 'form'
              ? { form }
              : kind === 'json'
                ? { json: obj }
                : kind === 'raw-json'
                  ? { body: raw }
                  : { body: raw, contentType: 'application/x-www-form-urlencoded' };
          const r = await t.call(route.method.toUpperCase(), `/api${route.path}`, { token, ...opts });
          expect(
            r.status,
            `${route.method} ${route.path} ${JSON.stringify(obj)} -> ${JSON.stringify(r.data)}`,
          ).toBeLessThan(500);
          if (r.status >= 400) expect(typeof r.data.message).toBe('string');
        },
      ),
      { numRuns: 250 },
    );
  });
  it('REST queries: junk query strings and headers on every GET route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...queryRoutes()),
        junkObject,
        fc.constantFrom('id', 'en', 'xx', '*', ''),
        fc.boolean(),
        async (route, obj, lang, badToken) => {
          const qs = new URLSearchParams(
            Object.entries(obj).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          ).toString();
          const token = badToken ? 'not.a.token' : route.auth === 'user' ? t.userToken : undefined;
          const r = await t.call('GET', `/api${route.path}?${qs}`, { token, lang: lang as 'id' });
          expect(r.status, `${route.path}?${qs}`).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });
  it('GraphQL: junk variables for every operation on both gateways', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(OPS)),
        fc.oneof(junkObject, junkValue),
        fc.constantFrom('open', 'secure') as fc.Arbitrary<'open' | 'secure'>,
        async (op, input, gateway) => {
          const r = await t.gql(gateway, OPS[op], { input });
          expect(r.status, `${op} ${JSON.stringify(input)} -> ${JSON.stringify(r.data)}`).toBeLessThan(500);
          if (r.data.errors) expect(r.data.errors[0].extensions?.code).not.toBe('internal_error');
        },
      ),
      { numRuns: 250 },
    );
  });
  it('GraphQL: junk documents', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.constantFrom(
            '{',
            'query {',
            '{ __typename }',
            'mutation { HotelCreateReservation }',
            'subscription { x }',
          ),
        ),
        async (query) => {
          const r = await t.call('POST', '/api/gateway/open', { json: { query } });
          expect(r.status).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });

  // Every endpoint, surrogates and deep nesting (the JSON guard, api/http/nul-guard.ts): a 400 with
  // a message in the request language, never a 5xx or a stack overflow.
  const nested = (depth: number, open: string, close: string, inner = '1') =>
    open.repeat(depth) + inner + close.repeat(depth);
  const hostileBody = fc.oneof(
    fc.constantFrom('\ud800', 'x\udfffy', '\udc00\ud800', '\ud83d').map((lone) => ({
      kind: 'surrogate',
      body: JSON.stringify({ query: '{ __typename }', email: lone, reservation_id: 1, order_id: lone }),
    })),
    fc
      .integer({ min: 21, max: 20_000 })
      .chain((depth) =>
        fc.constantFrom(
          { kind: 'deep', body: nested(depth, '[', ']') },
          { kind: 'deep', body: `{"input":${nested(depth, '{"a":', '}')}}` },
          { kind: 'deep', body: `{"query":"{ __typename }","variables":{"input":${nested(depth, '[', ']')}}}` },
        ),
      ),
  );
  it('every endpoint that takes a body: lone surrogates and deep nesting are a 400, on REST, GraphQL and notifications', async () => {
    const everyBodyRoute = routes.filter((r) => r.method !== 'get');
    expect(everyBodyRoute.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/payments/notifications', '/gateway/open', '/gateway/secure', '/oauth2/token']),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...everyBodyRoute),
        hostileBody,
        fc.constantFrom('id', 'en') as fc.Arbitrary<'id' | 'en'>,
        async (route, hostile, lang) => {
          const token = route.auth === 'user' || route.tag === 'graphql' ? t.userToken : undefined;
          const r = await t.call(route.method.toUpperCase(), `/api${route.path}`, { token, body: hostile.body, lang });
          expect(r.status, `${route.method} ${route.path} ${hostile.kind}`).toBe(400);
          expect(r.data.code).toBe('bad_request');
          expect(r.data.message).toMatch(
            hostile.kind === 'deep'
              ? lang === 'id'
                ? /terlalu bertingkat/
                : /nested too deeply/
              : lang === 'id'
                ? /surrogate/
                : /lone UTF-16 surrogate/,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('well-formed pairs (emoji) and 20 levels of nesting still pass the guard', async () => {
    const ok = await t.call('POST', '/api/clients/v1/subscribe', { json: { email: 'sari.\ud83d\ude00@example.com' } });
    expect(ok.status).toBe(422); // read and validated: the address is refused, not the characters
    const twenty = await t.gql('open', '{ __typename }', { input: JSON.parse(nested(19, '[', ']')) });
    expect(twenty.status).toBeLessThan(500);
    expect(twenty.data.errors?.[0]?.message ?? '').not.toMatch(/nested too deeply/);
  });

  it('deeply nested GraphQL documents are refused without a 5xx', async () => {
    for (const depth of [50, 2_000, 20_000]) {
      const query = `{ ${'HotelStayList { '.repeat(depth)}id${' }'.repeat(depth)} }`;
      const r = await t.call('POST', '/api/gateway/open', { json: { query } });
      expect(r.status, `depth ${depth}`).toBe(400);
    }
  });
});
