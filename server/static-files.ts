import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

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
/** Files compressed at build time (scripts/precompress.ts) get .br and .gz siblings. */
export const PRECOMPRESSED_EXTENSIONS = ['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg', '.webmanifest'];

export function cacheControlFor(urlPath: string, ext: string): string {
  // Hashed build assets never change under the same name.
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (ext === '.html') return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600, must-revalidate';
}

export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepts = (acceptEncoding ?? '').toLowerCase().split(',').map((part) => {
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

/** Serve a file from the build if there is one. Returns false when nothing matched. */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean> {
  const file = resolveStaticPath(root, urlPath);
  if (!file) return false;
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const ext = path.extname(file).toLowerCase();
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', cacheControlFor(urlPath, ext));
  res.setHeader('ETag', etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  let body = file;
  if (PRECOMPRESSED_EXTENSIONS.includes(ext)) {
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding) {
      const variant = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      const exists = await stat(variant).then((s) => s.isFile()).catch(() => false);
      if (exists) {
        body = variant;
        res.setHeader('Content-Encoding', encoding);
      }
    }
  }
  const size = body === file ? info.size : (await stat(body)).size;
  res.setHeader('Content-Length', size);
  res.statusCode = 200;
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(body);
    stream.on('error', reject);
    res.on('close', resolve);
    stream.pipe(res);
  });
  return true;
}
