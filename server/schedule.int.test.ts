import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { loadEnv } from '../api/platform/env.ts';
import { BUNDLED_DATASET_FILE, readContentEnv } from '../site/lib/content/content-env.ts';
import { createContent } from '../site/lib/content/content.ts';
import { loadBuild } from './build-manager.ts';
import { createOneServer, type OneServer } from './server.ts';

// Issue 30, item 2: a document scheduled in the Studio (its Schedule action leaves it a draft with
// its go-live time, and asks the site to arm its schedule) is in no published read before its time,
// and the server publishes it on its own within 10 s of that time: no editor, no webhook.

const dir = mkdtempSync(path.join(os.tmpdir(), 'schedule-'));
const dataset = path.join(dir, 'production.ndjson');
const ID = 'announcement-flash-sale-test';
const goLive = new Date(Date.now() + 6_000);
writeFileSync(
  dataset,
  `${readFileSync(BUNDLED_DATASET_FILE, 'utf8').trim()}\n${JSON.stringify({
    _id: `drafts.${ID}`,
    _type: 'announcement',
    message: { _type: 'localeString', id: 'Flash sale malam ini!', en: 'Flash sale tonight!' },
    tone: 'promo',
    publishAt: goLive.toISOString(),
  })}\n`,
);
// The site build and the server's schedule read this dataset (for this file only).
const before = process.env.CONTENT_DATASET;
process.env.CONTENT_DATASET = dataset;
const liveAnnouncements = async () =>
  (await createContent(readContentEnv({ CONTENT_DATASET: dataset })).getAnnouncements('en')).map((a) => a._id);

function fakeBuild(out: string, text: string) {
  mkdirSync(path.join(out, 'server'), { recursive: true });
  mkdirSync(path.join(out, 'client'), { recursive: true });
  writeFileSync(path.join(out, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(path.join(out, 'client', 'announcements.txt'), text);
  writeFileSync(
    path.join(out, 'build-info.json'),
    JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }),
  );
}

let one: OneServer | null = null;
afterAll(async () => {
  await one?.close();
  if (before === undefined) delete process.env.CONTENT_DATASET;
  else process.env.CONTENT_DATASET = before;
});

describe('a scheduled document goes live on its own', () => {
  it('is in no published read before its time, and the site shows it within 10 s of it', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const env = loadEnv({ DATA_DIR: 'memory://', SMTP_URL: 'smtp://127.0.0.1:9' });
    const database = await openDatabase(env);
    await migrate(database);
    const initial = path.join(dir, 'dist');
    fakeBuild(initial, (await liveAnnouncements()).join('\n'));
    one = await createOneServer({
      env,
      database,
      root: mkdtempSync(path.join(os.tmpdir(), 'schedule-root-')),
      build: await loadBuild(initial),
      // The build reads the published content at the moment it runs.
      runSiteBuild: async (out) => fakeBuild(out, (await liveAnnouncements()).join('\n')),
    });
    await new Promise<void>((r) => one!.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(one.server.address() as AddressInfo).port}`;
    const shown = async () => (await (await fetch(`${base}/announcements.txt`)).text()).split('\n');

    expect(await liveAnnouncements()).not.toContain(ID);
    expect(await shown()).not.toContain(ID);
    // The Studio's Schedule action: the site arms its schedule for the document's time.
    const armed = await fetch(`${base}/api/site/schedule`, { method: 'POST' });
    expect(armed.status).toBe(200);
    expect((await armed.json()).armedFor).toBe(goLive.toISOString());
    expect(await shown()).not.toContain(ID);

    await vi.waitFor(async () => expect(await shown()).toContain(ID), { timeout: 30_000, interval: 250 });
    const late = Date.now() - goLive.getTime();
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(10_000);
    vi.restoreAllMocks();
  }, 60_000);
});
