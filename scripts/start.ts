// `npm start`: build the site when the build is missing or stale, prepare the database, then
// serve site and API on one port until SIGTERM/SIGINT.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../api/env.ts';
import { localOrigin } from '../core/origin.ts';
import { openDatabase } from '../api/db/client.ts';
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
import { createOneServer } from '../server/server.ts';
import { prepareDatabase } from '../api/db/prepare.ts';
import { developmentBanner, productionProblems, refusalMessage } from '../server/modes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let env;
try {
  env = loadEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Production refuses to start on public secrets, the mail sink or a payment sandbox (server/modes.ts).
// One public origin for the build (canonical URLs), e-mails and the API: derived once, here.
process.env.SITE_URL ??= env.SITE_URL;
const problems = productionProblems(env);
if (problems.length) {
  console.error(refusalMessage(problems));
  process.exit(1);
}
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
  console.error(`SITE_BUILD_DIR must be inside the project folder (e.g. .e2e-builds/<name>), not ${distDir}`);
  process.exit(1);
}
const buildsDir = siteBuildsDir(env.DATA_DIR, root);
const hash = computeInputHash(root);
// The newest good build made from these sources: the last published content survives a restart.
let buildDir = newestGoodBuild([distDir, ...listBuilds(buildsDir)], hash);
if (!buildDir) {
  const info = readBuildInfo(distDir);
  console.log(info ? '[start] the site build is stale; rebuilding' : '[start] no site build yet; building');
  if (usedByOthers(distDir)) {
    // Another server from this checkout still serves the old build: build beside it, never over it.
    linkModules(buildsDir, root);
    buildDir = newBuildDir(buildsDir);
  } else buildDir = distDir;
  await runBuild(root, buildDir);
}
if (buildDir !== distDir)
  console.log(`[start] the newest good build is in ${path.relative(root, buildDir) || buildDir}`);
const build = await loadBuild(buildDir);
const database = await openDatabase(env);
await prepareDatabase(database, env);
const one = await createOneServer({ env, database, root, build });
// On-demand pages ask the API of this very process (the hotel page's shell): derived from where it
// listens, never a second copy of the port's default.
process.env.API_INTERNAL_URL ??= localOrigin(env.HOST, env.PORT);

one.server.listen(env.PORT, env.HOST, () => {
  console.log(`[start] serving http://${env.HOST}:${env.PORT}/ (database: ${database.kind})`);
  if (env.NODE_ENV !== 'production') console.log(developmentBanner(env, one.devPaths));
});

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  console.log(`[start] ${signal}: finishing in-flight requests and closing the database`);
  one.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[start] shutdown failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
