// `npm start`: build the site when the build is missing or stale, prepare the database, then
// serve site and API on one port until SIGTERM/SIGINT, which drains the node (README "Operations").
import http from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../api/platform/env.ts';
import { makePrivate, privateUmask } from '../api/storage/private-files.ts';
import { openDatabase } from '../api/db/client.ts';
import type { Database } from '../api/platform/database.ts';
import { pendingMigrations } from '../api/db/migrate.ts';
import { computeInputHash, readBuildInfo } from '../server/build-info.ts';
import {
  linkModules,
  listBuilds,
  loadBuild,
  newBuildDir,
  newestGoodBuild,
  runBuild,
  siteBuildsDir,
  usedByOthers,
} from '../server/build-manager.ts';
import { createOneServer, type OneServer } from '../server/server.ts';
import { prepareDatabase } from '../api/seed/prepare.ts';
import { developmentBanner, productionProblems, refusalMessage } from '../server/modes.ts';
import { logger } from '../api/observability/logger.ts';
import { startMetricsServer } from '../api/observability/metrics.ts';
import type { ReadyReport } from '../api/observability/readiness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = logger('start');

let env;
try {
  env = loadEnv();
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
// Production refuses to start on public secrets, the mail sink or a payment sandbox (server/modes.ts).
// One public origin for the build (canonical URLs), e-mails and the API: derived once, here.
process.env.SITE_URL ??= env.SITE_URL;
const problems = productionProblems(env);
if (problems.length) refuse(refusalMessage(problems));
// Personal data on disk is this user's only: new files 0600 and folders 0700, and an older DATA_DIR's
// modes are fixed now (api/storage/private-files.ts).
privateUmask();
const madePrivate = makePrivate(env.DATA_DIR);
// The server's mode is `env.NODE_ENV` (read above). The built site and the libraries it renders
// with (Astro's runtime, React) always run their production builds: in development mode Astro would
// inline its development island script into on-demand pages, which the CSP (hashes of the build's
// own scripts) rightly blocks, and React would render with its slower development build.
process.env.NODE_ENV = 'production';

// SITE_BUILD_DIR is the build `npm run build` writes and start-up makes when none fits (parallel test
// runs keep separate ones); content rebuilds live under DATA_DIR/builds (server/build-manager.ts).
const distDir = path.resolve(root, env.SITE_BUILD_DIR);
if (path.relative(root, distDir).startsWith('..')) {
  // Server chunks resolve packages from the project's node_modules, so builds live inside it.
  refuse(`SITE_BUILD_DIR must be inside the project folder (e.g. .e2e-builds/<name>), not ${distDir}`);
}

// Until the node can serve, its port answers 503 (GET /api/ready says which check is missing), so a
// proxy's health check and an operator see a starting node rather than a closed port.
const checks: ReadyReport['checks'] = { database: false, migrations: false, build: false, draining: false };
const starting = http.createServer((req, res) => {
  const api = (req.url ?? '/').startsWith('/api/');
  res.writeHead(503, {
    'content-type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': '2',
    connection: 'close',
  });
  res.end(api ? JSON.stringify({ status: 'unready', checks }) : 'Starting\n');
});
await listen(starting, env.PORT, env.HOST);

let one: OneServer | null = null;
let metrics: Server | null = null;
let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  checks.draining = true;
  const delayMs = env.SHUTDOWN_DELAY_SECONDS * 1000;
  const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
  log.info({ signal, delayMs, graceMs }, 'draining: unready now, finishing requests in flight, handing jobs back');
  // A shutdown that hangs (a database that never answers) must not keep the node up for ever.
  setTimeout(
    () => {
      log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    },
    delayMs + graceMs + 20_000,
  ).unref();
  const stopping = one ? one.close({ delayMs, graceMs }) : closeServer(starting);
  stopping
    .then(() => (metrics ? closeServer(metrics) : undefined))
    .then(
      () => {
        log.info({ signal }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

const buildsDir = siteBuildsDir(env.DATA_DIR, root);
const hash = computeInputHash(root);
// The newest good build made from these sources: the last published content survives a restart.
let buildDir = newestGoodBuild([distDir, ...listBuilds(buildsDir)], hash);
if (!buildDir) {
  log.info(readBuildInfo(distDir) ? 'the site build is stale; rebuilding' : 'no site build yet; building');
  if (usedByOthers(distDir)) {
    // Another server from this checkout still serves the old build: build beside it, never over it.
    linkModules(buildsDir, root);
    buildDir = newBuildDir(buildsDir);
  } else buildDir = distDir;
  await runBuild(root, buildDir);
}
if (buildDir !== distDir) log.info({ dir: path.relative(root, buildDir) || buildDir }, 'serving the newest good build');
const build = await loadBuild(buildDir);
checks.build = true;
const database = await openDatabase(env);
// Migrations run once per deployment (`npm run ops -- migrate`, under an advisory lock). A production
// node only waits for them; development and test runs migrate on start, so `npm start` just works.
const migrateOnStart = env.MIGRATE_ON_START === 'auto' ? env.NODE_ENV !== 'production' : env.MIGRATE_ON_START === '1';
if (!migrateOnStart) await untilMigrated(database);
await prepareDatabase(database, env, undefined, { migrate: migrateOnStart });
// Again, for the embedded database's own folder only, once it has opened: its WebAssembly file system
// gives the files it makes at start-up 0644 whatever the umask (they sit in DATA_DIR, 0700, out of
// anyone else's reach). The rest of DATA_DIR was fixed above and is written with the umask.
if (database.kind === 'pglite') makePrivate(path.resolve(env.DATA_DIR, 'pglite'));
checks.database = checks.migrations = true;
if (closing) await new Promise(() => undefined); // SIGTERM while starting: shutdown() exits
one = await createOneServer({ env, database, root, build });

await closeServer(starting);
await listen(one.server, env.PORT, env.HOST);
if (madePrivate)
  log.info(
    { dataDir: env.DATA_DIR, changed: madePrivate },
    'made an older DATA_DIR private (folders 0700, files 0600)',
  );
log.info({ address: `http://${env.HOST}:${env.PORT}/`, database: database.kind }, 'serving');
if (env.NODE_ENV !== 'production') log.info(developmentBanner(env, one.devPaths));
if (env.METRICS_PORT) {
  metrics = await startMetricsServer(env.METRICS_PORT, env.METRICS_HOST);
  log.info({ port: env.METRICS_PORT, host: env.METRICS_HOST }, 'metrics at /metrics');
}

/**
 * A refusal to start, before the node runs: for the operator at the terminal, on stderr as plain
 * text (it names the variables to fix), and in the log.
 */
function refuse(message: string): never {
  log.fatal(message);
  console.error(message);
  process.exit(1);
}

/** Waits until the database answers and has every committed migration applied. */
async function untilMigrated(database: Database): Promise<void> {
  let told = '';
  for (;;) {
    let pending: string[] | null = null;
    try {
      checks.database = await database.ping();
      pending = checks.database ? await pendingMigrations(database) : null;
    } catch {
      checks.database = false;
    }
    if (pending?.length === 0) return;
    const why = pending
      ? `waiting for \`npm run ops -- migrate\` (${pending.length} migration(s) pending, the first ${pending[0]})`
      : 'waiting for the database';
    if (why !== told) log.warn(why);
    told = why;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      log.fatal({ err: error }, `cannot listen on ${host}:${port}`);
      process.exit(1);
    });
    server.listen(port, host, () => resolve());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
