import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../platform/deps.ts';

// The one way a stored file is handed out: a URL that carries the file's random id, an expiry and an
// HMAC-SHA256 over both, under a key derived from AUTH_JWT_SECRET (shared by every node). A missing,
// wrong or expired signature is simply not valid; the routes answer it with the same 404 as a file
// that does not exist. Used by the guests' pictures (api/profile/uploads.service.ts) and the
// partnership proposals' files (api/forms/forms.signing.ts).

export type SignedUrlKind = {
  /** The route that serves the file (under /api). */
  path: string;
  /** What the key is derived with: one kind's URLs are never valid for another. */
  key: string;
  /** Signed before `id.exp` (kept so the links already sent stay valid). */
  scope?: string;
  /** The signature's length in base64url characters (all 43 unless said). */
  length?: number;
  /** Expiries rounded up to this many seconds, so reads within it give the same URL (a browser caches it). */
  step?: number;
};

type Query = { id?: string; exp?: string; sig?: string };

function signatureOf(deps: Pick<AppDeps, 'env'>, kind: SignedUrlKind, id: string, exp: string): string {
  const key = createHmac('sha256', deps.env.AUTH_JWT_SECRET).update(kind.key).digest();
  const sig = createHmac('sha256', key)
    .update(`${kind.scope ?? ''}${id}.${exp}`)
    .digest('base64url');
  return kind.length ? sig.slice(0, kind.length) : sig;
}

/** The URL of file `id`, valid at least `seconds` from `now`. */
export function signedUrl(
  deps: Pick<AppDeps, 'env'>,
  kind: SignedUrlKind,
  id: string,
  now: Date,
  seconds: number,
): string {
  const step = kind.step ?? 1;
  const exp = String(Math.ceil((now.getTime() / 1000 + seconds) / step) * step);
  return `${kind.path}?${new URLSearchParams({ id, exp, sig: signatureOf(deps, kind, id, exp) })}`;
}

/** A file URL's query is ours, for this kind, and not yet expired at `now`. */
export function validSignedUrl(
  deps: Pick<AppDeps, 'env'>,
  kind: SignedUrlKind,
  q: Query,
  now: Date,
): q is Required<Query> {
  if (!q.id || !q.exp || !q.sig || !/^[\w-]{22}$/.test(q.id) || !/^\d{1,12}$/.test(q.exp)) return false;
  if (Number(q.exp) <= now.getTime() / 1000) return false;
  const expected = Buffer.from(signatureOf(deps, kind, q.id, q.exp));
  const given = Buffer.from(q.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
