// What the operations tier (`npm run test:ops`) needs besides Node: real servers from Debian's
// packages. It says so in one line and stops when one is missing, instead of skipping tests on a
// machine without them. PostgreSQL is not listed: scripts/with-postgres.ts brings its own when
// pg_virtualenv is missing.
import { spawnSync } from 'node:child_process';

/** A command the tier runs and the Debian package that has it. */
export const OPS_NEEDS = [
  { command: 'caddy', pkg: 'caddy', for: 'the proxy in front of the nodes (tests/ops/cluster.ts)' },
  { command: 'promtool', pkg: 'prometheus', for: 'the alert rules (deploy/alerts.ops.test.ts)' },
] as const;

const onPath = (command: string) =>
  spawnSync('/bin/sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

export function missingOpsNeeds(has: (command: string) => boolean = onPath) {
  return OPS_NEEDS.filter((need) => !has(need.command));
}

/** The one line said when something is missing. */
export function opsNeedsLine(missing: readonly { command: string; pkg: string }[]): string {
  const all = [...new Set(OPS_NEEDS.map((n) => n.pkg))].join(' ');
  return (
    `The operations tier needs Debian's packages ${all} (missing here: ${missing.map((m) => `${m.command} from ${m.pkg}`).join(', ')}): ` +
    `apt-get install -y ${all}, or on a Mac "brew install caddy prometheus".`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingOpsNeeds();
  if (missing.length) {
    console.error(opsNeedsLine(missing));
    process.exit(1);
  }
}
