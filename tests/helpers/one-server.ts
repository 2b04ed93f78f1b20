import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api/db/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { EMBEDDED_SECRETS, loadEnv } from '../../api/platform/env.ts';
import { loadBuild } from '../../server/build-manager.ts';
import { createOneServer, type OneServer } from '../../server/server.ts';

// The one server in this process on an in-memory database and a stand-in site build, listening on a
// loopback port: for tests of what the server composes (modes, dev tools, webhooks), not of pages.

/** The one inline script of the stand-in build's home page. */
export const INLINE_SCRIPT = 'document.documentElement.dataset.ready = "1";';

/** A stand-in site build: a home page with an inline script, 404 pages, and an entry that passes every request on. */
export async function fakeBuild(dir = mkdtempSync(path.join(os.tmpdir(), 'sec-build-'))): Promise<string> {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  for (const prefix of ['', 'id']) {
    mkdirSync(path.join(dir, 'client', prefix, 'errors', '404'), { recursive: true });
    writeFileSync(
      path.join(dir, 'client', prefix, 'errors', '404', 'index.html'),
      '<!doctype html><main data-error-page><h1 data-error-code>404</h1></main>',
    );
  }
  writeFileSync(
    path.join(dir, 'client', 'index.html'),
    `<!doctype html><html lang="en"><title>Home</title><script>${INLINE_SCRIPT}</script>` +
      '<script type="application/ld+json">{"@type":"Hotel"}</script></html>',
  );
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }),
  );
  return dir;
}

export async function startOneServer(
  source: Record<string, string>,
  runSiteBuild: (outDir: string) => Promise<void> = async (outDir) => void (await fakeBuild(outDir)),
  /** A port of its own (0: any); the caller sets SITE_URL to match when the server must reach itself. */
  port = 0,
): Promise<{ one: OneServer; base: string }> {
  const env = loadEnv({ DATA_DIR: 'memory://', ...source });
  const database = await openDatabase(env);
  await migrate(database);
  const one = await createOneServer({
    env,
    database,
    root: mkdtempSync(path.join(os.tmpdir(), 'sec-root-')),
    build: await loadBuild(await fakeBuild()),
    nextContentChange: async () => null,
    runSiteBuild,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  await new Promise<void>((resolve) => one.server.listen(port, '127.0.0.1', resolve));
  return { one, base: `http://127.0.0.1:${(one.server.address() as AddressInfo).port}` };
}

/** A token of the public web client (client credentials with the development web API key). */
export async function webClientToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bobobox-web' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
