import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { buildOpenApi, routesOf } from './openapi.ts';

// The OpenAPI document is generated from the routes (each declares its contract where it is
// defined, api/http/contract.ts), complete (every route the API serves) and valid for a maintained
// validator. The content webhook the one server composes into the API: server/server.int.test.ts.

let t: Awaited<ReturnType<typeof testDeps>>;
let app: ReturnType<typeof createApp>;
let doc: Record<string, unknown>;
beforeAll(async () => {
  t = await testDeps();
  app = createApp(t.deps);
  doc = await buildOpenApi(app);
});
afterAll(() => t.deps.database.close());

describe('the OpenAPI document', () => {
  it('passes @apidevtools/swagger-parser validation (OpenAPI 3.0 schema and $refs)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('documents every route of the API, and only routes that exist', () => {
    const served = new Set(
      app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/^\/api/, '')}`),
    );
    const documented = new Set(routesOf(doc).map((r) => `${r.method.toUpperCase()} ${r.path}`));
    expect(served.size).toBeGreaterThan(60);
    expect([...served].filter((k) => !documented.has(k))).toEqual([]);
    expect([...documented].filter((k) => !served.has(k))).toEqual([]);
  });

  it('a route without a contract is missing from the document, so the completeness check above fails', async () => {
    const extra = createApp(t.deps);
    extra.get('/undocumented-probe', (c) => c.text('x'));
    const paths = (await buildOpenApi(extra)).paths as Record<string, unknown>;
    expect(Object.keys(paths)).not.toContain('/undocumented-probe');
    expect(extra.routes.map((r) => r.path)).toContain('/api/undocumented-probe');
  });

  it('the committed copy (npm run openapi:write) is this document plus the routes the server composes in', () => {
    const committed = JSON.parse(readFileSync(path.join(import.meta.dirname, 'openapi.json'), 'utf8'));
    const {
      '/hooks/sanity': hook,
      '/site/build-status': status,
      '/site/preview-links': previewLinks,
      '/site/schedule': schedule,
      '/site/funnel': funnel,
      ...rest
    } = committed.paths;
    expect(hook.post).toBeDefined();
    expect(status.get).toBeDefined();
    // The Studio's editor endpoints (issue 30), composed in by the server beside the webhook.
    expect(previewLinks.post).toBeDefined();
    expect(schedule.post).toBeDefined();
    expect(funnel.get).toBeDefined();
    expect({ ...committed, paths: rest }).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('documents the success status of each route, including 201 and 202, and 401 and 429 where they occur', () => {
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/auth/register'].post.responses)).toContain('201');
    expect(Object.keys(paths['/auth/codes/request'].post.responses)).toEqual(
      expect.arrayContaining(['202', '401', '429']),
    );
    expect(Object.keys(paths['/clients/v1/reservations/create'].post.responses)).toContain('201');
    const search = paths['/clients/v1/search'].post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(search.requestBody.content['application/json'].schema.properties)).toContain('hotelId');
  });

  it('describes the body of every success with its own schema, never an empty object', () => {
    const paths = doc.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>
    >;
    const vague: string[] = [];
    for (const [path, ops] of Object.entries(paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, answer] of Object.entries(op.responses)) {
          if (!status.startsWith('2')) continue;
          const schema = answer.content?.['application/json']?.schema;
          if (!schema) continue;
          const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
          const data = props?.data;
          const empty = (o: Record<string, unknown> | undefined) => !o || Object.keys(o).length === 0;
          if (!props && !schema.anyOf && !schema.oneOf) vague.push(`${method} ${path} ${status}`);
          else if (data && empty(data.properties as never) && !data.items && !data.anyOf && !data.additionalProperties)
            vague.push(`${method} ${path} ${status}`);
        }
    expect(vague).toEqual([]);
    // Spot checks: a nested field of the payment state and of the token answer are described.
    const status = paths['/clients/v1/payment/status'].get.responses['200'].content!['application/json'].schema;
    expect(JSON.stringify(status)).toContain('va_number');
    const token = paths['/oauth2/token'].post.responses['200'].content!['application/json'].schema;
    expect(token.required).toEqual(expect.arrayContaining(['access_token', 'token_type', 'expires_in']));
  });

  it('declares the OAuth2 flows the API issues tokens by: client credentials and the password grant, with refresh', () => {
    const typed = doc as unknown as {
      components: {
        securitySchemes: Record<
          string,
          { type: string; flows?: Record<string, { tokenUrl: string; refreshUrl?: string }> }
        >;
      };
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
    };
    const oauth2 = typed.components.securitySchemes.oauth2!;
    expect(oauth2.type).toBe('oauth2');
    expect(oauth2.flows?.clientCredentials).toEqual(
      expect.objectContaining({ tokenUrl: '/api/oauth2/token', refreshUrl: '/api/oauth2/token' }),
    );
    expect(oauth2.flows?.password?.refreshUrl).toBe('/api/oauth2/token');
    expect(typed.paths['/clients/v1/search']!.post!.security).toContainEqual({ oauth2: [], apiKey: [] });
    expect(typed.paths['/clients/v1/reservations/create']!.post!.security).toContainEqual({ oauth2: [] });
  });
});
