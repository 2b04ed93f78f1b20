import type * as v from 'valibot';
import {
  AncillaryListInput,
  CreateReservationInput,
  HotelsQuery,
  MaxDurationInput,
  PromoViewQuery,
  PublicPromoQuery,
  ReservationIdInput,
  ReservationListQuery,
  ReservationUpdateBody,
  RoomAvailabilityInput,
  SearchBody,
  SubscribeBody,
} from '../../core/contracts/booking.ts';
import { PaymentChargeInput, PaymentReservationInput } from '../../core/contracts/payment.ts';

// The OpenAPI document of the REST calls, built from the same valibot contracts the routes use.
// `npm run openapi:write` refreshes the committed copy; a test keeps both equal and complete.

type Json = Record<string, unknown>;

/** A small valibot -> JSON Schema reader for the shapes our contracts use. */
export function toJsonSchema(schema: v.GenericSchema): Json {
  const s = schema as unknown as {
    type: string;
    entries?: Record<string, v.GenericSchema>;
    wrapped?: v.GenericSchema;
    options?: unknown[];
    item?: v.GenericSchema;
    pipe?: { type: string; kind: string; requirement?: unknown }[];
    default?: unknown;
  };
  const base = (): Json => {
    switch (s.type) {
      case 'object': {
        const properties: Json = {};
        const required: string[] = [];
        for (const [k, child] of Object.entries(s.entries ?? {})) {
          properties[k] = toJsonSchema(child);
          const t = (child as unknown as { type: string }).type;
          if (t !== 'optional' && t !== 'nullish') required.push(k);
        }
        return { type: 'object', properties, ...(required.length ? { required } : {}) };
      }
      case 'optional':
      case 'nullish': {
        const inner = toJsonSchema(s.wrapped!);
        const d = typeof s.default === 'function' ? undefined : s.default;
        return d === undefined ? inner : { ...inner, default: d };
      }
      case 'nullable':
        return { ...toJsonSchema(s.wrapped!), nullable: true };
      case 'string':
        return { type: 'string' };
      case 'number':
        return { type: 'number' };
      case 'boolean':
        return { type: 'boolean' };
      case 'array':
        return { type: 'array', items: toJsonSchema(s.item!) };
      case 'picklist':
        return { enum: s.options };
      case 'union':
        return { anyOf: (s.options as v.GenericSchema[]).map(toJsonSchema) };
      default:
        return {};
    }
  };
  const out = base();
  for (const step of s.pipe ?? []) {
    if (step.kind !== 'validation') continue;
    if (step.type === 'regex') out.pattern = String((step.requirement as RegExp).source);
    if (step.type === 'min_value') out.minimum = step.requirement;
    if (step.type === 'max_value') out.maximum = step.requirement;
    if (step.type === 'max_length') out.maxLength = step.requirement;
    if (step.type === 'email') out.format = 'email';
    if (step.type === 'integer') out.type = 'integer';
  }
  return out;
}

type RouteDoc = {
  method: 'get' | 'post' | 'put';
  path: string;
  summary: string;
  auth: 'client' | 'user' | 'none';
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  tag: string;
};

export const REST_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/clients/v1/hotel',
    summary: 'Hotels (hotelTypeId -1 = all types)',
    auth: 'client',
    query: HotelsQuery,
    tag: 'hotels',
  },
  {
    method: 'post',
    path: '/clients/v1/search',
    summary: 'Priced search: hotel, messagePromo and room types for a stay',
    auth: 'client',
    body: SearchBody,
    tag: 'search',
  },
  {
    method: 'get',
    path: '/clients/v1/availability',
    summary: 'Availability per date (90-day window), REST twin of RoomAvailability',
    auth: 'client',
    query: RoomAvailabilityInput,
    tag: 'search',
  },
  {
    method: 'get',
    path: '/clients/v1/availability/max-duration',
    summary: 'web_max_duration from a check-in date',
    auth: 'client',
    query: MaxDurationInput,
    tag: 'search',
  },
  {
    method: 'get',
    path: '/clients/v1/list-promo',
    summary: 'Public promos (size -1 = all)',
    auth: 'client',
    query: PublicPromoQuery,
    tag: 'promotions',
  },
  {
    method: 'get',
    path: '/clients/v1/list-promo/view',
    summary: 'One public promo by code or id',
    auth: 'client',
    query: PromoViewQuery,
    tag: 'promotions',
  },
  { method: 'get', path: '/announcement/web', summary: 'Active web announcements', auth: 'client', tag: 'promotions' },
  {
    method: 'post',
    path: '/clients/v1/subscribe',
    summary: 'Newsletter sign-up (400 when already subscribed)',
    auth: 'client',
    body: SubscribeBody,
    tag: 'promotions',
  },
  {
    method: 'get',
    path: '/clients/v1/payment',
    summary: 'Active payment channels (id 12 never listed)',
    auth: 'client',
    tag: 'payments',
  },
  {
    method: 'post',
    path: '/clients/v1/payment/charge',
    summary: 'New payment attempt (PaymentCharge); code 200 only when the gateway created it',
    auth: 'user',
    body: PaymentChargeInput,
    tag: 'payments',
  },
  {
    method: 'get',
    path: '/clients/v1/payment/status',
    summary: 'Payment state and latest attempt of a reservation (PaymentPending); reservationId in the query',
    auth: 'user',
    tag: 'payments',
  },
  {
    method: 'post',
    path: '/clients/v1/payment/cancel',
    summary: 'Drop the pending attempt to choose another method',
    auth: 'user',
    body: PaymentReservationInput,
    tag: 'payments',
  },
  {
    method: 'get',
    path: '/payments/config',
    summary: 'Active gateway, its public client key and the card-token URL',
    auth: 'client',
    tag: 'payments',
  },
  {
    method: 'post',
    path: '/payments/notifications',
    summary: 'Gateway HTTP notifications (signature_key checked)',
    auth: 'none',
    tag: 'payments',
  },
  {
    method: 'get',
    path: '/clients/v1/ancillary-packages',
    summary: 'Active ancillary packages (carbon offset)',
    auth: 'client',
    query: AncillaryListInput,
    tag: 'ancillary',
  },
  {
    method: 'post',
    path: '/clients/v1/reservations/create',
    summary: 'Create a reservation holding every night (REST twin of HotelCreateReservation)',
    auth: 'user',
    body: CreateReservationInput,
    tag: 'reservations',
  },
  {
    method: 'get',
    path: '/clients/v1/reservations/list',
    summary: "The user's reservations, by payment status",
    auth: 'user',
    query: ReservationListQuery,
    tag: 'reservations',
  },
  {
    method: 'get',
    path: '/clients/v1/reservations/view',
    summary: 'Reservation detail',
    auth: 'user',
    query: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'post',
    path: '/clients/v1/reservations/cancel',
    summary: 'Cancel a reservation waiting for payment',
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'put',
    path: '/clients/v1/reservations/cancel',
    summary: 'Cancel a reservation waiting for payment',
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'put',
    path: '/clients/v1/reservations/update',
    summary: 'Set promo, gift certificate, add-ons and payment channel; returns the recomputed detail',
    auth: 'user',
    body: ReservationUpdateBody,
    tag: 'reservations',
  },
  {
    method: 'post',
    path: '/clients/v1/update-rate',
    summary: "Refresh a waiting reservation's nightly rates",
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'put',
    path: '/clients/v1/update-rate',
    summary: "Refresh a waiting reservation's nightly rates",
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  { method: 'get', path: '/graphql/schema.graphql', summary: 'The GraphQL schema (SDL)', auth: 'none', tag: 'meta' },
  { method: 'get', path: '/openapi.json', summary: 'This document', auth: 'none', tag: 'meta' },
];

const errorResponse = {
  description: 'Client mistake: JSON {code, message} in the request language',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

export function buildOpenApi(): Json {
  const paths: Record<string, Json> = {};
  for (const r of REST_ROUTES) {
    const op: Json = {
      tags: [r.tag],
      summary: r.summary,
      operationId: `${r.method}${r.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      security: r.auth === 'client' ? [{ bearer: [], apiKey: [] }] : r.auth === 'user' ? [{ bearer: [] }] : [],
      parameters: [
        { name: 'Accept-Language', in: 'header', required: false, schema: { enum: ['id', 'en'] } },
        ...(r.query
          ? Object.entries((toJsonSchema(r.query).properties ?? {}) as Json).map(([name, schema]) => ({
              name,
              in: 'query',
              required: ((toJsonSchema(r.query!).required as string[] | undefined) ?? []).includes(name),
              schema,
            }))
          : []),
      ],
      responses: {
        200: {
          description: 'OK',
          content: { 'application/json': { schema: { type: 'object', properties: { data: {} } } } },
        },
        400: errorResponse,
        401: errorResponse,
        404: errorResponse,
        409: errorResponse,
        422: errorResponse,
      },
    };
    if (r.body) {
      const schema = toJsonSchema(r.body);
      op.requestBody = {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
      };
    }
    paths[r.path] = { ...(paths[r.path] ?? {}), [r.method]: op };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Bobobox booking API (REST)',
      version: '1.0.0',
      description:
        'REST calls under /api. Form-encoded bodies by default, JSON accepted. GraphQL operations: POST /api/gateway/open and /api/gateway/secure, schema at /api/graphql/schema.graphql.',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
        },
      },
    },
    paths,
  };
}
