import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('kapsul2024');
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(hash, 'kapsul2024')).toBe(true);
    expect(await verifyPassword(hash, 'kapsul2025')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'kapsul2024')).toBe(false);
  });
});
