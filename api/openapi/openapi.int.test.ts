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
});
