// Refresh the committed OpenAPI document: `npm run openapi:write`. It is generated from the routes'
// contracts (api/http/contract.ts) as the one server composes them.
import { writeFileSync } from 'node:fs';
import { testDeps } from '../api/auth/test-db.ts';
import { apiDocument } from '../server/api-document.ts';

const t = await testDeps();
const doc = await apiDocument(t.deps);
await t.deps.database.close();
writeFileSync(new URL('../api/openapi/openapi.json', import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
console.log('[openapi] api/openapi/openapi.json written');
