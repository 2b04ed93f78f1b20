import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { withDevTools } from '../../tests/helpers/dev-tools.ts';
import { testDeps } from './test-db.ts';
import { tokensForTest } from './test-tokens.ts';
import { encodedForm } from '../http/encoded-form.test-helpers.ts';

// Every endpoint this domain owns gets malformed input; none may answer 500.
const { deps } = await testDeps();
// With the developer tools the one server mounts, so /api/dev/outbox is among the endpoints probed.
const dev = await withDevTools(deps);
const app = dev.app;
afterAll(async () => {
  await dev.close();
  await deps.database.close();
});
const t = await tokensForTest(deps);

const POSTS = [
  '/api/oauth2/token',
  '/api/auth/register',
  '/api/auth/register/complete',
  '/api/auth/codes/request',
  '/api/auth/codes/resend',
  '/api/auth/codes/validate',
  '/api/auth/password/forgot',
  '/api/auth/password/reset',
  '/api/auth/login',
  '/api/auth/logout',
  '/api/clients/v1/my-account/update',
  '/api/my-account/update',
];
const GETS = ['/api/auth/me', '/api/clients/v1/my-account', '/api/dev/outbox'];
const ALLOWED = new Set([200, 201, 202, 400, 401, 403, 404, 409, 415, 422, 429]);

async function expectClientError(res: Response, label: string) {
  expect(ALLOWED.has(res.status), `${label} → ${res.status}`).toBe(true);
  const body = await res.json();
  if (res.status >= 400) {
    expect(typeof body.code, label).toBe('string');
    expect(typeof body.message, label).toBe('string');
  }
  return body;
}

// A fresh session per request: a malformed-but-valid logout body would otherwise sign the shared one out.
const freshAuth = async () => ({
  authorization: `Bearer ${(await tokensForTest(deps, { userId: t.userId })).userToken}`,
  'x-api-key': t.apiKey,
});
const huge = 'x'.repeat(200_000);
const FIELDS = [
  'grant_type',
  'username',
  'password',
  'refresh_token',
  'client_id',
  'fullName',
  'email',
  'confirmPassword',
  'phone',
  'verifyBy',
  'purpose',
  'channel',
  'target',
  'code',
  'resetToken',
  'name',
  'telephone',
];

const RAW_CASES: { name: string; headers: Record<string, string>; body: string }[] = [
  { name: 'invalid JSON', headers: { 'content-type': 'application/json' }, body: '{"email": ' },
  { name: 'JSON array', headers: { 'content-type': 'application/json' }, body: '[1,2,3]' },
  { name: 'JSON null', headers: { 'content-type': 'application/json' }, body: 'null' },
  { name: 'JSON string', headers: { 'content-type': 'application/json' }, body: '"hello"' },
  { name: 'empty JSON body', headers: { 'content-type': 'application/json' }, body: '' },
  {
    name: 'wrong types',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, i % 2 ? 12345 : { nested: [true] }]))),
  },
  { name: 'missing fields', headers: { 'content-type': 'application/json' }, body: '{}' },
  { name: 'huge body', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: huge }) },
  {
    name: 'huge fields under the body limit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, 'y'.repeat(1500)]))),
  },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: 'email=a@b.c' },
  { name: 'xml', headers: { 'content-type': 'application/xml' }, body: '<a/>' },
  {
    name: 'form with odd encoding',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '%%%=%E0%A4%A&grant_type=password&username[]=x',
  },
  {
    name: 'broken multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    body: '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nbroken',
  },
];

describe('malformed input never produces a 500', () => {
  it.each(POSTS)('%s: table of malformed bodies', async (path) => {
    for (const c of RAW_CASES) {
      const res = await app.request(path, {
        method: 'POST',
        headers: { ...(await freshAuth()), ...c.headers },
        body: c.body,
      });
      await expectClientError(res, `${path} ${c.name}`);
      // The request got past authentication into body parsing (so the table tests parsing, not 401s).
      if (c.name === 'invalid JSON' || c.name === 'text/plain' || c.name === 'huge body')
        expect(res.status, `${path} ${c.name}`).toBe(400);
    }
    const form = new FormData();
    form.set('email', new File(['x'], 'x.txt'));
    form.set('password', new File(['x'], 'y.txt'));
    const encoded = await encodedForm(form);
    await expectClientError(
      await app.request(path, {
        method: 'POST',
        headers: { ...(await freshAuth()), 'content-type': encoded.contentType },
        body: encoded.body,
      }),
      `${path} multipart file`,
    );
  });

  it.each([...POSTS, ...GETS])('%s: bad or missing credentials give a client error, never 500', async (path) => {
    const method = GETS.includes(path) ? 'GET' : 'POST';
    const headerCases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer not.a.jwt', 'x-api-key': t.apiKey },
      { authorization: `Bearer ${'a'.repeat(5000)}` },
      { authorization: 'Basic ????', 'x-api-key': 'k' },
      { authorization: `Bearer ${t.userToken}`, 'x-api-key': '' },
      { authorization: `Basic ${Buffer.from('\u0000:\uffff').toString('base64')}` },
    ];
    for (const headers of headerCases) {
      const res = await app.request(path, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: method === 'POST' ? '{}' : undefined,
      });
      await expectClientError(res, `${path} ${JSON.stringify(headers).slice(0, 60)}`);
      if (Object.keys(headers).length === 0 && path !== '/api/dev/outbox') expect(res.status, path).toBe(401);
    }
  });

  it('property: random JSON objects over the known field names', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.double(),
      fc.object({ maxDepth: 1 }),
    );
    const body = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POSTS),
        body,
        fc.constantFrom('en', 'id', 'fr', ''),
        fc.boolean(),
        async (path, payload, lang, asForm) => {
          const headers: Record<string, string> = { ...(await freshAuth()), 'accept-language': lang };
          let raw: string;
          if (asForm) {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            raw = new URLSearchParams(
              Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
            ).toString();
          } else {
            headers['content-type'] = 'application/json';
            raw = JSON.stringify(payload);
          }
          const res = await app.request(path, { method: 'POST', headers, body: raw });
          expect(ALLOWED.has(res.status), `${path} ${raw.slice(0, 120)} → ${res.status}`).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('errors follow Accept-Language', async () => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { ...(await freshAuth()), 'content-type': 'application/json', 'accept-language': 'id-ID,id;q=0.9' },
      body: '{',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Isi permintaan bukan JSON yang valid.');
  });
});
