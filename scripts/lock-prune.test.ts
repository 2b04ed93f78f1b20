import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { danglingOptional } from './lock-prune.ts';

describe('package-lock.json', () => {
  it('names no optional dependency that is absent from the locked tree (npm ci would refuse it)', () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
    expect(danglingOptional(lock)).toEqual([]);
  });
  it('detects a dangling optional dependency', () => {
    expect(
      danglingOptional({
        packages: { 'node_modules/a': { optionalDependencies: { 'a-win32': '1.0.0', b: '1' } }, 'node_modules/b': {} },
      }),
    ).toEqual([['node_modules/a', 'a-win32']]);
  });
});
