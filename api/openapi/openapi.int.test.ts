import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { buildOpenApi, REST_ROUTES } from './openapi.ts';

// The OpenAPI document is complete (every route the API serves, and the content webhook the one
// server mounts beside it) and valid for a maintained validator.

describe('the OpenAPI document', () => {
  it('passes @apidevtools/swagger-parser validation (OpenAPI 3.0 schema and $refs)', async () => {
    const doc = structuredClone(buildOpenApi());
    await expect(SwaggerParser.validate(doc as never)).resolves.toBeTruthy();
  });

  it('documents every route of the API, and only routes that exist', async () => {
    const t = await testDeps();
    const app = createApp(t.deps);
    const served = new Set(
      app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/^\/api/, '')}`),
    );
    // Mounted by the one server next to the API (server/content-hooks), not by createApp.
    served.add('POST /hooks/sanity');
    served.add('GET /site/build-status');
    const documented = new Set(REST_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    expect([...served].filter((k) => !documented.has(k))).toEqual([]);
    expect([...documented].filter((k) => !served.has(k))).toEqual([]);
    await t.deps.database.close();
  });

  it('documents the success status of each route, including 201 and 202, and 401 and 429 where they occur', () => {
    const paths = buildOpenApi().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/auth/register'].post.responses)).toContain('201');
    expect(Object.keys(paths['/auth/codes/request'].post.responses)).toEqual(
      expect.arrayContaining(['202', '401', '429']),
    );
    expect(Object.keys(paths['/clients/v1/reservations/create'].post.responses)).toContain('201');
    expect(Object.keys(paths['/hooks/sanity'].post.responses)).toEqual(expect.arrayContaining(['202', '401']));
    const search = paths['/clients/v1/search'].post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(search.requestBody.content['application/json'].schema.properties)).toContain('hotelId');
  });

  it('describes the body of every success with its own schema, never an empty object', () => {
    const paths = buildOpenApi().paths as Record<
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
    const doc = buildOpenApi() as unknown as {
      components: {
        securitySchemes: Record<
          string,
          { type: string; flows?: Record<string, { tokenUrl: string; refreshUrl?: string }> }
        >;
      };
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
    };
    const oauth2 = doc.components.securitySchemes.oauth2!;
    expect(oauth2.type).toBe('oauth2');
    expect(oauth2.flows?.clientCredentials).toEqual(
      expect.objectContaining({ tokenUrl: '/api/oauth2/token', refreshUrl: '/api/oauth2/token' }),
    );
    expect(oauth2.flows?.password?.refreshUrl).toBe('/api/oauth2/token');
    expect(doc.paths['/clients/v1/search']!.post!.security).toContainEqual({ oauth2: [], apiKey: [] });
    expect(doc.paths['/clients/v1/reservations/create']!.post!.security).toContainEqual({ oauth2: [] });
  });
});
