import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Debian's caddy reads deploy/Caddyfile as it is: health checks on /api/ready, two upstreams, the
// least busy available node chosen, and a POST never sent again to another node (the operations tier needs caddy: scripts/ops-needs.ts).

const root = path.resolve(import.meta.dirname, '..');

describe('deploy/Caddyfile', () => {
  it('is read by caddy as it is, with the health check, both nodes and no POST retried', () => {
    const caddy = spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(caddy.error, 'caddy (apt-get install caddy)').toBeUndefined();
    expect(caddy.status, caddy.stderr).toBe(0);
    // The reverse_proxy handler, wherever the site's routes nest it.
    const find = (node: unknown): any => {
      if (!node || typeof node !== 'object') return null;
      if ((node as { handler?: string }).handler === 'reverse_proxy') return node;
      for (const value of Object.values(node)) {
        const found = find(value);
        if (found) return found;
      }
      return null;
    };
    const proxy = find(JSON.parse(caddy.stdout));
    expect(proxy.health_checks.active.uri).toBe('/api/ready');
    expect(proxy.upstreams).toHaveLength(2);
    expect(proxy.load_balancing.retry_match[0].method).not.toContain('POST');
    // A policy that picks only among available nodes: round_robin can miss the one left (Caddyfile).
    expect(proxy.load_balancing.selection_policy.policy).toBe('least_conn');
  });
});
