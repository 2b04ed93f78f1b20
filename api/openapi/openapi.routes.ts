import { Hono } from 'hono';
import { buildOpenApi } from './openapi.ts';

export function openApiRoutes() {
  const app = new Hono();
  const doc = buildOpenApi();
  app.get('/openapi.json', (c) => c.json(doc));
  return app;
}
