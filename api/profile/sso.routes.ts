import { Hono } from 'hono';
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import { userIdOf } from '../http/context.ts';
import { deviceLabel } from '../auth/device.ts';
import { ApiError, requestLang } from '../http/errors.ts';
import { clientIp, limitBody, validBody } from '../http/input.ts';
import { documented } from '../http/contract.ts';
import {
  IdentityIdBody,
  LinkedIdentitySchema,
  SsoLinkBody,
  SsoLinkCodeBody,
  SsoProviderSchema,
  SsoRegisterBody,
  SsoStepSchema,
  SsoTicketBody,
} from '../../core/contracts/auth.ts';
import { CodeSentSchema, SignedInSchema } from '../../core/contracts/responses.ts';
import {
  continueSso,
  finishSso,
  linkedIdentities,
  linkSso,
  linkSsoByCode,
  registerSso,
  sendSsoLinkCode,
  ssoProviders,
  SSO_COOKIE,
  ssoErrors,
  startSso,
  unlinkIdentity,
} from './sso.service.ts';

/** The providers this code knows, by key (which are on is the environment's: api/profile/sso.service.ts). */
const SSO_PROVIDER_KEYS: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  oidc: 'the provider of SSO_OIDC_ISSUER',
  local: 'the local provider (development)',
};

const SsoStartQuery = v.looseObject({ lang: v.optional(v.picklist(['id', 'en'])), redirect: v.optional(v.string()) });
/** Apple's answer (response_mode=form_post): the form its page posts, `user` (the name) on the first sign-in only. */
const SsoCallbackForm = v.looseObject({
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
  user: v.optional(v.string()),
});
const SsoCallbackQuery = v.looseObject({
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
});

/** A same-site path to come back to after signing in; home otherwise. */
function safeRedirect(value: string | undefined, lang: 'id' | 'en'): string {
  const home = lang === 'id' ? '/id/' : '/';
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return home;
  return value.slice(0, 500);
}

/** Single sign-on (api/profile/sso.service.ts): the redirects, and the steps the /account-choice/ page takes. */
export function ssoRoutes(deps: AppDeps) {
  const app = new Hono();
  const client = requireClient(deps);
  const user = requireUser(deps);
  const secure = new URL(deps.env.SITE_URL).protocol === 'https:';
  const cookieOf = (c: Context) => getCookie(c, SSO_COOKIE);
  const page = (lang: string, query: string) => `${lang === 'id' ? '/id' : ''}/account-choice/?${query}`;

  app.get(
    '/auth/sso/providers',
    documented({
      response: v.array(SsoProviderSchema),
      summary: 'The single sign-on providers offered',
      auth: 'client',
      tag: 'auth',
    }),
    client,
    (c) => c.json({ data: ssoProviders(deps.env).map((p) => ({ key: p.key, name: p.name })) }),
  );
  // A browser navigation (no token): the attempt's id goes into an HttpOnly cookie, then to the provider.
  // One static route pair per provider this code knows (an exact redirect URI each).
  for (const key of Object.keys(SSO_PROVIDER_KEYS)) {
    app.get(
      `/auth/sso/${key}/start`,
      documented({
        summary: `Start a single sign-on with ${SSO_PROVIDER_KEYS[key]} (a browser navigation; 404 when it is not configured): the attempt in an HttpOnly cookie, then to the provider`,
        auth: 'none',
        tag: 'auth',
        query: SsoStartQuery,
        redirect: {
          statuses: [302, 303],
          to: "To the provider's authorization endpoint (code flow, PKCE S256, state, nonce, the exact redirect URI); 303 to /account-choice/?error= when the provider cannot be reached (sso_unavailable) or this address started too many (rate_limited)",
        },
      }),
      async (c) => {
        const lang = c.req.query('lang') === 'en' ? 'en' : 'id';
        c.header('Cache-Control', 'no-store');
        try {
          const { url, attemptId } = await startSso(deps, key, {
            lang,
            redirect: safeRedirect(c.req.query('redirect'), lang),
            ip: clientIp(c),
          });
          // Apple answers with a POST from its own site: only a SameSite=None cookie (Secure) comes
          // with it. The cookie binds the browser; the state and PKCE still guard the answer.
          const formPost = key === 'apple';
          setCookie(c, SSO_COOKIE, attemptId, {
            httpOnly: true,
            sameSite: formPost ? 'None' : 'Lax',
            secure: secure || formPost,
            path: '/api/auth/sso',
            maxAge: 600,
          });
          return c.redirect(url, 302);
        } catch (error) {
          // An unknown provider is a 404; a provider that cannot be reached says so on the sign-in page.
          if (!(error instanceof ApiError) || error.status === 404) throw error;
          return c.redirect(page(lang, new URLSearchParams({ error: error.code }).toString()), 303);
        }
      },
    );
    if (key === 'apple')
      app.post(
        `/auth/sso/${key}/callback`,
        documented({
          summary: `The answer of ${SSO_PROVIDER_KEYS[key]} (response_mode=form_post: its page posts the form): the code exchanged and the ID token checked`,
          auth: 'none',
          tag: 'auth',
          form: { fields: SsoCallbackForm, files: false },
          redirect: {
            statuses: [303],
            to: 'To /account-choice/?ticket= (one use, only with the same browser cookie), or ?error=sso_expired|sso_failed',
          },
        }),
        limitBody(),
        async (c) => {
          c.header('Cache-Control', 'no-store');
          try {
            const type = c.req.header('content-type') ?? '';
            if (!type.startsWith('application/x-www-form-urlencoded')) throw ssoErrors.failed();
            const form = new URLSearchParams(await c.req.text());
            const done = await finishSso(deps, key, { attemptId: cookieOf(c), form });
            return c.redirect(page(done.lang, new URLSearchParams({ ticket: done.ticket }).toString()), 303);
          } catch (error) {
            if (!(error instanceof ApiError) || error.status >= 500) throw error;
            return c.redirect(page(requestLang(c), new URLSearchParams({ error: error.code }).toString()), 303);
          }
        },
      );
    app.get(
      `/auth/sso/${key}/callback`,
      documented({
        summary: `The answer of ${SSO_PROVIDER_KEYS[key]} (a browser navigation): the code exchanged and the ID token checked`,
        auth: 'none',
        tag: 'auth',
        query: SsoCallbackQuery,
        redirect: {
          statuses: [303],
          to: 'To /account-choice/?ticket= (one use, only with the same browser cookie), or ?error=sso_expired|sso_failed',
        },
      }),
      async (c) => {
        const query = new URL(c.req.url).search;
        c.header('Cache-Control', 'no-store');
        try {
          const done = await finishSso(deps, key, { attemptId: cookieOf(c), query });
          return c.redirect(page(done.lang, new URLSearchParams({ ticket: done.ticket }).toString()), 303);
        } catch (error) {
          if (!(error instanceof ApiError) || error.status >= 500) throw error;
          return c.redirect(page(requestLang(c), new URLSearchParams({ error: error.code }).toString()), 303);
        }
      },
    );
  }
  app.post(
    '/auth/sso/continue',
    documented({
      response: SsoStepSchema,
      summary: "The next step of a single sign-on (the provider's answer): signed in at once, or link or register",
      auth: 'client',
      body: SsoTicketBody,
      tag: 'auth',
      limited: true,
    }),
    limitBody(),
    client,
    async (c) => {
      const input = await validBody(c, SsoTicketBody);
      const step = await continueSso(
        deps,
        { ticket: input.ticket, cookie: cookieOf(c) },
        c.get('auth').clientId,
        deviceLabel(c.req.header('user-agent')),
      );
      c.header('Cache-Control', 'no-store');
      if (step.kind !== 'signin') return c.json({ data: step });
      deleteCookie(c, SSO_COOKIE, { path: '/api/auth/sso' });
      return c.json({ data: { kind: step.kind, redirect: step.redirect }, ...step.token, user: step.user });
    },
  );
  app.post(
    '/auth/sso/link',
    documented({
      answer: SignedInSchema,
      summary:
        'Link the provider to the account the password proves (the one with its e-mail, or another); never an unverified e-mail',
      auth: 'client',
      body: SsoLinkBody,
      tag: 'auth',
      limited: true,
    }),
    limitBody(),
    client,
    async (c) => {
      const input = await validBody(c, SsoLinkBody);
      const done = await linkSso(
        deps,
        { ...input, cookie: cookieOf(c) },
        c.get('auth').clientId,
        clientIp(c),
        deviceLabel(c.req.header('user-agent')),
      );
      deleteCookie(c, SSO_COOKIE, { path: '/api/auth/sso' });
      c.header('Cache-Control', 'no-store');
      return c.json({ ...done.token, user: done.user, redirect: done.redirect });
    },
  );
  app.post(
    '/auth/sso/link-code',
    documented({
      answer: CodeSentSchema,
      summary:
        "Send a 4-digit code to the e-mail of the account the provider's verified e-mail matches, to prove it without a password",
      auth: 'client',
      body: SsoTicketBody,
      tag: 'auth',
      limited: true,
      ok: 202,
    }),
    limitBody(),
    client,
    async (c) => {
      const input = await validBody(c, SsoTicketBody);
      const sent = await sendSsoLinkCode(deps, { ticket: input.ticket, cookie: cookieOf(c) }, clientIp(c));
      c.header('Cache-Control', 'no-store');
      return c.json(sent, 202);
    },
  );
  app.post(
    '/auth/sso/link-by-code',
    documented({
      answer: SignedInSchema,
      summary: 'Link the provider to the account the code (sent by /auth/sso/link-code) proves, and sign in',
      auth: 'client',
      body: SsoLinkCodeBody,
      tag: 'auth',
      limited: true,
    }),
    limitBody(),
    client,
    async (c) => {
      const input = await validBody(c, SsoLinkCodeBody);
      const done = await linkSsoByCode(
        deps,
        { ticket: input.ticket, cookie: cookieOf(c), code: input.code },
        c.get('auth').clientId,
        deviceLabel(c.req.header('user-agent')),
      );
      deleteCookie(c, SSO_COOKIE, { path: '/api/auth/sso' });
      c.header('Cache-Control', 'no-store');
      return c.json({ ...done.token, user: done.user, redirect: done.redirect });
    },
  );
  app.post(
    '/auth/sso/register',
    documented({
      answer: SignedInSchema,
      summary:
        'Complete the registration of a new person through the provider (its verified e-mail, a name and a phone)',
      auth: 'client',
      body: SsoRegisterBody,
      tag: 'auth',
      limited: true,
      ok: 201,
    }),
    limitBody(),
    client,
    async (c) => {
      const input = await validBody(c, SsoRegisterBody);
      const done = await registerSso(
        deps,
        { ticket: input.ticket, cookie: cookieOf(c), name: input.fullName, telephone: input.phone },
        c.get('auth').clientId,
        deviceLabel(c.req.header('user-agent')),
      );
      deleteCookie(c, SSO_COOKIE, { path: '/api/auth/sso' });
      c.header('Cache-Control', 'no-store');
      return c.json({ ...done.token, user: done.user, redirect: done.redirect }, 201);
    },
  );
  app.get(
    '/clients/v1/my-account/identities',
    documented({
      response: v.array(LinkedIdentitySchema),
      summary: 'The sign-in providers linked to the account',
      auth: 'user',
      tag: 'profile',
    }),
    user,
    async (c) => c.json({ data: await linkedIdentities(deps, userIdOf(c)) }, 200, { 'Cache-Control': 'no-store' }),
  );
  app.post(
    '/clients/v1/my-account/identities/remove',
    documented({
      response: v.looseObject({ ok: v.literal(true) }),
      summary: 'Unlink a sign-in provider while another way in remains (a password, another provider, a passkey)',
      auth: 'user',
      body: IdentityIdBody,
      tag: 'profile',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const input = await validBody(c, IdentityIdBody);
      await unlinkIdentity(deps, userIdOf(c), input.id);
      return c.json({ data: { ok: true as const } });
    },
  );
  return app;
}
