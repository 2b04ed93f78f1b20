// Refresh the committed OpenAPI document: `npm run openapi:write`.
import { writeFileSync } from 'node:fs';
import { buildOpenApi } from '../api/openapi/openapi.ts';

writeFileSync(new URL('../api/openapi/openapi.json', import.meta.url), `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log('[openapi] api/openapi/openapi.json written');
