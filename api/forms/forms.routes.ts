import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { ApiError, apiErrorHandler, errors } from '../http/errors.ts';
import { clientIp } from '../http/input.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import { DRAFT_COOKIE, FILES_MAX_BYTES, FORM_KINDS } from '../../core/contracts/forms.ts';
import type { FieldErrors, FormKind } from '../../core/contracts/forms.ts';
import { formsEn } from '../../core/i18n/forms-en.ts';
import { formsId } from '../../core/i18n/forms-id.ts';
import { isLang } from '../../core/locales.ts';
import { fill } from '../../core/i18n/fill.ts';
import { jakartaClock } from '../../core/jakarta-clock.ts';
import type { Lang } from '../../core/locales.ts';
import { readFormBody, UnreadableForm } from './form-body.ts';
import { formSubmissionFiles } from './forms.schema.ts';
import { fillToken, randomId, validFileSignature } from './forms.signing.ts';
import { bodyLang, DRAFT_SECONDS, formPath, saveDraft, startForm, submitForm, successPath } from './forms.service.ts';
import { nowOf } from '../platform/clock.ts';
import { documented } from '../http/contract.ts';
import type { RouteContract } from '../http/contract.ts';
import { ContactSchema, FormSentSchema, FormSessionSchema, PartnershipSchema } from '../../core/contracts/forms.ts';

// POST /api/forms/contact and /api/forms/partnership take the forms as browsers post them, with or
// without JavaScript. The page's script asks for JSON (Accept: application/json): 200 with where to go,
// or 422 with every field's error code. A plain form post gets a 303: to the success page, or back to
// the form with a signed draft reference (values and errors kept server-side for an hour), which the
// on-demand form page reads through GET /api/forms/<form>/session to show them in its language.

/** A form page's query: the draft it comes back with, if any. */
export const FormSessionQuery = v.object({ draft: v.optional(v.pipe(v.string(), v.maxLength(100))) });
/** A proposal file's signed URL. */
export const FormFileQuery = v.object({ id: v.string(), exp: v.string(), sig: v.string() });

/** Room around the files of a proposal: its text fields, part headers and boundaries. */
const TEXT_ROOM = 256 * 1024;
const MAX_BODY: Record<FormKind, number> = { contact: 64 * 1024, partnership: FILES_MAX_BYTES + TEXT_ROOM };

/** The proposal's multipart body is the one form body past the API's general limit (api/app.ts asks). */
export function isFormUpload(c: Context): boolean {
  return (
    c.req.method === 'POST' &&
    c.req.path === '/api/forms/partnership' &&
    (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
  );
}

/** The page's language: the form's action names it (?lang=), its hidden field too. */
const queryLang = (c: Context): Lang | null => {
  const lang = c.req.query('lang');
  return isLang(lang) ? lang : null;
};

const wantsJson = (c: Context) => (c.req.header('accept') ?? '').includes('application/json');

/**
 * The 422 of a form sent by the page's script: every field's code, and the token to send again with;
 * past a sending limit a 429 (`rate_limited`) saying when to send again (`retryAt`), the page keeping
 * what was typed.
 */
function invalidAnswer(errs: FieldErrors, token: string, retryAt?: Date, now = new Date()) {
  const fields = Object.entries(errs).map(([field, code]) => ({ field, code: code! }));
  const first = fields[0]!;
  const message = (lang: 'en' | 'id') =>
    fill((lang === 'en' ? formsEn : formsId).forms.errors[first.code], {
      time: retryAt ? jakartaClock(retryAt, lang) : '',
    });
  const messages = { en: message('en'), id: message('id') };
  if (retryAt)
    return new ApiError(429, 'rate_limited', messages, {
      fields,
      token,
      retryAt: retryAt.toISOString(),
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
    });
  return new ApiError(422, 'validation_failed', messages, { fields, token });
}

/** The contracts of each form's two calls (api/http/contract.ts). */
const FORM_CONTRACTS: Record<FormKind, { session: RouteContract; post: RouteContract }> = {
  contact: {
    session: {
      response: FormSessionSchema,
      summary:
        'What the contact page renders: a fill-time token, and the draft it comes back with (values, error codes), read only with the draft cookie of the browser that sent it',
      auth: 'none',
      query: FormSessionQuery,
      tag: 'forms',
    },
    post: {
      response: FormSentSchema,
      summary:
        'Send the contact form (JSON answers with Accept: application/json; a plain post is answered 303 to the success page, or back to the form with a draft bound to the browser by an HttpOnly cookie)',
      auth: 'none',
      form: { fields: ContactSchema, files: false },
      tag: 'forms',
      limited: true,
    },
  },
  partnership: {
    session: {
      response: FormSessionSchema,
      summary:
        'What the partnership page renders: a fill-time token, and the draft it comes back with (only with the draft cookie of the browser that sent it)',
      auth: 'none',
      query: FormSessionQuery,
      tag: 'forms',
    },
    post: {
      response: FormSentSchema,
      summary:
        'Send a partnership proposal (multipart: up to 4 photos of 2 MB, a 10 MB video, a 2 MB PDF; types by their bytes)',
      auth: 'none',
      form: { fields: PartnershipSchema, files: true },
      tag: 'forms',
      limited: true,
    },
  },
};

export function formRoutes(deps: AppDeps) {
  const app = new Hono();
  app.onError(apiErrorHandler);
  const secure = new URL(deps.env.SITE_URL).protocol === 'https:';
  /** The browser's draft key: its cookie's, or a new one (a draft opens only where it was sent from). */
  const browserKey = (c: Context) => {
    const known = getCookie(c, DRAFT_COOKIE);
    const key = known && /^[\w-]{22}$/.test(known) ? known : randomId();
    setCookie(c, DRAFT_COOKIE, key, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: DRAFT_SECONDS });
    return key;
  };

  for (const form of FORM_KINDS) {
    const contract = FORM_CONTRACTS[form];
    app.get(`/forms/${form}/session`, documented(contract.session), async (c) => {
      const q = v.safeParse(FormSessionQuery, c.req.query());
      c.header('Cache-Control', 'no-store');
      const draft = q.success ? q.output.draft : undefined;
      return c.json({ data: await startForm(deps, form, draft, getCookie(c, DRAFT_COOKIE)) });
    });

    app.post(`/forms/${form}`, documented(contract.post), async (c) => {
      const json = wantsJson(c);
      let body;
      try {
        body = await readFormBody(c, MAX_BODY[form]);
      } catch (error) {
        if (error instanceof UnreadableForm) throw errors.badRequest();
        throw error;
      }
      if (body.truncated) c.header('Connection', 'close');
      const lang = queryLang(c) ?? bodyLang(body.fields);
      const outcome = await submitForm(deps, form, body, lang, clientIp(c));
      if (outcome.kind !== 'invalid')
        return json
          ? c.json({ data: { redirect: successPath(form, lang) } })
          : c.redirect(successPath(form, lang), 303);
      if (json)
        throw invalidAnswer(outcome.errors, fillToken(deps, form, outcome.startedAt), outcome.retryAt, nowOf(deps));
      const draft = await saveDraft(deps, form, outcome, browserKey(c));
      return c.redirect(`${formPath(form, lang)}?${new URLSearchParams({ draft })}#${form}-form`, 303);
    });
  }

  // A proposal's file behind its signed URL (operators only get them): 404 for anything else.
  app.get(
    '/forms/files',
    documented({
      summary: "A proposal's file behind a signed, short-lived URL handed to operators (404 for anything else)",
      auth: 'none',
      query: FormFileQuery,
      tag: 'forms',
      plain: 'file',
    }),
    async (c) => {
      const q = c.req.query();
      const now = nowOf(deps);
      if (!validFileSignature(deps, q, now)) throw errors.notFound();
      const [row] = await deps.database.db
        .select()
        .from(formSubmissionFiles)
        .where(and(eq(formSubmissionFiles.id, q.id)))
        .limit(1);
      const blob = row ? await blobStoreOf(deps).get(row.id) : null;
      if (!row || !blob) throw errors.notFound();
      const image = row.contentType.startsWith('image/');
      return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': row.contentType,
        'Content-Length': String(blob.bytes.byteLength),
        'Cache-Control': 'private, no-store',
        // Pictures open in the browser; a video or a PDF is downloaded, never run in the site's origin.
        'Content-Disposition': image ? 'inline' : `attachment; filename="${row.fileName.replace(/[^\w .()-]/g, '_')}"`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
    },
  );
  return app;
}
