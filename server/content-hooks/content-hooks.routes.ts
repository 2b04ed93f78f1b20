import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { Hono } from 'hono';
import { requestLang } from '../../api/http/errors.ts';
import { msg } from '../../api/http/messages.ts';

export interface ContentHookDeps {
  /** SANITY_WEBHOOK_SECRET. */
  secret: string;
  /** Starts a site rebuild (the one server's build manager); the reason is logged. */
  requestRebuild: (reason: string) => unknown;
  /** Re-arm the scheduled rebuild after content changed (optional). */
  onContentChanged?: () => unknown;
}

/**
 * POST /hooks/sanity (mounted under /api): a Sanity GROQ-powered webhook. The signature header
 * is verified against the raw body with @sanity/webhook (HMAC-SHA256 over "timestamp.body");
 * unsigned or badly signed calls get 401 and trigger nothing.
 */
export function contentHookRoutes(deps: ContentHookDeps) {
  const app = new Hono();
  app.post('/hooks/sanity', async (c) => {
    const signature = c.req.header(SIGNATURE_HEADER_NAME);
    const body = await c.req.text();
    if (!signature || !(await isValidSignature(body, signature, deps.secret).catch(() => false))) {
      // The API's one error shape: {code, message} in the caller's language.
      c.header('WWW-Authenticate', `Signature realm="sanity-webhook", headers="${SIGNATURE_HEADER_NAME}"`);
      return c.json({ code: 'invalid_signature', message: msg('content.invalidSignature')[requestLang(c)] }, 401);
    }
    let documentId = 'unknown';
    try {
      const payload = JSON.parse(body) as { _id?: unknown; ids?: { all?: unknown[] } };
      if (typeof payload._id === 'string') documentId = payload._id;
      else if (Array.isArray(payload.ids?.all) && payload.ids.all.length)
        documentId = payload.ids.all.map(String).join(',');
    } catch {
      // A signed body that is not JSON still means "content changed": rebuild anyway.
    }
    deps.requestRebuild(`sanity webhook: ${documentId}`);
    deps.onContentChanged?.();
    return c.json({ accepted: true }, 202);
  });
  return app;
}
