import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOneServer } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';
import { MAX_JSON_DEPTH } from '../api/http/nul-guard.ts';

// Security tier: bodies built to break parsers. A lone UTF-16 surrogate or JSON nested deeper than
// MAX_JSON_DEPTH is a 400 on every endpoint, over real HTTP, before authentication or any parser
// after JSON.parse; the server keeps answering afterwards.

let one: OneServer;
let base: string;
beforeAll(async () => {
  const started = await startOneServer({ NODE_ENV: 'development' });
  one = started.one;
  base = started.base;
});
afterAll(async () => one.close());

const ENDPOINTS = [
  '/api/payments/notifications',
  '/api/gateway/open',
  '/api/gateway/secure',
  '/api/oauth2/token',
  '/api/auth/login',
  '/api/clients/v1/reservations/create',
  '/api/clients/v1/search',
];

const post = (path: string, body: string, lang = 'en') =>
  fetch(base + path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'accept-language': lang },
  });

describe('hostile JSON bodies', () => {
  it('a lone surrogate is a 400 with a message in the caller language', async () => {
    for (const path of ENDPOINTS) {
      const res = await post(path, '{"order_id":"BBX-1","email":"a\\ud800b@example.com"}', 'id');
      expect(res.status, path).toBe(400);
      expect((await res.json()).message, path).toMatch(/surrogate/);
    }
  });

  it('nesting past the limit is a 400, from just over it to a hundred thousand levels', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 1_000, 100_000])
      for (const path of ENDPOINTS) {
        const res = await post(path, `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`);
        expect(res.status, `${path} depth ${depth}`).toBe(400);
        expect((await res.json()).message).toMatch(/nested too deeply/);
      }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
