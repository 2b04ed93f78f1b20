import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';

// The contract test: every answer the API tests receive is checked against the published OpenAPI
// document (its route, its status, and its JSON body against the documented schema). API test apps
// get this observer through testDeps (api/auth/test-db.ts); tests/helpers/contract-setup.ts fails a
// test file that received an answer the document does not describe.

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
// The committed document: api/openapi/openapi.int.test.ts keeps it equal to the one generated from the routes.
const doc = JSON.parse(readFileSync(new URL('../../api/openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: unknown;
};
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ components: doc.components }, 'openapi');
const validators = new Map<string, ValidateFunction>();

/** OpenAPI's local $refs ('#/components/...') point into the registered document. */
function withRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
}

export const contractViolations: string[] = [];

export async function observeContract(event: {
  method: string;
  route: string | null;
  status: number;
  response: Response;
}): Promise<void> {
  // No route matched: the API's JSON 404 (checked by its own tests).
  if (event.route === null) return;
  // Development tools (server/dev/) are not part of the API's contract.
  if (/^\/(api\/)?dev\//.test(event.route)) return;
  const path = event.route.replace(/^\/api(?=\/)/, '');
  const where = `${event.method} ${path} -> ${event.status}`;
  const op = doc.paths[path]?.[event.method.toLowerCase()];
  if (!op) return void contractViolations.push(`${where}: route not in the OpenAPI document`);
  const documented = op.responses[String(event.status)];
  if (!documented) return void contractViolations.push(`${where}: status not documented`);
  const type = event.response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return;
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return void contractViolations.push(`${where}: JSON answer, documented without a JSON body`);
  const key = `${where}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(withRefs(schema) as object);
    validators.set(key, validate);
  }
  const body: unknown = await event.response.json().catch(() => undefined);
  if (!validate(body)) contractViolations.push(`${where}: body ${ajv.errorsText(validate.errors)}`);
}
