import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  BREAK,
  GraphQLError,
  GraphQLScalarType,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  visit,
} from 'graphql';
import type { DocumentNode, ExecutionResult, GraphQLFormattedError } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { CompiledQuery } from 'graphql-jit';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import type { ApiLang } from '../http/errors.ts';
import { requestLang } from '../http/errors.ts';
import { depthAndCostRule, MAX_DOCUMENT_NESTING } from './limits.ts';
import { jsonDepth } from '../http/nul-guard.ts';
import { resolvers } from './resolvers.ts';
import type { GraphQLContext } from './resolvers.ts';
import { msg } from '../http/messages.ts';
import { logger } from '../observability/logger.ts';
import { documented } from '../http/contract.ts';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import { GraphQLAnswerSchema } from '../../core/contracts/responses.ts';

const log = logger('graphql');

export const schemaPath = path.join(import.meta.dirname, 'schema.graphql');
export const typeDefs = readFileSync(schemaPath, 'utf8');

const JSONScalar = new GraphQLScalarType({ name: 'JSON', serialize: (x: unknown) => x, parseValue: (x: unknown) => x });
export const schema = makeExecutableSchema<GraphQLContext>({ typeDefs, resolvers: { JSON: JSONScalar, ...resolvers } });

const BAD_REQUEST: Record<ApiLang, string> = msg('http.badRequest');
const INTERNAL: Record<ApiLang, string> = msg('http.internal');

/** The GraphQL-over-HTTP request body (POST, JSON). */
export const GraphQLParams = v.object({
  query: v.pipe(v.string(), v.minLength(1), v.maxLength(100_000)),
  variables: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  operationName: v.optional(v.nullable(v.string())),
  extensions: v.optional(v.unknown()),
});

/**
 * A query text, parsed and validated once (graphql-js, with the depth and cost rule), and its
 * executable form per operation name: compiled once by graphql-jit, or graphql-js's own executor
 * for introspection (graphql-jit does not apply graphql 17's argument defaults there, e.g.
 * `includeDeprecated: Boolean! = false`). Bounded, so a stream of distinct queries cannot grow it.
 */
type Prepared = {
  document: DocumentNode;
  errors: readonly GraphQLError[];
  introspection: boolean;
  compiled: Map<string, CompiledQuery | readonly GraphQLError[]>;
};
/**
 * The prepared documents' budget, by bytes as well as by count: a query text may be up to 100,000
 * characters, and its parsed document and compiled plans weigh several times that, so 1,000 of the
 * largest would hold hundreds of megabytes. Each entry is weighed as eight bytes per character of its
 * text plus a fixed part; the least recently used leave first.
 */
export const PREPARED_CACHE_MAX_BYTES = 32 * 1024 * 1024;
const prepared = new LRUCache<string, Prepared>({
  max: 1000,
  maxSize: PREPARED_CACHE_MAX_BYTES,
  sizeCalculation: (_p, query) => 8 * query.length + 4096,
});
/** What the prepared documents weigh now, by the measure above (tests). */
export const preparedCacheBytes = () => prepared.calculatedSize;

function isIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function prepare(query: string): Prepared {
  let p = prepared.get(query);
  if (p) return p;
  try {
    // graphql-js parses recursively: a document nested thousands deep would overflow the stack
    // before maxTokens stops it. Brackets are counted first (outside strings), as in a JSON body.
    if (jsonDepth(query, MAX_DOCUMENT_NESTING) > MAX_DOCUMENT_NESTING)
      throw new GraphQLError(`document nesting exceeds ${MAX_DOCUMENT_NESTING}`, {
        extensions: { code: 'query_too_complex', http: { status: 400 } },
      });
    const document = parse(query, { maxTokens: 5_000 });
    const errors = validate(schema, document, [...specifiedRules, depthAndCostRule]);
    p = { document, errors, introspection: errors.length === 0 && isIntrospection(document), compiled: new Map() };
  } catch (e) {
    if (!(e instanceof GraphQLError)) throw e;
    p = {
      document: { kind: 'Document', definitions: [] } as unknown as DocumentNode,
      errors: [e],
      introspection: false,
      compiled: new Map(),
    };
  }
  prepared.set(query, p);
  return p;
}

function compiledFor(p: Prepared, operationName: string | undefined): CompiledQuery | readonly GraphQLError[] {
  const key = operationName ?? '';
  let c = p.compiled.get(key);
  if (!c) {
    const out = compileQuery(schema, p.document, operationName);
    c = isCompiledQuery(out) ? out : (out.errors ?? [new GraphQLError('operation cannot be compiled')]);
    p.compiled.set(key, c);
  }
  return c;
}

type Status = 200 | 400 | 401 | 500;

/**
 * Every error message the client sees is in its language: our ApiErrors already are (resolvers
 * turn them into GraphQL errors with `extensions.messages`); GraphQL's own (syntax, validation,
 * variable coercion, limits) become the bilingual "bad request" with the original text kept in
 * extensions.detail; anything unexpected is logged and masked. The HTTP status follows the worst.
 */
function present(errors: readonly GraphQLError[], lang: ApiLang): { errors: GraphQLFormattedError[]; status: Status } {
  let status: Status = 200;
  const out = errors.map((e) => {
    const ext = (e.extensions ?? {}) as Record<string, unknown>;
    if (typeof ext.messages === 'object') {
      if ((ext.http as { status?: number } | undefined)?.status === 401 && status === 200) status = 401;
      return e.toJSON();
    }
    const original = e.originalError;
    const unexpected = original != null && !(original instanceof GraphQLError);
    if (unexpected) {
      log.error({ err: original }, 'unexpected error');
      status = 500;
      return {
        message: INTERNAL[lang],
        ...(e.path ? { path: e.path } : {}),
        extensions: { code: 'internal_error', http: { status: 500 } },
      };
    }
    if (status !== 500) status = 400;
    const { http: _http, ...rest } = ext;
    return {
      message: BAD_REQUEST[lang],
      ...(e.locations ? { locations: e.locations } : {}),
      ...(e.path ? { path: e.path } : {}),
      extensions: {
        ...rest,
        code: typeof ext.code === 'string' ? ext.code : 'bad_request',
        detail: e.message,
        http: { status: 400 },
      },
    };
  });
  return { errors: out, status };
}

function respond(c: Context, result: ExecutionResult, lang: ApiLang) {
  if (!result.errors?.length)
    return c.body(JSON.stringify(result), 200, { 'content-type': 'application/json; charset=utf-8' });
  const { errors, status } = present(result.errors, lang);
  return c.body(JSON.stringify({ ...result, errors }), status, { 'content-type': 'application/json; charset=utf-8' });
}

const requestError = (c: Context, lang: ApiLang, message: string) =>
  respond(c, { errors: [new GraphQLError(message)] }, lang);

/**
 * The two gateways (GraphQL over HTTP, POST with a JSON body). graphql-js parses and validates each
 * distinct query text once; graphql-jit compiles each operation once and runs it, instead of
 * interpreting the document field by field on every request.
 */
async function handle(c: Context, deps: AppDeps) {
  const lang = requestLang(c);
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return requestError(c, lang, 'the body must be a JSON object with a "query" string');
  }
  const params = v.safeParse(GraphQLParams, body);
  if (!params.success) return requestError(c, lang, 'the body must be a JSON object with a "query" string');
  const { query, variables, operationName } = params.output;
  const p = prepare(query);
  if (p.errors.length) return respond(c, { errors: p.errors }, lang);
  const operation = getOperationAST(p.document, operationName ?? undefined);
  if (!operation) return requestError(c, lang, 'unable to pick the operation to run (operationName)');
  if (operation.operation === 'subscription') return requestError(c, lang, 'subscriptions are not supported');
  const contextValue: GraphQLContext = {
    deps,
    lang,
    auth: c.get('auth') ?? null,
    idempotencyKey: idempotencyKeyOf(c),
  };
  if (p.introspection) {
    const result = await execute({
      schema,
      document: p.document,
      operationName,
      variableValues: variables ?? {},
      contextValue,
    });
    return respond(c, result as ExecutionResult, lang);
  }
  const compiled = compiledFor(p, operationName ?? undefined);
  if (!('query' in compiled)) return respond(c, { errors: compiled }, lang);
  const result = await compiled.query(undefined, contextValue, variables ?? {});
  return respond(c, result as ExecutionResult, lang);
}

export function graphqlRoutes(deps: AppDeps) {
  const app = new Hono();
  const run = (c: Context) => handle(c, deps);
  app.post(
    '/gateway/open',
    documented({
      answer: GraphQLAnswerSchema,
      summary: 'GraphQL with a client token and API key',
      auth: 'client',
      body: GraphQLParams,
      tag: 'graphql',
      graphql: true,
    }),
    requireClient(deps),
    run,
  );
  app.post(
    '/gateway/secure',
    documented({
      answer: GraphQLAnswerSchema,
      summary: 'GraphQL with a user token',
      auth: 'user',
      body: GraphQLParams,
      idempotent: true,
      tag: 'graphql',
      graphql: true,
    }),
    requireUser(deps),
    run,
  );
  app.get(
    '/graphql/schema.graphql',
    documented({ summary: 'The GraphQL schema (SDL)', auth: 'none', tag: 'meta', plain: 'text' }),
    (c) =>
      c.body(typeDefs, 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' }),
  );
  return app;
}
