import { decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestLang } from '../../api/http/errors.ts';
import { msg } from '../../api/http/messages.ts';
import type { BuildOutcome, BuildStatus } from '../build-manager.ts';
import type { EditorCheck } from './editors.ts';
import { documented } from '../../api/http/contract.ts';
import { BuildStatusSchema, WebhookAcceptedSchema } from '../../core/contracts/responses.ts';
import * as v from 'valibot';
import { Temporal } from '../../core/temporal.ts';
import { jakartaStartOfDay } from '../../core/dates.ts';
import { FunnelRowSchema, type FunnelRow } from '../../core/contracts/funnel.ts';
import { PREVIEW_LINK_SECONDS, signPreview } from '../../site/lib/content/preview.ts';

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
  /** The booking funnel per campaign and Jakarta day (api/events), for the Studio's Funnel tool. */
  funnel?: (range: { from: Date; to: Date }) => Promise<FunnelRow[]>;
  /** Arm the content schedule again (the Studio's Schedule action); the instant it is armed for. */
  armSchedule?: () => Promise<Date | null>;
  /** PREVIEW_SECRET, read when a link is asked for (development sets one when its tools mount). */
  previewSecret?: () => string | undefined;
  /** How long the answer waits for the rebuild before saying it still runs (default 20 s). */
  waitMs?: number;
  now?: () => Date;
}

/** The instants of Jakarta days `from` to `to` (both included), or null when not a valid range. */
function jakartaDays(from: string, to: string): { from: Date; to: Date } | null {
  let first: Temporal.PlainDate;
  let last: Temporal.PlainDate;
  try {
    first = Temporal.PlainDate.from(from, { overflow: 'reject' });
    last = Temporal.PlainDate.from(to, { overflow: 'reject' });
  } catch {
    return null;
  }
  const days = first.until(last, { largestUnit: 'days' }).days;
  if (days < 0 || days >= FUNNEL_MAX_DAYS) return null;
  return { from: jakartaStartOfDay(first), to: jakartaStartOfDay(last.add({ days: 1 })) };
}

/** A published or draft document id (what the Studio's document pane knows). */
export const PreviewLinksBody = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,128}$/)) });
export const PreviewLinksSchema = v.object({ en: v.string(), id: v.string(), expiresAt: v.string() });
export type { FunnelRow as FunnelDay } from '../../core/contracts/funnel.ts';
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
export const FunnelQuery = v.object({ from: Day, to: Day });
export const FunnelDaysSchema = v.object({ from: v.string(), to: v.string(), rows: v.array(FunnelRowSchema) });
/** The longest range the funnel view asks for at once. */
export const FUNNEL_MAX_DAYS = 92;
export const ScheduleArmedSchema = v.object({ armedFor: v.nullable(v.string()) });

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
  /** The browser's preflight before a Studio call: answered for the Studio's origins only. */
  const studioPreflight = (path: string, method: 'GET' | 'POST', headers: string) =>
    app.options(path, (c) => {
      if (allowStudio(c)) {
        c.header('Access-Control-Allow-Methods', method);
        c.header('Access-Control-Allow-Headers', headers);
        c.header('Access-Control-Max-Age', '600');
      }
      return c.body(null, 204);
    });
  studioPreflight('/site/build-status', 'GET', 'Authorization');
  // Preview links for the Studio's Preview action: minted here, for an editor only, so the preview
  // secret never reaches the Studio's bundle. One link per language, valid PREVIEW_LINK_SECONDS.
  // The Studio's Schedule action: the document stays a draft; the server arms its schedule now (it
  // would otherwise learn of the new time at its next build) and publishes it at its time.
  // The Studio's Funnel tool: per campaign and Jakarta day, visits, searches, holds, payments and
  // revenue (holds, payments and revenue from the reservations and payments, never from events).
  studioPreflight('/site/funnel', 'GET', 'Authorization');
  app.get(
    '/site/funnel',
    documented({
      answer: FunnelDaysSchema,
      summary:
        "The booking funnel per campaign and Jakarta day between two dates (both included, at most 92 days), for an editor: visits, searches, rooms, checkouts from the site's events; holds, purchases and revenue from the reservations and payments",
      auth: 'none',
      tag: 'content',
      query: FunnelQuery,
      errors: [400, 403],
    }),
    async (c) => {
      allowStudio(c);
      c.header('Cache-Control', 'no-store');
      const lang = requestLang(c);
      if (!(await isEditor(c))) return c.json({ code: 'editors_only', message: msg('content.editorsOnly')[lang] }, 403);
      const q = v.safeParse(FunnelQuery, { from: c.req.query('from'), to: c.req.query('to') });
      const range = q.success ? jakartaDays(q.output.from, q.output.to) : null;
      if (!q.success || !range) return c.json({ code: 'bad_range', message: msg('content.badRange')[lang] }, 400);
      const rows = deps.funnel ? await deps.funnel(range) : [];
      return c.json({ from: q.output.from, to: q.output.to, rows });
    },
  );
  studioPreflight('/site/schedule', 'POST', 'Authorization, Content-Type');
  app.post(
    '/site/schedule',
    documented({
      answer: ScheduleArmedSchema,
      summary:
        "Arm the content schedule again after an editor scheduled a document (the Studio's Schedule action); the next scheduled change's time",
      auth: 'none',
      tag: 'content',
      errors: [403],
    }),
    async (c) => {
      allowStudio(c);
      c.header('Cache-Control', 'no-store');
      if (!(await isEditor(c)))
        return c.json({ code: 'editors_only', message: msg('content.editorsOnly')[requestLang(c)] }, 403);
      const at = deps.armSchedule ? await deps.armSchedule() : null;
      return c.json({ armedFor: at ? at.toISOString() : null });
    },
  );
  studioPreflight('/site/preview-links', 'POST', 'Authorization, Content-Type');
  app.post(
    '/site/preview-links',
    documented({
      answer: PreviewLinksSchema,
      summary:
        "Signed preview links (English and Indonesian, an hour long) of a draft or scheduled document, for an editor (the Studio's Sanity token; on the embedded default, this machine)",
      auth: 'none',
      tag: 'content',
      body: PreviewLinksBody,
      errors: [400, 403, 413, 503],
    }),
    bodyLimit({
      maxSize: 2_048,
      onError: (c) => c.json({ code: 'body_too_large', message: msg('http.bodyTooLarge')[requestLang(c)] }, 413),
    }),
    async (c) => {
      allowStudio(c);
      c.header('Cache-Control', 'no-store');
      const lang = requestLang(c);
      if (!(await isEditor(c))) return c.json({ code: 'editors_only', message: msg('content.editorsOnly')[lang] }, 403);
      const secret = deps.previewSecret?.();
      if (!secret) return c.json({ code: 'preview_off', message: msg('content.previewOff')[lang] }, 503);
      const parsed = v.safeParse(PreviewLinksBody, await c.req.json().catch(() => null));
      if (!parsed.success) return c.json({ code: 'bad_document_id', message: msg('content.badDocumentId')[lang] }, 400);
      const at = now();
      const query = signPreview(secret, parsed.output.id, at);
      return c.json({
        en: `/preview/?${query}`,
        id: `/id/preview/?${query}`,
        expiresAt: new Date(at.getTime() + PREVIEW_LINK_SECONDS * 1000).toISOString(),
      });
    },
  );
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
