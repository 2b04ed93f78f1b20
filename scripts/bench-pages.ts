// `npm run bench:pages`: compressed JavaScript of the island pages (home, /search/, the hotel page,
// sign-in, every account page) and a content page, in both languages, as the one server sends them.
// Starts the server (building the site when stale) on a spare port with a throwaway database, reads
// each page's HTML, follows its scripts, island components and renderers and their static imports,
// asks for each file with Accept-Encoding: br, gzip and adds up the bytes on the wire. What a page
// imports only later (the API client on the guest's first move, the Temporal polyfill where the
// browser lacks Temporal, the signed-in header) is not counted; the browser tests count what a page
// really loads until the network is idle. Prints a table; exits 1 when a page is over its budget
// (JS_BUDGET in tests/e2e/journey-budget.ts, ACCOUNT_JS_BUDGET in tests/e2e/account-budget.ts: the
// numbers the browser tests check too).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_JS_BUDGET, ACCOUNT_PAGE_PATHS } from '../tests/e2e/account-budget.ts';
import { JS_BUDGET } from '../tests/e2e/journey-budget.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4599);
const base = `http://127.0.0.1:${port}`;

export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) found.add(m[1]);
  for (const m of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) found.add(m[1]);
  return [...found];
}

export function entryScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g))
    for (const s of staticImports(m[1])) urls.add(s);
  return [...urls];
}

async function measure(pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const inlineBytes = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g),
  ].reduce((s, m) => s + m[1].length, 0);
  const queue = entryScripts(html).map((u) => new URL(u, base + pagePath).href);
  const seen = new Map<string, number>();
  while (queue.length) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    // fetch decodes the body; the wire size is the Content-Length of the encoded answer.
    const body = await res.text();
    const wire = Number(res.headers.get('content-length')) || Buffer.byteLength(body);
    seen.set(url, wire);
    for (const dep of staticImports(body)) queue.push(new URL(dep, url).href);
  }
  const files = [...seen.values()];
  return { files: files.length, bytes: files.reduce((a, b) => a + b, 0), inlineBytes };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 240; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const pages = [
      ...['/', '/search/', '/search/6-bobobox-malioboro/', '/signin/', '/signup/', '/privacy-policy/'].flatMap((p) => [
        p,
        `/id${p}`,
      ]),
      '/reservation/review/1/',
      // The account pages load the same scripts signed in or out (the islands are in the HTML).
      ...ACCOUNT_PAGE_PATHS.flatMap((p) => [p, `/id${p}`]),
    ];
    const budgetOf = (page: string): number | null => {
      const p = page.replace(/^\/id\//, '/');
      if (p === '/' || p === '/search/') return JS_BUDGET.home;
      if (p.startsWith('/search/')) return JS_BUDGET.hotel;
      if (p === '/signin/' || p === '/signup/') return JS_BUDGET.signIn;
      if (p === '/privacy-policy/') return JS_BUDGET.content;
      return p.includes('/my-account/') ? ACCOUNT_JS_BUDGET : null;
    };
    const rows = [];
    for (const p of pages) rows.push({ page: p, ...(await measure(p)), budget: budgetOf(p) });
    console.log(
      `\nCompressed JavaScript per page (budgets: ${JS_BUDGET.home} home and /search/, ${JS_BUDGET.hotel} hotel ` +
        `page, ${JS_BUDGET.signIn} sign-in, ${JS_BUDGET.content} content page, ${ACCOUNT_JS_BUDGET} each account page)\n`,
    );
    console.log('| page | JS files | compressed bytes | inline script bytes | budget |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of rows)
      console.log(`| ${r.page} | ${r.files} | ${r.bytes} | ${r.inlineBytes} | ${r.budget ?? '-'} |`);
    const over = rows.filter((r) => r.budget !== null && r.bytes > r.budget);
    if (over.length) {
      console.error(`over budget: ${over.map((r) => r.page).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
