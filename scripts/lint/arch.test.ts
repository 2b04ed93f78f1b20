import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { apiGraph, importsOf, mutualPairs, violations } from './api-graph.ts';

// `npm run arch` (part of `npm run lint`) keeps api/ in layers that import downward only (api/README.md).
// These tests run it on copies of the real api/ with one import planted, and prove that an upward
// import and a circle of type-only imports each fail it, while the tree as it is passes.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const api = path.join(root, 'api');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'arch-probe-'));
  copies.push(dir);
  cpSync(api, path.join(dir, 'api'), { recursive: true, filter: (src) => !src.includes(`${path.sep}migrations`) });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, 'api', file), text);
  return path.join(dir, 'api');
}

const arch = (dir: string) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/arch.ts'), '--quiet', dir], { encoding: 'utf8' });

describe('npm run arch', () => {
  it('passes on the tree as it is: no upward import, no circle, no folder left out of a layer', () => {
    const edges = apiGraph(api);
    expect(violations(edges)).toEqual([]);
    expect(mutualPairs(edges)).toEqual([]);
    const run = arch(api);
    expect(run.stdout).toContain('0 mutual pairs, 0 violations');
    expect(run.status).toBe(0);
  });

  it('fails on a planted upward import (the database folder reaching for reservations)', () => {
    const dir = copyWith({
      'db/probe.ts':
        "import { reservations } from '../reservations/reservations.schema.ts';\nexport const p = reservations;\n",
    });
    const run = arch(dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/upward: db \(platform\) imports reservations \(booking\)/);
  });

  it('fails on a planted circle of type-only imports within one layer', () => {
    const dir = copyWith({
      'points/probe.ts':
        "import type { AuthProbe } from '../auth/probe.ts';\nexport type PointsProbe = { a?: AuthProbe };\n",
      'auth/probe.ts':
        "import type { PointsProbe } from '../points/probe.ts';\nexport type AuthProbe = { p?: PointsProbe };\n",
    });
    const run = arch(dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/circle among (auth, points|points, auth)/);
    expect(run.stdout).toContain('1 mutual pairs');
  });

  it('fails on a folder that no layer names', () => {
    const run = arch(copyWith({ 'probe.ts': '' }));
    expect(run.status).toBe(0);
    const dir = copyWith({});
    cpSync(path.join(dir, 'pricing'), path.join(dir, 'tariffs'), { recursive: true });
    writeFileSync(
      path.join(dir, 'tariffs', 'use.ts'),
      "import { TAX_BPS } from '../pricing/pricing.constants.ts';\nexport const t = TAX_BPS;\n",
    );
    const unplaced = arch(dir);
    expect(unplaced.status).toBe(1);
    expect(unplaced.stdout).toContain('api/tariffs/ is in no layer');
  });
});

describe('the imports it reads', () => {
  it('sees type-only imports, re-exports, dynamic imports and import types', () => {
    const found = importsOf(
      [
        "import type { A } from './a.ts';",
        "import { b } from './b.ts';",
        "export { c } from './c.ts';",
        "export type { D } from './d.ts';",
        "const e = await import('./e.ts');",
        "type F = import('./f.ts').F;",
        "import { g } from 'package';",
      ].join('\n'),
    );
    expect(found).toEqual([
      { spec: './a.ts', typeOnly: true },
      { spec: './b.ts', typeOnly: false },
      { spec: './c.ts', typeOnly: false },
      { spec: './d.ts', typeOnly: true },
      { spec: './e.ts', typeOnly: false },
      { spec: './f.ts', typeOnly: true },
    ]);
  });
});
