// `npm run bench:lighthouse`: Lighthouse (mobile: emulated phone, simulated slow 4G and a 4x slower
// CPU, the tool's default) on the home page, a destination page, a hotel page and a guest's
// reservation review, in the machine's Chromium (scripts/chromium.ts). Starts the one server (building the site when stale) on a
// spare port with a throwaway database, makes a verified guest and a waiting reservation through the
// API and the development outbox (as the browser tests do) and hands the review page the stored
// session, then prints the four category scores with LCP, CLS, TBT and the bytes transferred.
// Environment: BENCH_PORT (4598), CHROME_PATH (else CHROMIUM_PATH, the system's, Playwright's), LIGHTHOUSE_RUNS (1; with more,
// each figure is the median of the runs), LIGHTHOUSE_REPORTS (a folder: each run's
// full JSON report is written there, for the details behind a figure).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { request as playwrightRequest } from '@playwright/test';
import { Temporal } from '../core/temporal.ts';
import { AUTH_COOKIES, STORAGE_KEYS, encodeTokens } from '../islands/stores/session-flag.ts';
import { apiGuest, apiReservation } from '../tests/e2e/journey-helpers.ts';
import { findChromium } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Lighthouse, chrome-launcher and puppeteer-core live in tools/lighthouse, a package of their own with
// its own lockfile (in the product's tree Lighthouse's pinned @opentelemetry/api would replace the one
// the product's libraries load); installed there with `npm ci` the first time the bench runs.
const toolDir = path.join(root, 'tools', 'lighthouse');
type Flags = Record<string, unknown>;
type Result = {
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  categories: Record<string, { score: number | null } | undefined>;
  runtimeError?: { code: string; message: string };
};
type Lighthouse = (url: string, flags: Flags) => Promise<{ lhr: Result } | undefined>;
type LaunchedChrome = { port: number; kill: () => Promise<void> | void };
type ChromeLauncher = { launch: (o: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome> };
type Browser = {
  newPage: () => Promise<{
    createCDPSession: () => Promise<{ send: (method: string) => Promise<unknown> }>;
    goto: (url: string) => Promise<unknown>;
    evaluate: <A, B>(fn: (a: A, b: B) => void, a: A, b: B) => Promise<void>;
    close: () => Promise<void>;
  }>;
  disconnect: () => Promise<void>;
};
type Puppeteer = { connect: (o: { browserURL: string }) => Promise<Browser> };

async function tool<T>(name: string): Promise<T> {
  if (!existsSync(path.join(toolDir, 'node_modules', name))) {
    console.log('[lighthouse] installing tools/lighthouse (npm ci, once)');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', toolDir], { stdio: 'inherit' });
  }
  const file = createRequire(path.join(toolDir, 'package.json')).resolve(name);
  const mod = (await import(pathToFileURL(file).href)) as { default?: T } & T;
  return mod.default ?? mod;
}
const port = Number(process.env.BENCH_PORT ?? 4598);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? findChromium()?.path ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Session = { accessToken: string; refreshToken: string; user: { id: number; name: string } };
type PageCase = { name: string; path: string; session?: Session };

export type Row = {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  totalBytes: number;
  lcpElement: string;
};

/** The figures of one Lighthouse report. */
export function rowOf(name: string, lhr: Result): Row {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The LCP element, as the LCP breakdown insight names it (its node item).
  const lcpItems = (lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string }[] } | undefined)?.items;
  const lcpNode = lcpItems?.find((item) => item.type === 'node') as
    { nodeLabel?: string; selector?: string } | undefined;
  return {
    page: name,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Row['scores'],
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    totalBytes: audit('total-byte-weight'),
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} (${lcpNode.nodeLabel ?? ''})` : '',
  };
}

export function table(rows: Row[]): string {
  const lines = [
    '| page | performance | accessibility | best practices | SEO | LCP (s) | CLS | TBT (ms) | total KB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${(r.lcpMs / 1000).toFixed(2)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} | ${Math.round(r.totalBytes / 1024)} |`,
    );
  return lines.join('\n');
}

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the server did not answer ${base}/api/health`);
}

/** A verified guest with a waiting reservation, made the way the browser tests make them. */
async function guestWithReservation() {
  const api = await playwrightRequest.newContext({ baseURL: base });
  try {
    const guest = await apiGuest(api, 'lighthouse');
    const reservation = await apiReservation(api, guest.accessToken, 1);
    return { session: guest as Session, reservationId: reservation.id };
  } finally {
    await api.dispose();
  }
}

/** Put the session into the browser's storage for this origin, the way the site keeps it. */
async function storeSession(chromePort: number, s: Session) {
  const puppeteer = await tool<Puppeteer>('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const tab = await browser.newPage();
    // Keeping the storage keeps the HTTP cache too: empty it, so the review loads cold like the others.
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await tab.goto(`${base}/robots.txt`);
    const entries = {
      [STORAGE_KEYS.flag]: 'true',
      [STORAGE_KEYS.tokens]: encodeTokens({ accessToken: s.accessToken, refreshToken: s.refreshToken }),
      [STORAGE_KEYS.profile]: JSON.stringify(s.user),
    };
    await tab.evaluate(
      (items, cookie) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        document.cookie = `${cookie}=true; path=/; SameSite=Lax`;
      },
      entries,
      AUTH_COOKIES[0],
    );
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}

async function audit(chromePort: number, c: PageCase): Promise<Row> {
  const results: Row[] = [];
  for (let i = 0; i < runs; i++) {
    if (c.session) await storeSession(chromePort, c.session);
    const flags: Flags = {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Lighthouse clears the origin's storage first; the review keeps the signed-in session.
      disableStorageReset: Boolean(c.session),
    };
    // A trace Lighthouse could not read (NO_NAVSTART and kin) asks for another run: up to three tries.
    const lighthouse = await tool<Lighthouse>('lighthouse');
    let result: Awaited<ReturnType<Lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(base + c.path, flags);
      if (!result) throw new Error(`Lighthouse gave no result for ${c.path}`);
      if (!result.lhr.runtimeError) break;
      if (attempt === 3) throw new Error(`${c.path}: ${result.lhr.runtimeError.message}`);
      console.log(`[lighthouse] ${c.path}: ${result.lhr.runtimeError.code}, running again`);
    }
    results.push(rowOf(c.name, result.lhr));
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const file = `${
        c.path
          .split('?')[0]!
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '') || 'home'
      }-${i + 1}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, file), JSON.stringify(result.lhr));
    }
  }
  return medianRow(results);
}

/** Each figure's median over the runs (scores and metrics each on their own). */
export function medianRow(rows: Row[]): Row {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const first = rows[0]!;
  return {
    page: first.page,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(rows.map((r) => r.scores[c]))])) as Row['scores'],
    lcpMs: median(rows.map((r) => r.lcpMs)),
    cls: median(rows.map((r) => r.cls)),
    tbtMs: median(rows.map((r) => r.tbtMs)),
    totalBytes: median(rows.map((r) => r.totalBytes)),
    lcpElement: first.lcpElement,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome: LaunchedChrome | undefined;
  const chromeLauncher = await tool<ChromeLauncher>('chrome-launcher');
  try {
    await waitForServer();
    const { session, reservationId } = await guestWithReservation();
    const tomorrow = Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate().add({ days: 1 });
    const pages: PageCase[] = [
      { name: 'home `/`', path: '/' },
      { name: 'destination `/bobocabin/ubud/`', path: '/bobocabin/ubud/' },
      {
        name: 'hotel `/search/1-bobobox-blok-m/`',
        path: `/search/1-bobobox-blok-m/?checkin=${tomorrow}&checkout=${tomorrow.add({ days: 1 })}&id=1`,
      },
      { name: 'review `/reservation/review/{id}/`', path: `/reservation/review/${reservationId}/`, session },
    ];
    // One request per page first: the figures are those of a warm server, not of its first render.
    for (const c of pages) await fetch(base + c.path).then((r) => r.arrayBuffer());
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    const rows: Row[] = [];
    for (const c of pages) {
      const row = await audit(chrome.port, c);
      rows.push(row);
      console.log(`[lighthouse] ${c.path}: LCP element ${row.lcpElement}`);
    }
    console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, ${chromePath}\n`);
    console.log(table(rows));
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
