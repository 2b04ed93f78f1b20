import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../api/platform/env.ts';

// deploy/README.md lists every variable the server reads (api/platform/env.ts is the one list), each with a
// production value, and says how to rotate every secret production refuses to start without.

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'deploy/README.md'), 'utf8');
/** The rows of the variables table: `NAME` -> the row's text. */
const rows = new Map([...readme.matchAll(/^\| `([A-Z0-9_]+)` \|(.*)$/gm)].map((m) => [m[1]!, m[2]!] as const));
const section = (title: string) => readme.split(/^## /m).find((s) => s.startsWith(title)) ?? '';

describe('deploy/README.md', () => {
  it('lists every variable of api/platform/env.ts with its production value', () => {
    const variables = Object.keys(EnvSchema.entries);
    expect(variables.length).toBeGreaterThan(20);
    const table = section('Every variable production needs');
    for (const name of variables) {
      expect(table, name).toContain(`| \`${name}\` |`);
      expect(rows.get(name)?.split('|')[0]?.trim(), name).not.toBe('');
    }
  });

  it('says how to rotate every secret the table marks', () => {
    const table = section('Every variable production needs');
    const rotation = section('Rotating each secret');
    const secrets = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|.*\| yes[^|]*\|$/gm)].map((m) => m[1]!);
    // The secrets production checks (server/modes.ts) are among them.
    expect(secrets).toEqual(
      expect.arrayContaining([
        'AUTH_JWT_SECRET',
        'API_CLIENT_SECRET',
        'API_KEY',
        'STAY_PASS_SECRET',
        'SANITY_WEBHOOK_SECRET',
        'MIDTRANS_SERVER_KEY',
      ]),
    );
    for (const name of secrets) expect(rotation, name).toMatch(new RegExp('^\\|[^|]*`' + name + '`', 'm'));
  });

  it("names the unit's and the Caddyfile's settings as they are", () => {
    const unit = readFileSync(path.join(root, 'deploy/bobobox@.service'), 'utf8');
    expect(unit).toMatch(/^Environment=PORT=%i$/m);
    expect(unit).toMatch(/^Environment=SITE_BUILD_DIR=\.builds\/%i$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    const caddyfile = readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/health_uri \/api\/ready/);
    // Debian's caddy reads it as it is: deploy/caddyfile.ops.test.ts (the operations tier, which needs caddy).
  });
});
