// `npm run bench:static`: requests/s and p50/p99 latency of the one server (server/server.ts) on a
// pre-rendered page, next to a bare Node `http` server that answers the same request with the same
// status, headers and body bytes, side by side in one run. Not a test: it prints a table.
//
// Honest by construction (the house way of scripts/bench-api.ts): the load generator runs in its
// own process, over loopback, closed-loop on keep-alive connections (each connection sends its next
// request when the previous answer is read in full), after a warm-up; the two servers take turns
// (bare, one, bare, one ...) so a noisy shared machine hurts both alike; the table also reports CPU
// milliseconds per request of the server process and of the client process.
// Options: --seconds=N (default 5), --warmup=N seconds (default 2), --rounds=N (default 2),
// --connections=N (default 10), --path=/ (a pre-rendered page), --only=one|bare (for --cpu-prof runs).
// The site build comes from SITE_BUILD_DIR (default dist/) and is built first when missing.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seconds = Number(arg('seconds') ?? 5);
const warmup = Number(arg('warmup') ?? 2);
const rounds = Number(arg('rounds') ?? 2);
const connections = Number(arg('connections') ?? 10);
const pagePath = arg('path') ?? '/';
const only = arg('only');
/** What a browser sends: the servers may answer with a precompressed body. */
const REQUEST_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html' };

type ClientConfig = { port: number; path: string; seconds: number; warmup: number; connections: number };
type ClientResult = {
  requests: number;
  elapsed: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  cpuMs: number;
};
type Row = {
  server: string;
  round: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  serverCpu: number;
  clientCpu: number;
};

// ---------------------------------------------------------------------------------------------
// Load client (child process): `node scripts/bench-static.ts --client=<json>`.

async function runClient(cfg: ClientConfig): Promise<ClientResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.connections });
  let bytes = 0;
  const send = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: cfg.port, path: cfg.path, agent, headers: REQUEST_HEADERS },
        (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  const phase = async (ms: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: cfg.connections }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            if ((await send()) !== 200) errors++;
          } catch {
            errors++;
          }
          if (record) latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, errors };
  };
  await phase(cfg.warmup * 1000, false);
  bytes = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const { latencies, errors } = await phase(cfg.seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    elapsed,
    p50: pct(50),
    p99: pct(99),
    errors,
    bytes,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

function runClientProcess(cfg: ClientConfig): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, `--client=${JSON.stringify(cfg)}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('CLIENT_JSON '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('CLIENT_JSON '.length)) as ClientResult);
      else reject(new Error(`bench client exited with ${code}: ${out.slice(-500)}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Servers: both live in this process and take turns; the client is always another process.

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** One request as the client sends it; the answer read in full. */
function fetchOnce(port: number): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pagePath, headers: REQUEST_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startOneServer() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { loadEnv } = await import('../api/platform/env.ts');
  const { openDatabase } = await import('../api/db/client.ts');
  const { migrate } = await import('../api/db/migrate.ts');
  const { readBuildInfo } = await import('../server/build-info.ts');
  const { loadBuild, runBuild } = await import('../server/build-manager.ts');
  const { createOneServer } = await import('../server/server.ts');
  const env = loadEnv({ ...process.env, DATA_DIR: 'memory://', DATABASE_URL: '' });
  const distDir = path.resolve(root, env.SITE_BUILD_DIR);
  if (!readBuildInfo(distDir)) {
    console.error(`[bench] no site build in ${distDir}; building`);
    await runBuild(root, distDir);
  }
  const database = await openDatabase(env);
  await migrate(database);
  // No content schedule: a rebuild in the middle of a measurement would measure the build.
  const one = await createOneServer({
    env,
    database,
    root,
    build: await loadBuild(distDir),
    nextContentChange: async () => null,
  });
  return { server: one.server, close: () => one.close() };
}

/** The bare server: Node's http module replaying a recorded answer, nothing else. */
function startBareServer(answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }) {
  const headers = Object.entries(answer.headers).filter(
    ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
  );
  const flat = headers.flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v) => [name, v]) : [[name, String(value)]],
  );
  const server = http.createServer((_req, res) => {
    res.writeHead(answer.status, flat.flat());
    res.end(answer.body);
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

async function measure(name: string, round: number, server: http.Server): Promise<Row> {
  const port = server.listening ? (server.address() as AddressInfo).port : await listen(server);
  const cpu0 = process.cpuUsage();
  const r = await runClientProcess({ port, path: pagePath, seconds, warmup, connections });
  const cpu = process.cpuUsage(cpu0);
  // Server CPU includes the warm-up; spread it over every request sent.
  const total = r.requests * ((r.elapsed + warmup) / r.elapsed);
  return {
    server: name,
    round,
    requests: r.requests,
    rps: r.requests / r.elapsed,
    p50: r.p50,
    p99: r.p99,
    errors: r.errors,
    serverCpu: (cpu.user + cpu.system) / 1000 / total,
    clientCpu: r.cpuMs / r.requests,
  };
}

function table(rows: Row[]) {
  const lines = [
    '| server | round | requests | req/s | p50 ms | p99 ms | non-200/errors | server CPU ms/req | client CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.server} | ${r.round} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${r.serverCpu.toFixed(3)} | ${r.clientCpu.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

const clientArg = process.argv.find((a) => a.startsWith('--client='));
if (clientArg) {
  const result = await runClient(JSON.parse(clientArg.slice('--client='.length)) as ClientConfig);
  console.log(`CLIENT_JSON ${JSON.stringify(result)}`);
} else {
  const one = await startOneServer();
  const onePort = await listen(one.server);
  const answer = await fetchOnce(onePort);
  if (answer.status !== 200)
    throw new Error(`${pagePath} answered ${answer.status}; pick a pre-rendered page with --path=`);
  if (!answer.headers.etag) console.error(`[bench] ${pagePath} has no ETag: it may not be a pre-rendered file`);
  const bare = startBareServer(answer);
  const rows: Row[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      if (only !== 'one') rows.push(await measure('bare node:http', round, bare));
      if (only !== 'bare') rows.push(await measure('one server', round, one.server));
    }
  } finally {
    if (bare.listening) await close(bare);
    await one.close();
  }
  const encoding = answer.headers['content-encoding'] ?? 'identity';
  console.log(
    `\nStatic page benchmark: GET ${pagePath} (${answer.body.length} bytes, ${encoding}), ${connections} keep-alive connections from a separate client process, ` +
      `${warmup}s warm-up + ${seconds}s per run, loopback HTTP, ${new Date().toISOString()}\n`,
  );
  console.log(table(rows));
  const avg = (name: string, key: 'rps' | 'p99') => {
    const of = rows.filter((r) => r.server === name);
    return of.reduce((sum, r) => sum + r[key], 0) / (of.length || 1);
  };
  if (!only) {
    const ratio = avg('one server', 'rps') / avg('bare node:http', 'rps');
    console.log(`\none server / bare node:http throughput: ${(ratio * 100).toFixed(0)}% (target: at least 50%)`);
  }
}
