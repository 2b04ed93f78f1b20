// The folder-level import graph of api/ (README "api/ in layers"): every relative import of every
// production file, type-only ones included, read with TypeScript's own pre-processor, folded to the
// first folder under api/. `layerOf` names each folder's layer; an import that runs to a higher layer,
// or any circle between folders, is a violation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Layers from the bottom up: a folder imports from its own layer (one way) and the layers below it. */
export const LAYERS: { name: string; folders: string[]; what: string }[] = [
  {
    name: 'platform',
    folders: ['platform', 'db', 'observability', 'http', 'storage', 'rate-limit', 'outbox', 'jobs'],
    what: 'handle, clock and environment; migrations; logs and metrics; HTTP errors and input; files; limits; mail; the queue',
  },
  {
    name: 'identity',
    folders: ['auth', 'points', 'profile'],
    what: 'credentials, sessions and codes; the Bobopoint ledger; the account flows (sign-up, sign-in, profile, pictures)',
  },
  {
    name: 'catalogue',
    folders: ['hotels', 'pricing', 'ancillary', 'availability', 'promotions', 'search', 'places'],
    what: 'hotels and rooms, prices, add-ons, stock and its cache, promo codes, reservation search',
  },
  {
    name: 'booking',
    folders: ['reservations', 'waitlist'],
    what: 'holds and stays, their guests, vouchers and calendar; the waitlist of sold-out rooms',
  },
  {
    name: 'payments',
    folders: ['payments', 'insurance'],
    what: 'channels, charges, the gateway, notifications, confirmations; the insurer and its policies',
  },
  {
    name: 'guest',
    folders: ['account', 'forms', 'events', 'backup'],
    what: 'what the guest sees of it all: My stay and its lists, stay passes, forms, first-party events, backups',
  },
  {
    name: 'adapters',
    folders: ['graphql', 'openapi', 'seed', '(root)'],
    what: 'GraphQL, the OpenAPI document, the seed, app.ts composing the routes, the jobs and the operator commands',
  },
];

export type Edge = { from: string; to: string; files: string[]; typeOnly: boolean };

const isTest = (f: string) => /\.(test|test-helpers)\.ts$|(^|\/)test-[^/]*\.ts$|\.conformance\.ts$/.test(f);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'migrations') continue;
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** The folder of a file under api/: its first folder, or `(root)` for api/*.ts. */
export function folderOf(apiDir: string, file: string): string {
  const rel = path.relative(apiDir, file).split(path.sep);
  return rel.length === 1 ? '(root)' : rel[0]!;
}

/** Every relative import of a source text, with whether the whole statement is type-only. */
export function importsOf(source: string): { spec: string; typeOnly: boolean }[] {
  const sf = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const spec = (node.moduleSpecifier as ts.StringLiteral).text;
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      out.push({ spec, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) out.push({ spec: arg.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const lit = node.argument.literal;
      if (ts.isStringLiteral(lit)) out.push({ spec: lit.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.filter((i) => i.spec.startsWith('.'));
}

/** The folder-level graph of api/'s production files. */
export function apiGraph(apiDir: string): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of walk(apiDir)) {
    const rel = path.relative(apiDir, file);
    if (isTest(rel)) continue;
    const from = folderOf(apiDir, file);
    for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(apiDir + path.sep)) continue;
      const to = folderOf(apiDir, target);
      if (to === from) continue;
      const key = `${from}>${to}`;
      const edge = edges.get(key) ?? { from, to, files: [], typeOnly: true };
      edge.files.push(`${rel} -> ${path.relative(apiDir, target)}`);
      edge.typeOnly &&= typeOnly;
      edges.set(key, edge);
    }
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

export function layerOf(folder: string): number {
  return LAYERS.findIndex((l) => l.folders.includes(folder));
}

export type Violation = { kind: 'unplaced' | 'upward' | 'circle'; text: string; files: string[] };

/**
 * Upward: an import to a higher layer. Folders of one layer may import each other one way; circles
 * between folders (of one layer or, through upward imports, of several) are reported apart.
 */
export function violations(edges: Edge[]): Violation[] {
  const out: Violation[] = [];
  const rank = layerOf;
  const folders = new Set(edges.flatMap((e) => [e.from, e.to]));
  for (const f of folders) {
    if (layerOf(f) < 0)
      out.push({ kind: 'unplaced', text: `api/${f}/ is in no layer of scripts/lint/api-graph.ts`, files: [] });
  }
  for (const e of edges) {
    if (rank(e.from) < 0 || rank(e.to) < 0) continue;
    if (rank(e.to) > rank(e.from)) {
      const [a, b] = [LAYERS[layerOf(e.from)]!.name, LAYERS[layerOf(e.to)]!.name];
      out.push({
        kind: 'upward',
        text: `${e.from} (${a}) imports ${e.to} (${b})${e.typeOnly ? ', types only' : ''}`,
        files: e.files,
      });
    }
  }
  for (const group of circles(edges)) {
    const inside = edges.filter((e) => group.includes(e.from) && group.includes(e.to));
    const files = inside.flatMap((e) => e.files);
    out.push({
      kind: 'circle',
      text: `circle among ${group.join(', ')}: ${inside.map((e) => `${e.from}->${e.to}`).join(' ')}`,
      files,
    });
  }
  return out;
}

/** Strongly connected folders (Tarjan): each group of two or more folders that reach each other. */
export function circles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  let i = 0;
  const strong = (v: string) => {
    index.set(v, i);
    low.set(v, i++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.reverse());
    }
  };
  for (const v of new Set(edges.flatMap((e) => [e.from, e.to]))) if (!index.has(v)) strong(v);
  return out;
}

/** Pairs of folders that import each other. */
export function mutualPairs(edges: Edge[]): [string, string][] {
  const has = new Set(edges.map((e) => `${e.from}>${e.to}`));
  return edges.filter((e) => e.from < e.to && has.has(`${e.to}>${e.from}`)).map((e) => [e.from, e.to]);
}
