import { Hono } from 'hono';
import * as v from 'valibot';
import { documented } from '../http/contract.ts';
import { buildOpenApi } from './openapi.ts';

/** This document itself (GET /openapi.json). */
const OpenApiDocumentSchema = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.unknown()),
});

/** GET /openapi.json: the document of `documentedApp`'s routes, generated once on first request. */
export function openApiRoutes(documentedApp: () => Hono) {
  const app = new Hono();
  let doc: Promise<Record<string, unknown>> | undefined;
  app.get(
    '/openapi.json',
    documented({ answer: OpenApiDocumentSchema, summary: 'This document', auth: 'none', tag: 'meta' }),
    async (c) => c.json(await (doc ??= buildOpenApi(documentedApp()))),
  );
  return app;
}
