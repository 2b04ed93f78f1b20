import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GraphQLError, visit, BREAK } from 'graphql';
import type { DocumentNode } from 'graphql';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createSchema, createYoga } from 'graphql-yoga';
import type { Plugin } from 'graphql-yoga';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../app.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import type { ApiLang } from '../http/errors.ts';
import { requestLang } from '../http/errors.ts';
import { depthAndCostRule } from './limits.ts';
import { resolvers } from './resolvers.ts';
import type { GraphQLContext } from './resolvers.ts';

export const schemaPath = path.join(import.meta.dirname, 'schema.graphql');
export const typeDefs = readFileSync(schemaPath, 'utf8');

const JSONScalar = {
  JSON: new (await import('graphql')).GraphQLScalarType({ name: 'JSON', serialize: (x: unknown) => x, parseValue: (x: unknown) => x }),
};

const BAD_REQUEST: Record<ApiLang, string> = { en: 'The request is not valid.', id: 'Permintaan kamu tidak valid.' };
const INTERNAL: Record<ApiLang, string> = { en: 'Something went wrong on our side.', id: 'Terjadi Kesalahan...' };

function langOf(request: Request): ApiLang {
  const url = new URL(request.url);
  const q = url.searchParams.get('lang');
  if (q === 'id' || q === 'en') return q;
  const header = (request.headers.get('accept-language') ?? '').toLowerCase();
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (tag === 'id' || tag.startsWith('id-') || tag === 'in') return 'id';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/**
 * Every error message the client sees is in its language: our ApiErrors already are; GraphQL's own
 * (syntax, validation, variable coercion, limits) become the bilingual "bad request" with the
 * original text kept in extensions.detail; unexpected errors are masked.
 */
const bilingualErrors: Plugin = {
  onResultProcess({ request, result, setResult }) {
    if (Array.isArray(result) || !result || typeof result !== 'object' || !('errors' in result) || !result.errors?.length) return;
    const lang = langOf(request);
    const errs = result.errors.map((e) => {
      const ext = (e.extensions ?? {}) as Record<string, unknown>;
      if (typeof ext.messages === 'object') return e;
      const unexpected = ext.unexpected === true || ext.code === 'INTERNAL_SERVER_ERROR';
      const message = unexpected ? INTERNAL[lang] : BAD_REQUEST[lang];
      const status = unexpected ? 500 : 400;
      const { originalError: _drop, unexpected: _u, ...rest } = ext;
      return new GraphQLError(message, { nodes: e.nodes, path: e.path, extensions: { ...rest, code: typeof ext.code === 'string' ? ext.code : unexpected ? 'internal_error' : 'bad_request', ...(unexpected ? {} : { detail: e.message }), http: { status } } });
    });
    setResult({ ...result, errors: errs });
  },
};

/**
 * Whether a document asks for introspection (__schema or __type anywhere, fragments included).
 * Those run on graphql's own executor: graphql-jit does not apply graphql 17's argument defaults
 * there (`includeDeprecated: Boolean! = false`). Remembered per parsed document (yoga caches them).
 */
const introspects = new WeakMap<DocumentNode, boolean>();
function isIntrospection(document: DocumentNode): boolean {
  let found = introspects.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Field(node) {
        if (node.name.value === '__schema' || node.name.value === '__type') {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    });
    introspects.set(document, found);
  }
  return found;
}

export function createGraphQL(deps: AppDeps) {
  return createYoga<{ deps: AppDeps; lang: ApiLang; auth: GraphQLContext['auth'] }>({
    schema: createSchema<GraphQLContext>({ typeDefs, resolvers: { ...JSONScalar, ...resolvers } }),
    graphqlEndpoint: '/api/gateway/:gateway',
    graphiql: false,
    landingPage: false,
    maskedErrors: {
      // Our errors and GraphQL's own pass through; anything else is logged and hidden.
      maskError: (error, message) => {
        const isGql = (e: unknown): e is GraphQLError => e instanceof GraphQLError || (e as { name?: string } | null)?.name === 'GraphQLError';
        const original = (error as { originalError?: unknown }).originalError;
        if (isGql(error) && (!original || isGql(original))) return error;
        console.error('[graphql] unexpected error', original ?? error);
        return new GraphQLError(message, { extensions: { unexpected: true } });
      },
    },
    plugins: [
      // Each validated document is compiled once (graphql-jit) instead of being interpreted field by
      // field on every request: the executor was the largest JavaScript cost of RoomAvailability.
      useGraphQlJit({}, { enableIf: (args) => !isIntrospection(args.document) }),
      { onValidate: ({ addValidationRule }) => addValidationRule(depthAndCostRule) } satisfies Plugin,
      bilingualErrors,
    ],
    logging: deps.env.NODE_ENV === 'test' ? false : 'warn',
  });
}

export function graphqlRoutes(deps: AppDeps) {
  const app = new Hono();
  const yoga = createGraphQL(deps);
  const handle = (c: Context) => yoga.fetch(c.req.raw, { deps, lang: requestLang(c), auth: c.get('auth') ?? null });
  app.post('/gateway/open', requireClient(deps), handle);
  app.post('/gateway/secure', requireUser(deps), handle);
  app.get('/graphql/schema.graphql', (c) => c.body(typeDefs, 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' }));
  return app;
}
