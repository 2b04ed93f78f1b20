import { toJsonSchema as valibotToJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  CodeRequestSchema,
  CodeValidateSchema,
  CompleteRegistrationSchema,
  ForgotPasswordSchema,
  LogoutSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SignInSchema,
  UpdateProfileSchema,
} from '../../core/contracts/auth.ts';
import {
  AncillaryListInput,
  CreateReservationInput,
  DayUseAvailabilityInput,
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
import {
  HotelShellSchema,
  ReservationDetailSchema,
  SearchResultSchema,
  UserProfileSchema,
} from '../../core/contracts/responses.ts';
import {
  AncillaryPackageSchema,
  AnnouncementSchema,
  AvailabilityDaySchema,
  ChargeCreatedSchema,
  AccountDeletedSchema,
  ChargeDroppedSchema,
  CodeCheckedSchema,
  CodeSentSchema,
  GiftCertificatesSchema,
  GraphQLAnswerSchema,
  HealthSchema,
  BuildStatusSchema,
  MaxDurationSchema,
  DayUseDaySchema,
  NotificationAnswerSchema,
  PasswordResetSchema,
  PaymentChannelSchema,
  PaymentConfigSchema,
  PaymentStateSchema,
  PointItemsSchema,
  PointsActiveSchema,
  PointsSummarySchema,
  PromoListSchema,
  ProfileUpdatedSchema,
  PromoSchema,
  RegisteredSchema,
  ReservationCancelledSchema,
  ReservationCreatedSchema,
  ReservationListSchema,
  SignedInSchema,
  SignedOutSchema,
  SubscribedSchema,
  TokenAnswerSchema,
  WebhookAcceptedSchema,
} from '../../core/contracts/responses.ts';
import {
  MyStayListSchema,
  ReservationCountSchema,
  StayHistoryListSchema,
  StayPassCheckSchema,
  StayPassVerifyInput,
} from '../../core/contracts/account.ts';
import { TokenRequestSchema } from '../profile/oauth.routes.ts';
import { GraphQLParams } from '../graphql/graphql.routes.ts';
import { PaymentQrInput } from '../payments/charge.routes.ts';
import { ConfirmChangeSchema, FileQuery } from '../profile/profile.routes.ts';
import {
  ContactSchema,
  FILE_FIELDS,
  FILE_RULES,
  FormPostExtras,
  FormSentSchema,
  FormSessionSchema,
  PartnershipSchema,
} from '../../core/contracts/forms.ts';
import { FormFileQuery, FormSessionQuery } from '../forms/forms.routes.ts';
import { EventBatch, EventsAcceptedSchema } from '../../core/contracts/events.ts';
import { ReadySchema } from '../observability/readiness.ts';

// The OpenAPI document of the REST calls, built from the same valibot contracts the routes use.
// `npm run openapi:write` refreshes the committed copy; a test keeps both equal and complete.

type Json = Record<string, unknown>;

/**
 * A valibot contract as the JSON Schema of OpenAPI 3.0 (@valibot/to-json-schema). The input side is
 * documented (what a client sends); transforms and custom checks, which JSON Schema cannot say, are
 * left out rather than failing the document.
 */
export function toJsonSchema(schema: v.GenericSchema): Json {
  return openApi30(valibotToJsonSchema(schema, { target: 'openapi-3.0', typeMode: 'input', errorMode: 'ignore' }));
}

/** OpenAPI 3.0 refuses an empty `required` list (an object with only optional fields). */
function openApi30(node: unknown): Json {
  if (Array.isArray(node)) return node.map(openApi30) as unknown as Json;
  if (!node || typeof node !== 'object') return node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    out[key] = openApi30(value);
  }
  return out;
}

/** This document itself (GET /openapi.json). */
const OpenApiDocumentSchema = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.unknown()),
});

type RouteDoc = {
  method: 'get' | 'post' | 'put';
  path: string;
  summary: string;
  auth: 'client' | 'user' | 'none';
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  tag: string;
  /** The success status (200 unless said). */
  ok?: 200 | 201 | 202;
  /** A text body (the SDL), a PNG image (a payment QR code), an uploaded picture or a proposal's file. */
  plain?: 'text' | 'png' | 'image' | 'file';
  /** A form as browsers post it (urlencoded, or multipart with `files`): a plain post is answered 303. */
  form?: { fields: v.GenericSchema; files: boolean };
  /** A multipart/form-data body with this many pictures in the field `files` (413 past 2 MB each). */
  upload?: number;
  /** Answers 429 when its rate limit is spent. */
  limited?: boolean;
  /** The payload under `data` of a success (core/contracts/responses.ts). */
  response?: v.GenericSchema;
  /** The whole JSON body of a success that is not only the `{ data }` envelope (tokens, health, GraphQL). */
  answer?: v.GenericSchema;
};

export const REST_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/health',
    answer: HealthSchema,
    summary: 'Liveness, database and build state',
    auth: 'none',
    tag: 'meta',
  },
  {
    method: 'get',
    path: '/ready',
    answer: ReadySchema,
    summary:
      'Readiness: the database answers, its migrations are current, the site build is in place and the node is not shutting down',
    auth: 'none',
    tag: 'meta',
  },
  {
    method: 'post',
    path: '/oauth2/token',
    answer: TokenAnswerSchema,
    summary: 'OAuth2 tokens: client credentials, refresh token and password grants (x-api-key checked)',
    auth: 'none',
    body: TokenRequestSchema,
    tag: 'auth',
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/register',
    answer: RegisteredSchema,
    summary: 'Create an account and send its verification code',
    auth: 'client',
    body: RegisterSchema,
    tag: 'auth',
    ok: 201,
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/register/complete',
    answer: SignedInSchema,
    summary: 'Verify the sign-up code and sign in',
    auth: 'client',
    body: CompleteRegistrationSchema,
    tag: 'auth',
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/codes/request',
    answer: CodeSentSchema,
    summary: 'Send a 4-digit code (verify or reset)',
    auth: 'client',
    body: CodeRequestSchema,
    tag: 'auth',
    ok: 202,
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/codes/resend',
    answer: CodeSentSchema,
    summary: 'Send the code again after its cool-down',
    auth: 'client',
    body: CodeRequestSchema,
    tag: 'auth',
    ok: 202,
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/codes/validate',
    answer: CodeCheckedSchema,
    summary: 'Check a code (verify an address, or start a password reset)',
    auth: 'client',
    body: CodeValidateSchema,
    tag: 'auth',
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/password/forgot',
    answer: CodeSentSchema,
    summary: 'Send a password reset code',
    auth: 'client',
    body: ForgotPasswordSchema,
    tag: 'auth',
    ok: 202,
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/password/reset',
    answer: PasswordResetSchema,
    summary: 'Set a new password with the reset ticket',
    auth: 'client',
    body: ResetPasswordSchema,
    tag: 'auth',
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/login',
    answer: SignedInSchema,
    summary: 'Password sign-in',
    auth: 'client',
    body: SignInSchema,
    tag: 'auth',
    limited: true,
  },
  {
    method: 'post',
    path: '/auth/logout',
    answer: SignedOutSchema,
    summary: 'Revoke a refresh token',
    auth: 'client',
    body: LogoutSchema,
    tag: 'auth',
  },
  {
    method: 'get',
    path: '/auth/me',
    response: UserProfileSchema,
    summary: 'The signed-in user profile',
    auth: 'user',
    tag: 'auth',
  },
  {
    method: 'get',
    path: '/clients/v1/my-account',
    response: UserProfileSchema,
    summary: 'The signed-in user profile (account area)',
    auth: 'user',
    tag: 'account',
  },
  {
    method: 'post',
    path: '/clients/v1/my-account/update',
    answer: ProfileUpdatedSchema,
    summary: 'Update the name; a new e-mail or phone gets a 4-digit code and waits for it (pending)',
    auth: 'user',
    body: UpdateProfileSchema,
    tag: 'account',
    limited: true,
  },
  {
    method: 'post',
    path: '/my-account/update',
    answer: ProfileUpdatedSchema,
    summary: 'Update the name; a new e-mail or phone gets a 4-digit code and waits for it (pending)',
    auth: 'user',
    body: UpdateProfileSchema,
    tag: 'account',
    limited: true,
  },
  {
    method: 'post',
    path: '/clients/v1/my-account/update/confirm',
    response: UserProfileSchema,
    summary: 'The code sent to a new e-mail or phone: it replaces the old one, verified',
    auth: 'user',
    body: ConfirmChangeSchema,
    tag: 'account',
    limited: true,
  },
  {
    method: 'post',
    path: '/clients/v1/my-account/upload-profile-picture',
    response: UserProfileSchema,
    summary: 'Upload the profile picture (multipart, field files: one JPEG, PNG or WebP of at most 2 MB)',
    auth: 'user',
    upload: 1,
    tag: 'account',
  },
  {
    method: 'post',
    path: '/clients/v1/my-account/upload-id-card',
    response: UserProfileSchema,
    summary: 'Upload the ID card and a selfie holding it (multipart, field files: two pictures); ID becomes submitted',
    auth: 'user',
    upload: 2,
    tag: 'account',
  },
  {
    method: 'post',
    path: '/clients/v1/my-account/delete',
    response: AccountDeletedSchema,
    summary: 'Delete the account (409 account_deletion_blocked names the stay or payment in the way)',
    auth: 'user',
    tag: 'account',
  },
  {
    method: 'get',
    path: '/files',
    summary: 'A picture behind a signed, short-lived URL handed to its owner (404 for anything else)',
    auth: 'none',
    query: FileQuery,
    tag: 'account',
    plain: 'image',
  },
  {
    method: 'get',
    path: '/forms/contact/session',
    response: FormSessionSchema,
    summary: 'What the contact page renders: a fill-time token, and the draft it comes back with (values, error codes)',
    auth: 'none',
    query: FormSessionQuery,
    tag: 'forms',
  },
  {
    method: 'post',
    path: '/forms/contact',
    response: FormSentSchema,
    summary:
      'Send the contact form (JSON answers with Accept: application/json; a plain post is answered 303 to the success page or back to the form)',
    auth: 'none',
    form: { fields: ContactSchema, files: false },
    tag: 'forms',
  },
  {
    method: 'get',
    path: '/forms/partnership/session',
    response: FormSessionSchema,
    summary: 'What the partnership page renders: a fill-time token, and the draft it comes back with',
    auth: 'none',
    query: FormSessionQuery,
    tag: 'forms',
  },
  {
    method: 'post',
    path: '/forms/partnership',
    response: FormSentSchema,
    summary:
      'Send a partnership proposal (multipart: up to 4 photos of 2 MB, a 10 MB video, a 2 MB PDF; types by their bytes)',
    auth: 'none',
    form: { fields: PartnershipSchema, files: true },
    tag: 'forms',
  },
  {
    method: 'get',
    path: '/forms/files',
    summary: "A proposal's file behind a signed, short-lived URL handed to operators (404 for anything else)",
    auth: 'none',
    query: FormFileQuery,
    tag: 'forms',
    plain: 'file',
  },
  {
    method: 'post',
    path: '/events',
    ok: 202,
    response: EventsAcceptedSchema,
    summary:
      "The site's own event collector (page views, search, room chosen, checkout, purchase, subscribe; sent with sendBeacon)",
    auth: 'none',
    body: EventBatch,
    tag: 'events',
    limited: true,
  },
  {
    method: 'get',
    path: '/clients/v1/points',
    response: PointsSummarySchema,
    summary: 'Bobopoint balance and worth',
    auth: 'user',
    tag: 'points',
  },
  {
    method: 'get',
    path: '/v1/status/active',
    response: PointsActiveSchema,
    summary: 'Active Bobopoint balance',
    auth: 'user',
    tag: 'points',
  },
  {
    method: 'get',
    path: '/v1/status/pending',
    response: PointItemsSchema,
    summary: 'Bobopoints pending activation',
    auth: 'user',
    tag: 'points',
  },
  {
    method: 'get',
    path: '/v1/status/history',
    response: PointItemsSchema,
    summary: 'Bobopoint history',
    auth: 'user',
    tag: 'points',
  },
  {
    method: 'get',
    path: '/clients/v1/gift-certificates',
    response: GiftCertificatesSchema,
    summary: 'Bobopoints as gift certificates: usable per booking, remaining, and the bookings that used them',
    auth: 'user',
    tag: 'points',
  },
  {
    method: 'post',
    path: '/gateway/open',
    answer: GraphQLAnswerSchema,
    summary: 'GraphQL with a client token and API key',
    auth: 'client',
    body: GraphQLParams,
    tag: 'graphql',
  },
  {
    method: 'post',
    path: '/gateway/secure',
    answer: GraphQLAnswerSchema,
    summary: 'GraphQL with a user token',
    auth: 'user',
    body: GraphQLParams,
    tag: 'graphql',
  },
  {
    method: 'post',
    path: '/hooks/sanity',
    answer: WebhookAcceptedSchema,
    summary:
      'Sanity publish webhook (signed, at most 5 minutes old, each delivery once): publishes the content to every node and says whether the rebuild went live or which document and field broke it',
    auth: 'none',
    tag: 'content',
    ok: 202,
  },
  {
    method: 'get',
    path: '/site/build-status',
    answer: BuildStatusSchema,
    summary: "The live site build: its content version, and the last failed build's document and field",
    auth: 'none',
    tag: 'content',
  },
  {
    method: 'get',
    path: '/clients/v1/hotel',
    response: v.array(HotelShellSchema),
    summary: 'Hotels (hotelTypeId -1 = all types)',
    auth: 'client',
    query: HotelsQuery,
    tag: 'hotels',
  },
  {
    method: 'post',
    path: '/clients/v1/search',
    response: SearchResultSchema,
    summary: 'Priced search: hotel, messagePromo and room types for a stay',
    auth: 'client',
    body: SearchBody,
    tag: 'search',
  },
  {
    method: 'get',
    path: '/clients/v1/availability',
    response: v.array(AvailabilityDaySchema),
    summary: 'Availability per date (90-day window), REST twin of RoomAvailability',
    auth: 'client',
    query: RoomAvailabilityInput,
    tag: 'search',
  },
  {
    method: 'get',
    path: '/clients/v1/availability/max-duration',
    response: MaxDurationSchema,
    summary: 'web_max_duration from a check-in date',
    auth: 'client',
    query: MaxDurationInput,
    tag: 'search',
  },
  {
    method: 'get',
    path: '/clients/v1/availability/day-use',
    response: v.array(DayUseDaySchema),
    summary: 'Day use of an hourly hotel per date: blocks, sellable start hours, lowest block price',
    auth: 'client',
    query: DayUseAvailabilityInput,
    tag: 'search',
  },
  {
    method: 'get',
    path: '/clients/v1/list-promo',
    answer: PromoListSchema,
    summary: 'Public promos (size -1 = all)',
    auth: 'client',
    query: PublicPromoQuery,
    tag: 'promotions',
  },
  {
    method: 'get',
    path: '/clients/v1/list-promo/view',
    response: PromoSchema,
    summary: 'One public promo by code or id',
    auth: 'client',
    query: PromoViewQuery,
    tag: 'promotions',
  },
  {
    method: 'get',
    path: '/announcement/web',
    response: v.array(AnnouncementSchema),
    summary: 'Active web announcements',
    auth: 'client',
    tag: 'promotions',
  },
  {
    method: 'post',
    path: '/clients/v1/subscribe',
    answer: SubscribedSchema,
    summary: 'Newsletter sign-up (400 when already subscribed)',
    auth: 'client',
    body: SubscribeBody,
    tag: 'promotions',
  },
  {
    method: 'get',
    path: '/clients/v1/payment',
    response: v.array(PaymentChannelSchema),
    summary: 'Active payment channels (id 12 never listed)',
    auth: 'client',
    tag: 'payments',
  },
  {
    method: 'post',
    path: '/clients/v1/payment/charge',
    answer: ChargeCreatedSchema,
    summary: 'New payment attempt (PaymentCharge); code 200 only when the gateway created it',
    auth: 'user',
    body: PaymentChargeInput,
    tag: 'payments',
  },
  {
    method: 'get',
    path: '/clients/v1/payment/status',
    response: PaymentStateSchema,
    summary: 'Payment state and latest attempt of a reservation (PaymentPending); reservationId in the query',
    auth: 'user',
    tag: 'payments',
  },
  {
    method: 'post',
    path: '/clients/v1/payment/cancel',
    response: ChargeDroppedSchema,
    summary: 'Drop the pending attempt to choose another method',
    auth: 'user',
    body: PaymentReservationInput,
    tag: 'payments',
  },
  {
    method: 'get',
    path: '/payments/config',
    response: PaymentConfigSchema,
    summary: 'Active gateway, its public client key and the card-token URL',
    auth: 'client',
    tag: 'payments',
  },
  {
    method: 'get',
    path: '/payments/qr-code',
    summary:
      "QR image of a pending QRIS or GoPay charge (the gateway's generate-qr-code image; the transaction id is the key, no token)",
    auth: 'none',
    query: PaymentQrInput,
    tag: 'payments',
    plain: 'png',
  },
  {
    method: 'post',
    path: '/payments/notifications',
    answer: NotificationAnswerSchema,
    summary: 'Gateway HTTP notifications (signature_key checked)',
    auth: 'none',
    tag: 'payments',
  },
  {
    method: 'get',
    path: '/clients/v1/ancillary-packages',
    response: v.array(AncillaryPackageSchema),
    summary: 'Active ancillary packages (carbon offset)',
    auth: 'client',
    query: AncillaryListInput,
    tag: 'ancillary',
  },
  {
    method: 'post',
    path: '/clients/v1/reservations/create',
    response: ReservationCreatedSchema,
    summary: 'Create a reservation holding every night (REST twin of HotelCreateReservation)',
    auth: 'user',
    ok: 201,
    body: CreateReservationInput,
    tag: 'reservations',
  },
  {
    method: 'get',
    path: '/clients/v1/reservations/list',
    response: ReservationListSchema,
    summary: "The user's reservations, by payment status",
    auth: 'user',
    query: ReservationListQuery,
    tag: 'reservations',
  },
  {
    method: 'get',
    path: '/clients/v1/reservations/count',
    response: ReservationCountSchema,
    summary: "How many of the user's reservations are in a payment status (1: unpaid and unexpired, the order badge)",
    auth: 'user',
    query: ReservationListQuery,
    tag: 'reservations',
  },
  {
    method: 'get',
    path: '/clients/v1/stays',
    response: MyStayListSchema,
    summary:
      'My stay (HotelStayList): active and upcoming paid stays with the signed stay pass and self check-in state',
    auth: 'user',
    tag: 'account',
  },
  {
    method: 'get',
    path: '/clients/v1/stays/history',
    response: StayHistoryListSchema,
    summary: 'History (HotelStayHistoryList): past stays, cancelled, expired and refunded orders',
    auth: 'user',
    tag: 'account',
  },
  {
    method: 'post',
    path: '/host/v1/stay-pass/verify',
    response: StayPassCheckSchema,
    summary:
      'A host checks a scanned stay pass (confidential client token only): 400 tampered or foreign, 404 unknown or another hotel, 409 unpaid or ended',
    auth: 'client',
    body: StayPassVerifyInput,
    tag: 'account',
  },
  {
    method: 'get',
    path: '/clients/v1/reservations/view',
    response: ReservationDetailSchema,
    summary: 'Reservation detail',
    auth: 'user',
    query: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'post',
    path: '/clients/v1/reservations/cancel',
    response: ReservationCancelledSchema,
    summary: 'Cancel a reservation waiting for payment',
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'put',
    path: '/clients/v1/reservations/cancel',
    response: ReservationCancelledSchema,
    summary: 'Cancel a reservation waiting for payment',
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'put',
    path: '/clients/v1/reservations/update',
    response: ReservationDetailSchema,
    summary: 'Set promo, gift certificate, add-ons and payment channel; returns the recomputed detail',
    auth: 'user',
    body: ReservationUpdateBody,
    tag: 'reservations',
  },
  {
    method: 'post',
    path: '/clients/v1/update-rate',
    response: ReservationDetailSchema,
    summary: "Refresh a waiting reservation's nightly rates",
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'put',
    path: '/clients/v1/update-rate',
    response: ReservationDetailSchema,
    summary: "Refresh a waiting reservation's nightly rates",
    auth: 'user',
    body: ReservationIdInput,
    tag: 'reservations',
  },
  {
    method: 'get',
    path: '/graphql/schema.graphql',
    summary: 'The GraphQL schema (SDL)',
    auth: 'none',
    tag: 'meta',
    plain: 'text',
  },
  {
    method: 'get',
    path: '/openapi.json',
    answer: OpenApiDocumentSchema,
    summary: 'This document',
    auth: 'none',
    tag: 'meta',
  },
];

/** Which error statuses a route can answer: unreadable input, authentication, rules, rate limits. */
export function errorStatusesFor(r: RouteDoc): number[] {
  const out = new Set<number>([400, 404, 422]);
  if (r.auth !== 'none' || ['/oauth2/token', '/hooks/sanity', '/payments/notifications'].includes(r.path)) out.add(401);
  if (r.auth !== 'none') out.add(403).add(409);
  if (r.tag === 'payments' || r.tag === 'reservations') out.add(409);
  if (r.limited) out.add(429);
  if (r.path === '/payments/notifications' || r.upload) out.add(413);
  // The QR image is fetched from the gateway while the page waits: the gateway may fail.
  if (r.path === '/payments/qr-code') out.add(502);
  return [...out].sort((a, b) => a - b);
}

function responsesFor(r: RouteDoc): Json {
  const ok = r.ok ?? 200;
  const json = (schema: Json) => ({ description: 'OK', content: { 'application/json': { schema } } });
  const success =
    r.plain === 'text'
      ? { description: 'OK', content: { 'text/plain': { schema: { type: 'string' } } } }
      : r.plain === 'png'
        ? { description: 'OK', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } }
        : r.plain === 'image'
          ? {
              description: 'OK',
              content: Object.fromEntries(
                ['image/jpeg', 'image/png', 'image/webp'].map((t) => [
                  t,
                  { schema: { type: 'string', format: 'binary' } },
                ]),
              ),
            }
          : r.plain === 'file'
            ? {
                description: 'OK',
                content: Object.fromEntries(
                  FILE_FIELDS.flatMap((f) => FILE_RULES[f].types).map((t) => [
                    t,
                    { schema: { type: 'string', format: 'binary' } },
                  ]),
                ),
              }
            : r.answer
              ? json(toJsonSchema(r.answer))
              : r.response
                ? json({ type: 'object', required: ['data'], properties: { data: toJsonSchema(r.response) } })
                : undefined;
  if (!success) throw new Error(`${r.method.toUpperCase()} ${r.path}: no success schema documented`);
  const out: Json = { [ok]: success };
  for (const status of errorStatusesFor(r)) out[status] = r.tag === 'graphql' ? graphqlErrorResponse : errorResponse;
  // The liveness probe answers 503 with the same body when the database does not answer.
  if (r.path === '/health') out[503] = { ...success, description: 'Degraded: the database does not answer' };
  if (r.path === '/ready') out[503] = { ...success, description: 'Not ready (a check is false), or shutting down' };
  if (r.form)
    out[303] = {
      description:
        'A plain form post (no Accept: application/json): to the success page, or back to the form with ?draft= (its values and errors)',
      headers: { Location: { schema: { type: 'string' } } },
    };
  return out;
}

const graphqlErrorResponse = {
  description:
    'A request GraphQL cannot run (the errors array, first message in the request language), or one the gateway refuses before GraphQL (authentication, unreadable body: JSON {code, message})',
  content: {
    'application/json': {
      schema: { anyOf: [{ $ref: '#/components/schemas/GraphQLErrors' }, { $ref: '#/components/schemas/Error' }] },
    },
  },
};

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
      // A bearer token (from the oauth2 flows) with the API key for client calls, a user's for user calls.
      security:
        r.auth === 'client'
          ? [
              { oauth2: [], apiKey: [] },
              { bearer: [], apiKey: [] },
            ]
          : r.auth === 'user'
            ? [{ oauth2: [] }, { bearer: [] }]
            : [],
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
      responses: responsesFor(r),
    };
    if (r.upload) {
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['files'],
              properties: {
                files: {
                  type: 'array',
                  minItems: r.upload,
                  maxItems: r.upload,
                  items: { type: 'string', format: 'binary' },
                },
              },
            },
          },
        },
      };
    }
    if (r.form) {
      const fields = toJsonSchema(r.form.fields);
      const extras = toJsonSchema(FormPostExtras);
      const text = {
        type: 'object',
        required: [...((fields.required as string[]) ?? []), ...((extras.required as string[]) ?? [])],
        properties: { ...(fields.properties as Json), ...(extras.properties as Json) },
      };
      const files = Object.fromEntries(
        FILE_FIELDS.map((f) => [
          f,
          { type: 'array', maxItems: FILE_RULES[f].max, items: { type: 'string', format: 'binary' } },
        ]),
      );
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: r.form.files ? { ...text, properties: { ...text.properties, ...files } } : text,
          },
          'application/x-www-form-urlencoded': { schema: text },
        },
      };
    }
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
        // Where the bearer tokens come from (api/auth/README.md): a client token by client
        // credentials, a user token by the password grant; both renewed with their refresh token.
        oauth2: {
          type: 'oauth2',
          description:
            'POST /api/oauth2/token with the x-api-key header: client_credentials gives a client token, password a user token (the sign-in calls give the same); refresh_token renews either.',
          flows: {
            clientCredentials: { tokenUrl: '/api/oauth2/token', refreshUrl: '/api/oauth2/token', scopes: {} },
            password: { tokenUrl: '/api/oauth2/token', refreshUrl: '/api/oauth2/token', scopes: {} },
          },
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
        },
        GraphQLErrors: {
          type: 'object',
          required: ['errors'],
          properties: {
            errors: {
              type: 'array',
              items: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
            },
          },
        },
      },
    },
    paths,
  };
}
