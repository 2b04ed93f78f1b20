import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { inlineScriptHashes } from './security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ics': 'text/calendar; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
/**
 * Types the `compression` middleware would compress (mime-db's `compressible`, text/* and unknown
 * files served as application/octet-stream): their answers carry `Vary: Accept-Encoding`.
 */
const COMPRESSIBLE_TYPES = new Set([
  'image/x-icon',
  'application/manifest+json',
  'image/svg+xml',
  'application/octet-stream',
]);
function compressibleType(type: string): boolean {
  const bare = type.split(';')[0] ?? '';
  return (
    bare.startsWith('text/') ||
    /\+(?:json|text|xml)$/.test(bare) ||
    COMPRESSIBLE_TYPES.has(bare) ||
    bare === 'application/json' ||
    bare === 'application/xml'
  );
}
/** Below this many bytes the compression middleware leaves an answer alone. */
export const COMPRESSION_THRESHOLD = 1024;

/** Files compressed at build time (scripts/precompress.ts) get .br and .gz siblings. */
export const PRECOMPRESSED_EXTENSIONS = [
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
];

export function cacheControlFor(urlPath: string, ext: string): string {
  // Hashed build assets never change under the same name.
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (ext === '.html') return 'public, max-age=0, must-revalidate';
  // Pictures (scripts/media) change only with a new drawing; a day is plenty and saves every revisit.
  if (urlPath.startsWith('/media/')) return 'public, max-age=86400, stale-while-revalidate=604800';
  return 'public, max-age=3600, must-revalidate';
}

export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepts = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [name, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { name: name ?? '', q: q ? Number(q.slice(2)) : 1 };
    });
  const ok = (name: string) => accepts.some((a) => (a.name === name || a.name === '*') && a.q > 0);
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Map a URL path to a file inside root; null when it escapes root or names a folder without index. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const full = path.resolve(root, `.${path.posix.normalize(relative)}`);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  return full;
}

/** One file of a build's client folder, its headers decided once and its bytes in memory. */
export interface StaticFile {
  readonly file: string;
  readonly ext: string;
  readonly type: string;
  readonly etag: string;
  readonly size: number;
  /** Answers vary with Accept-Encoding (the type is compressible). */
  readonly vary: boolean;
  /** Null when the file is too large to hold: it is streamed from disk. */
  readonly body: Buffer | null;
  readonly br: StaticFile | null;
  readonly gz: StaticFile | null;
}

/** Files up to this size are held in memory, up to MEMORY_BUDGET bytes per build; larger ones stream from disk. */
const MAX_FILE_IN_MEMORY = 2 * 1024 * 1024;
const MEMORY_BUDGET = 256 * 1024 * 1024;

/**
 * Every file of a build's client folder, indexed once when the build goes live (builds never change
 * after that): a request for a pre-rendered file costs a map lookup, no stat, open or read.
 */
export class StaticIndex {
  private readonly files: Map<string, StaticFile>;
  readonly root: string;
  /**
   * CSP hash sources of every executable inline script in the build's HTML, pre-rendered or written
   * on demand (server/security-headers.ts).
   */
  readonly scriptHashes: readonly string[];

  private constructor(root: string, files: Map<string, StaticFile>, scriptHashes: readonly string[]) {
    this.root = root;
    this.files = files;
    this.scriptHashes = scriptHashes;
  }

  /** `scriptHashes`: CSP hashes of inline scripts the build writes besides its HTML files' (on-demand pages). */
  static async load(root: string, scriptHashes: readonly string[] = []): Promise<StaticIndex> {
    const found: { key: string; file: string; size: number; mtimeMs: number }[] = [];
    const walk = async (dir: string, prefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const file = path.join(dir, entry.name);
        const key = prefix + entry.name;
        if (entry.isDirectory()) await walk(file, `${key}/`);
        else if (entry.isFile() || entry.isSymbolicLink()) {
          const info = await stat(file).catch(() => null);
          if (info?.isFile()) found.push({ key, file, size: info.size, mtimeMs: info.mtimeMs });
        }
      }
    };
    await walk(root, '');
    let budget = MEMORY_BUDGET;
    const plain = new Map<string, Omit<StaticFile, 'br' | 'gz'>>();
    for (const f of found) {
      const ext = path.extname(f.file).toLowerCase();
      const type = TYPES[ext] ?? 'application/octet-stream';
      const hold = f.size <= MAX_FILE_IN_MEMORY && f.size <= budget;
      if (hold) budget -= f.size;
      plain.set(f.key, {
        file: f.file,
        ext,
        type,
        size: f.size,
        vary: compressibleType(type),
        etag: `W/"${f.size.toString(16)}-${Math.floor(f.mtimeMs).toString(16)}"`,
        body: hold ? await readFile(f.file) : null,
      });
    }
    const files = new Map<string, StaticFile>();
    const variant = (key: string) => {
      const v = plain.get(key);
      return v ? { ...v, br: null, gz: null } : null;
    };
    for (const [key, f] of plain) {
      const pre = PRECOMPRESSED_EXTENSIONS.includes(f.ext);
      files.set(key, {
        ...f,
        vary: f.vary || pre,
        br: pre ? variant(`${key}.br`) : null,
        gz: pre ? variant(`${key}.gz`) : null,
      });
    }
    const hashes = new Set<string>(scriptHashes);
    for (const f of plain.values())
      if (f.ext === '.html')
        for (const h of inlineScriptHashes((f.body ?? (await readFile(f.file))).toString('utf8'))) hashes.add(h);
    return new StaticIndex(root, files, [...hashes]);
  }

  /** The file a URL path names (folders answer with their index.html), or null. */
  lookup(urlPath: string): StaticFile | null {
    const full = resolveStaticPath(this.root, urlPath);
    if (!full) return null;
    const key = path.relative(this.root, full).split(path.sep).join('/');
    return this.files.get(key) ?? null;
  }
}

/** The body to send for a request: a precompressed variant when the client takes one. */
function chooseBody(req: IncomingMessage, file: StaticFile): { body: StaticFile; encoding: 'br' | 'gzip' | null } {
  if (!file.br && !file.gz) return { body: file, encoding: null };
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (encoding === 'br' && file.br) return { body: file.br, encoding };
  if (encoding === 'gzip' && file.gz) return { body: file.gz, encoding };
  return { body: file, encoding: null };
}

/**
 * Whether the compression middleware would compress this answer (a compressible identity body over
 * its threshold, e.g. a file without .br/.gz siblings): such a request takes the middleware path.
 */
export function needsCompression(req: IncomingMessage, file: StaticFile): boolean {
  if (req.method !== 'GET' || !file.vary || req.headers['if-none-match'] === file.etag) return false;
  const { body, encoding } = chooseBody(req, file);
  return encoding === null && body.size >= COMPRESSION_THRESHOLD;
}

/** Answer with a file of the index: 304 on a matching ETag, else 200 with the chosen body. */
export function sendStaticFile(
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
  file: StaticFile,
): Promise<void> | void {
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', cacheControlFor(urlPath, file.ext));
  res.setHeader('ETag', file.etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (file.vary) res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === file.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const { body, encoding } = chooseBody(req, file);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.size);
  res.statusCode = 200;
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (body.body) {
    res.end(body.body);
    return;
  }
  return new Promise<void>((resolve, reject) => {
    const stream = createReadStream(body.file);
    stream.on('error', reject);
    res.on('close', resolve);
    stream.pipe(res);
  });
}
