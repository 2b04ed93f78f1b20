import { toJsonSchema as valibotToJsonSchema } from '@valibot/to-json-schema';
import type { MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import type * as v from 'valibot';
import { FILE_FIELDS, FILE_RULES, FormPostExtras } from '../../core/contracts/forms.ts';

// Each route's contract, declared where the route is defined: `app.post(path, documented({...}), ...)`.
// `documented` is hono-openapi's describeRoute over an operation built here from the route's valibot
// contracts; api/openapi/openapi.ts generates the document from the routes of the app (generateSpecs),
// so a route and its contract cannot drift and no second list of routes exists.

type Json = Record<string, unknown>;

/** Who may call a route: a client token with the API key, a signed-in user, or anyone. */
export type RouteAuth = 'client' | 'user' | 'none';

export type RouteContract = {
  summary: string;
  auth: RouteAuth;
  tag: string;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
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
  /**
   * Error statuses beyond what `auth`, `limited` and `upload` imply: 401 for a route that checks its
   * own signature or key, 413 for a bounded body, 502 for a call that waits on the gateway.
   */
  errors?: number[];
  /** The route answers 503 with its success body when it is not well (the probes): what that means. */
  degraded?: string;
  /** Errors in GraphQL's own shape (the gateways). */
  graphql?: boolean;
  /** Takes an Idempotency-Key (api/http/idempotency.ts): a retry with it gets the first answer. */
  idempotent?: boolean;
  /** A browser navigation answered with a redirect (single sign-on): its statuses and where they lead. */
  redirect?: { statuses: (302 | 303)[]; to: string };
};

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

/** Which error statuses a route can answer: unreadable input, authentication, rules, rate limits. */
export function errorStatusesFor(r: RouteContract): number[] {
  const out = new Set<number>([400, 404, 422, ...(r.errors ?? [])]);
  if (r.auth !== 'none') out.add(401).add(403).add(409);
  if (r.tag === 'payments' || r.tag === 'reservations') out.add(409);
  if (r.limited) out.add(429);
  if (r.upload) out.add(413);
  return [...out].sort((a, b) => a - b);
}

const binary = { schema: { type: 'string', format: 'binary' } };

function successOf(r: RouteContract): Json {
  const json = (schema: Json) => ({ description: 'OK', content: { 'application/json': { schema } } });
  const files = (types: readonly string[]) => ({
    description: 'OK',
    content: Object.fromEntries(types.map((t) => [t, binary])),
  });
  if (r.plain === 'text') return { description: 'OK', content: { 'text/plain': { schema: { type: 'string' } } } };
  if (r.plain === 'png') return files(['image/png']);
  if (r.plain === 'image') return files(['image/jpeg', 'image/png', 'image/webp']);
  if (r.plain === 'file') return files(FILE_FIELDS.flatMap((f) => FILE_RULES[f].types));
  if (r.answer) return json(toJsonSchema(r.answer));
  if (r.response) return json({ type: 'object', required: ['data'], properties: { data: toJsonSchema(r.response) } });
  throw new Error(`${r.summary}: no success schema documented`);
}

function responsesFor(r: RouteContract): Json {
  if (r.redirect) {
    const out: Json = Object.fromEntries(
      r.redirect.statuses.map((status) => [
        status,
        { description: r.redirect!.to, headers: { Location: { schema: { type: 'string' } } } },
      ]),
    );
    for (const status of errorStatusesFor(r)) out[status] = errorResponse;
    return out;
  }
  const success = successOf(r);
  const out: Json = { [r.ok ?? 200]: success };
  for (const status of errorStatusesFor(r)) out[status] = r.graphql ? graphqlErrorResponse : errorResponse;
  if (r.degraded) out[503] = { ...success, description: r.degraded };
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

/** The same body as a form or as JSON (every REST call reads both, api/http/input.ts). */
function requestBodyOf(r: RouteContract): Json | undefined {
  if (r.upload)
    return {
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
    return {
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
    return {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
    };
  }
  return undefined;
}

/** `post` + `/auth/codes/request` -> `postAuthCodesRequest` (the path as the client sees it, under /api). */
function operationIdOf(method: string, path: string): string {
  const local = path.replace(/^\/api(?=\/)/, '');
  return `${method.toLowerCase()}${local.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
}

const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'A random id of this request (1-255 visible ASCII characters), sent again unchanged when the request is retried. Within 24 hours the same key and body get the first answer (status and body, with the header Idempotent-Replayed: true) and no second effect; the same key with another body is refused with 422 (idempotency_key_reused). A request refused (an error) stores nothing, so its retry is judged again.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

/** The OpenAPI operation of a route contract. */
export function operationOf(r: RouteContract) {
  const query = r.query ? toJsonSchema(r.query) : undefined;
  const required = (query?.required as string[] | undefined) ?? [];
  const requestBody = requestBodyOf(r);
  return {
    tags: [r.tag],
    summary: r.summary,
    operationId: (route: { method: string; path: string }) => operationIdOf(route.method, route.path),
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
      { name: 'Accept-Language', in: 'header' as const, required: false, schema: { enum: ['id', 'en'] } },
      ...(r.idempotent ? [idempotencyHeader] : []),
      ...Object.entries((query?.properties ?? {}) as Json).map(([name, schema]) => ({
        name,
        in: 'query' as const,
        required: required.includes(name),
        schema,
      })),
    ],
    ...(requestBody ? { requestBody } : {}),
    responses: responsesFor(r),
  };
}

/** The route's contract as middleware that only describes (hono-openapi's describeRoute). */
export function documented(r: RouteContract): MiddlewareHandler {
  return describeRoute(operationOf(r) as unknown as Parameters<typeof describeRoute>[0]);
}
