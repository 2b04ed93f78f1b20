import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOneServer } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier: no redirect of the server leaves the site. Paths that would turn into a
// protocol-relative location ("//evil.example/", "/\evil.example/") are 404, never a 308.

let one: OneServer;
let port: number;
beforeAll(async () => {
  const started = await startOneServer({ NODE_ENV: 'development' });
  one = started.one;
  port = Number(new URL(started.base).port);
});
afterAll(async () => one.close());

/** A raw request line (no client-side normalising of slashes or backslashes). */
function rawGet(path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('redirects stay on this site', () => {
  it('answers 404 to every path that would redirect off-site', async () => {
    for (const path of [
      '/en//evil.example/',
      '/en//evil.example',
      '/en/\\evil.example/',
      '/en/\\/evil.example/',
      '/id//evil.example',
      '//evil.example/',
      '/en///evil.example/',
      '/promo//evil.example',
    ]) {
      const res = await rawGet(path);
      expect(res.location, path).toBeUndefined();
      expect([404, 200], path).toContain(res.status);
      if (res.status === 200)
        expect(path, 'a 200 may only be the home page of a request-target //host/').toBe('//evil.example/');
    }
  });

  it('still redirects the default language and a missing trailing slash to a same-origin path', async () => {
    expect(await rawGet('/en/promo/')).toEqual({ status: 308, location: '/promo/' });
    expect(await rawGet('/id/promo')).toEqual({ status: 308, location: '/id/promo/' });
    expect(await rawGet('/en?x=1')).toEqual({ status: 308, location: '/?x=1' });
  });
});
