import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedUrl, validSignedUrl } from './signed-url.ts';
import type { SignedUrlKind } from './signed-url.ts';

const deps = { env: { AUTH_JWT_SECRET: 'test-secret-of-at-least-thirty-two-chars!' } } as never;
const A: SignedUrlKind = { path: '/api/files', key: 'bobobox:file-urls:v1', step: 300 };
const B: SignedUrlKind = { path: '/api/forms/files', key: 'bobobox:forms:v1', scope: 'file:', length: 32 };
const id = 'AAAAAAAAAAAAAAAAAAAAAA';
const now = new Date('2026-11-28T03:00:00Z');
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed file URLs', () => {
  it('are valid for their own kind until they expire, and for nothing else', () => {
    const url = signedUrl(deps, A, id, now, 60);
    expect(url.startsWith('/api/files?')).toBe(true);
    const q = queryOf(url);
    expect(validSignedUrl(deps, A, q, now)).toBe(true);
    expect(validSignedUrl(deps, B, q, now)).toBe(false);
    expect(validSignedUrl(deps, A, { ...q, id: 'BAAAAAAAAAAAAAAAAAAAAA' }, now)).toBe(false);
    expect(validSignedUrl(deps, A, { ...q, exp: String(Number(q.exp) + 1) }, now)).toBe(false);
    expect(validSignedUrl(deps, A, { ...q, sig: `${q.sig}x` }, now)).toBe(false);
    expect(validSignedUrl(deps, A, q, new Date(Number(q.exp) * 1000))).toBe(false);
    expect(validSignedUrl(deps, A, { id: q.id, exp: q.exp }, now)).toBe(false);
  });

  it('round expiries up to the step, so reads within it give the same URL', () => {
    expect(signedUrl(deps, A, id, now, 60)).toBe(signedUrl(deps, A, id, new Date(now.getTime() + 100_000), 60));
    expect(Number(queryOf(signedUrl(deps, A, id, now, 60)).exp) % 300).toBe(0);
  });

  it('sign as the two modules before it did, so links already handed out stay valid', () => {
    const secret = 'test-secret-of-at-least-thirty-two-chars!';
    const keyOf = (label: string) => createHmac('sha256', secret).update(label).digest();
    const a = queryOf(signedUrl(deps, A, id, now, 900));
    expect(a.sig).toBe(
      createHmac('sha256', keyOf('bobobox:file-urls:v1')).update(`${id}.${a.exp}`).digest('base64url'),
    );
    const b = queryOf(signedUrl(deps, B, id, now, 900));
    expect(b.sig).toBe(
      createHmac('sha256', keyOf('bobobox:forms:v1')).update(`file:${id}.${b.exp}`).digest('base64url').slice(0, 32),
    );
  });
});
