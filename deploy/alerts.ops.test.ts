import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The alert rules in deploy/ load with Prometheus's own checker (Debian's prometheus package brings
// promtool, which .ci/run installs), and name the stock cache's two metrics.

const root = path.resolve(import.meta.dirname, '..');

describe('deploy/bobobox-alerts.yml', () => {
  it('is valid for promtool, loaded by deploy/prometheus.yml, and alerts on the stock listener and its heartbeat', () => {
    const run = spawnSync('promtool', ['check', 'config', path.join(root, 'deploy/prometheus.yml')], {
      encoding: 'utf8',
    });
    expect(run.error, 'promtool (apt-get install prometheus)').toBeUndefined();
    expect(run.stdout + run.stderr).toContain('1 rule files found');
    expect(run.status).toBe(0);
    const rules = spawnSync('promtool', ['check', 'rules', path.join(root, 'deploy/bobobox-alerts.yml')], {
      encoding: 'utf8',
    });
    expect(rules.stdout).toContain('2 rules found');
    const text = readFileSync(path.join(root, 'deploy/bobobox-alerts.yml'), 'utf8');
    expect(text).toContain('stock_cache_listener_up == 0');
    expect(text).toContain('stock_cache_heartbeat_age_seconds > 5');
  });
});
