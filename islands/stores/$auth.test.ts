import { describe, expect, it } from 'vitest';
import { $auth, cookieAttributes, decodeTokens, encodeTokens, restoreAuth } from './$auth.ts';

const storage = (values: Record<string, string>) => ({ getItem: (k: string) => values[k] ?? null });

describe('$auth', () => {
  it('round-trips the encoded token pair and rejects junk', () => {
    const pair = { accessToken: 'a', refreshToken: 'b' };
    expect(decodeTokens(encodeTokens(pair))).toEqual(pair);
    expect(decodeTokens('not base64 json')).toBeNull();
    expect(decodeTokens(btoa('{"accessToken":1}'))).toBeNull();
  });
  it('restores a session only with the flag and a decodable pair', () => {
    const tokens = encodeTokens({ accessToken: 'a', refreshToken: 'b' });
    expect(restoreAuth(storage({ isLoggedIn: 'true', auth: tokens, profile: '{"id":1,"name":"Rina"}' }))).toEqual({
      isLoggedIn: true,
      tokens: { accessToken: 'a', refreshToken: 'b' },
      user: { id: 1, name: 'Rina' },
    });
    expect($auth.get().isLoggedIn).toBe(true);
    expect(restoreAuth(storage({ auth: tokens })).isLoggedIn).toBe(false);
    expect(restoreAuth(storage({ isLoggedIn: 'true', auth: '%%%' })).isLoggedIn).toBe(false);
  });
});

describe('the sign-in flag cookie', () => {
  it('is Secure on https and stays usable on plain http (local development)', () => {
    expect(cookieAttributes('https:')).toBe('path=/; SameSite=Lax; Secure');
    expect(cookieAttributes('http:')).toBe('path=/; SameSite=Lax');
  });
});
