import { createApp } from '../api/app.ts';
import { buildOpenApi } from '../api/openapi/openapi.ts';
import type { AppDeps } from '../api/platform/deps.ts';
import { contentHookRoutes } from './content-hooks/content-hooks.routes.ts';

/**
 * The API as the one server composes it (the content webhook inside /api), for its document only:
 * `npm run openapi:write` writes what GET /api/openapi.json serves. The webhook's handlers are never
 * called here; building the document only reads the routes' contracts.
 */
export function apiDocument(deps: AppDeps) {
  const unused = () => {
    throw new Error('the document app serves no webhook');
  };
  return buildOpenApi(createApp(deps, { beside: contentHookRoutes({ secret: '', publish: unused, status: unused }) }));
}
