import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';

// The OpenAPI document of the REST calls, generated from the routes themselves: each route declares
// its contract where it is defined (`documented({...})`, api/http/contract.ts, hono-openapi's
// describeRoute over the route's valibot contracts), and generateSpecs walks the app's routes.
// `npm run openapi:write` refreshes the committed copy; a test keeps both equal and complete.

type Json = Record<string, unknown>;

/** The document of an app's documented routes, its paths as clients see them under /api. */
export async function buildOpenApi(app: Hono<never, never, string> | Hono): Promise<Json> {
  const generated = (await generateSpecs(app as Hono, {
    documentation: documentation() as never,
    // The schema (schema.graphql) and this document (openapi.json) are routes, not static files.
    excludeStaticFile: false,
    excludeMethods: ['OPTIONS', 'HEAD'],
    defaultValidationErrorResponse: false,
  })) as unknown as Json & { paths: Record<string, Json> };
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries(generated.paths)) paths[path.replace(/^\/api(?=\/)/, '')] = item;
  const { tags: _tags, ...rest } = generated;
  return { ...rest, paths };
}

function documentation() {
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
  };
}

export type DocumentedRoute = { method: string; path: string; auth: 'client' | 'user' | 'none'; tag: string };

/** The routes a document describes, with who may call each (from its security) and its tag. */
export function routesOf(doc: Json): DocumentedRoute[] {
  type Op = { tags?: string[]; security?: Record<string, string[]>[] };
  const out: DocumentedRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Op>>))
    for (const [method, op] of Object.entries(item)) {
      const security = op.security ?? [];
      const auth = security.some((s) => 'apiKey' in s) ? 'client' : security.length ? 'user' : 'none';
      out.push({ method, path, auth, tag: op.tags?.[0] ?? '' });
    }
  return out;
}
