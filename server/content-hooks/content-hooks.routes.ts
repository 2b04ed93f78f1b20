import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestLang } from '../../api/http/errors.ts';
import { msg } from '../../api/http/messages.ts';
import type { BuildOutcome, BuildStatus } from '../build-manager.ts';
import type { EditorCheck } from './editors.ts';
import { documented } from '../../api/http/contract.ts';
import { BuildStatusSchema, WebhookAcceptedSchema } from '../../core/contracts/responses.ts';

/** How old a signed webhook may be (its signature's timestamp): older ones are refused. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;
/**
 * The largest webhook body read: Sanity's webhook sends the projection the hook asks for (an id and
 * a type here), far below this. A larger one is refused (413) before it is read, and before its
 * signature is checked over it, so an unauthenticated client cannot fill a node's memory.
 */
export const WEBHOOK_MAX_BODY_BYTES = 64 * 1024;
/** A signature dated this far in the future (clock skew) is still accepted. */
const WEBHOOK_MAX_SKEW_MS = 60_000;

export interface ContentHookDeps {
  /** SANITY_WEBHOOK_SECRET. */
  secret: string;
  /**
   * Publish: record the new shared content version and rebuild this node. `built` resolves with the
   * rebuild's outcome (went live, or failed and why).
   */
  publish: (reason: string) => Promise<{ version: number; built: Promise<BuildOutcome> }>;
  /** The live build's state (GET /site/build-status). */
  status: () => BuildStatus;
  /**
   * Whether a request is an editor's (server/content-hooks/editors.ts): only editors read the last
   * failure's document, field and error text. Default: nobody.
   */
  isEditor?: EditorCheck;
  /** The Studio's origins (STUDIO_ORIGINS), the only ones the build status answers cross-origin. */
  studioOrigins?: readonly string[];
  /**
   * Claim a delivery once: false when this signature was already accepted (a replay). Nodes on one
   * database share the claims (server/server.ts); the default is this process's memory.
   */
  claim?: (signature: string, signedAt: Date) => Promise<boolean>;
  /** How long the answer waits for the rebuild before saying it still runs (default 20 s). */
  waitMs?: number;
  now?: () => Date;
}

/** Claims kept in memory for as long as a signature is accepted. */
export function memoryClaims(now: () => Date = () => new Date()) {
  const seen = new Map<string, number>();
  return async (signature: string): Promise<boolean> => {
    const at = now().getTime();
    for (const [key, until] of seen) if (until <= at) seen.delete(key);
    if (seen.has(signature)) return false;
    seen.set(signature, at + WEBHOOK_MAX_AGE_MS + WEBHOOK_MAX_SKEW_MS);
    return true;
  };
}

/**
 * POST /hooks/sanity (mounted under /api): a Sanity GROQ-powered webhook. The signature header
 * is verified against the raw body with @sanity/webhook (HMAC-SHA256 over "timestamp.body");
 * unsigned or badly signed calls get 401 and trigger nothing, and so do signatures older than five
 * minutes and a delivery replayed with a signature already accepted. The answer (202) waits for the
 * rebuild up to `waitMs` and says whether the content went live or why it did not (the document and
 * field); GET /site/build-status says the same at any time.
 */
export function contentHookRoutes(deps: ContentHookDeps) {
  const app = new Hono();
  const now = deps.now ?? (() => new Date());
  const claim = deps.claim ?? memoryClaims(now);
  const refuse = (c: Context, key: 'content.invalidSignature' | 'content.staleSignature') => {
    // The API's one error shape: {code, message} in the caller's language.
    c.header('WWW-Authenticate', `Signature realm="sanity-webhook", headers="${SIGNATURE_HEADER_NAME}"`);
    const code = key === 'content.invalidSignature' ? 'invalid_signature' : 'stale_signature';
    return c.json({ code, message: msg(key)[requestLang(c)] }, 401);
  };
  // Hono's bodyLimit: a declared length past the limit is refused unread; an undeclared one is
  // counted as it streams and cut off at the limit.
  const bounded = bodyLimit({
    maxSize: WEBHOOK_MAX_BODY_BYTES,
    onError: (c) => c.json({ code: 'body_too_large', message: msg('http.bodyTooLarge')[requestLang(c)] }, 413),
  });
  app.post(
    '/hooks/sanity',
    documented({
      answer: WebhookAcceptedSchema,
      summary:
        'Sanity publish webhook (signed, at most 5 minutes old, each delivery once): publishes the content to every node and says whether the rebuild went live or which document and field broke it',
      auth: 'none',
      tag: 'content',
      ok: 202,
      errors: [401, 413],
    }),
    bounded,
    async (c) => {
      const signature = c.req.header(SIGNATURE_HEADER_NAME);
      const body = await c.req.text();
      if (!signature || !(await isValidSignature(body, signature, deps.secret).catch(() => false)))
        return refuse(c, 'content.invalidSignature');
      const { timestamp, hashedPayload } = decodeSignatureHeader(signature);
      const age = now().getTime() - timestamp;
      if (age > WEBHOOK_MAX_AGE_MS || age < -WEBHOOK_MAX_SKEW_MS) return refuse(c, 'content.staleSignature');
      if (!(await claim(hashedPayload, new Date(timestamp)))) return refuse(c, 'content.staleSignature');
      let documentId = 'unknown';
      try {
        const payload = JSON.parse(body) as { _id?: unknown; ids?: { all?: unknown[] } };
        if (typeof payload._id === 'string') documentId = payload._id;
        else if (Array.isArray(payload.ids?.all) && payload.ids.all.length)
          documentId = payload.ids.all.map(String).join(',');
      } catch {
        // A signed body that is not JSON still means "content changed": rebuild anyway.
      }
      const { version, built } = await deps.publish(`sanity webhook: ${documentId}`);
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        built,
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deps.waitMs ?? 20_000))),
      ]);
      clearTimeout(timer);
      return c.json(
        {
          accepted: true as const,
          version,
          // null: the build still runs (GET /api/site/build-status follows it).
          published: outcome ? outcome.published : null,
          failure: outcome?.failure ?? null,
          build: deps.status(),
        },
        202,
      );
    },
  );
  // The live build's state for the Studio's build tool and for operators. Anyone gets the state (what
  // the published site shows: ok, building or failed, and its content version); editors also get the
  // last failure, with the document, the field and the error text. Cross-origin only for the Studio's
  // own origins (STUDIO_ORIGINS), which may send their Sanity token (a preflight allows the header).
  const studio = new Set(deps.studioOrigins ?? []);
  const isEditor = deps.isEditor ?? (async () => false);
  const allowStudio = (c: Context) => {
    const origin = c.req.header('origin');
    c.header('Vary', 'Origin, Authorization');
    if (origin && studio.has(origin)) c.header('Access-Control-Allow-Origin', origin);
    return !!origin && studio.has(origin);
  };
  app.options('/site/build-status', (c) => {
    if (allowStudio(c)) {
      c.header('Access-Control-Allow-Methods', 'GET');
      c.header('Access-Control-Allow-Headers', 'Authorization');
      c.header('Access-Control-Max-Age', '600');
    }
    return c.body(null, 204);
  });
  app.get(
    '/site/build-status',
    documented({
      answer: BuildStatusSchema,
      summary:
        "The live site build: its state and content version; for an editor (the Studio's Sanity token) also the last failed build's document, field and error",
      auth: 'none',
      tag: 'content',
    }),
    async (c) => {
      allowStudio(c);
      c.header('Cache-Control', 'no-store');
      const { lastFailure, ...state } = deps.status();
      return c.json((await isEditor(c)) ? { ...state, lastFailure } : state);
    },
  );
  return app;
}
