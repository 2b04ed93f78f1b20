import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS_NEEDS, missingOpsNeeds, opsNeedsLine } from './ops-needs.ts';

// The operations tier names what it needs in one line and stops, instead of skipping (issue 31, item 5).

describe('scripts/ops-needs.ts', () => {
  it('names each missing command with its Debian package, in one line', () => {
    const missing = missingOpsNeeds((command) => command !== 'caddy');
    expect(missing.map((m) => m.pkg)).toEqual(['caddy']);
    const line = opsNeedsLine(missing);
    expect(line).not.toContain('\n');
    expect(line).toContain('caddy from caddy');
    expect(line).toContain('apt-get install -y caddy prometheus');
    expect(missingOpsNeeds(() => true)).toEqual([]);
    expect(OPS_NEEDS.map((n) => n.command)).toEqual(['caddy', 'promtool']);
  });

  it('stops npm run test:ops with that line on a PATH without them', () => {
    // A PATH holding only node and the shell's basics: no caddy, no promtool.
    const bin = mkdtempSync(path.join(os.tmpdir(), 'ops-needs-'));
    symlinkSync(process.execPath, path.join(bin, 'node'));
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'ops-needs.ts')], {
      env: { PATH: bin },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([opsNeedsLine(OPS_NEEDS)]);
  });
});
