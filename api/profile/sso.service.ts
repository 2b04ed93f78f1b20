import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { importPKCS8, SignJWT } from 'jose';
import type { AppDeps } from '../platform/deps.ts';
import type { Env } from '../platform/env.ts';
import { nowOf } from '../platform/clock.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { users } from '../auth/auth.schema.ts';
import { ssoAttempts, ssoTickets, userIdentities } from '../auth/sso.schema.ts';
import { passkeys } from '../auth/passkeys.schema.ts';
import { createUserSession } from '../auth/tokens.service.ts';
import { authErrors } from '../auth/auth.errors.ts';
import { CODE_RESEND_COOLDOWN_SECONDS, CODE_TTL_SECONDS, consumeCode, issueCode } from '../auth/codes.service.ts';
import { hitAddressLimit, hitRateLimit, RATE_RULES, startCooldown } from '../rate-limit/rate-limit.service.ts';
import { ensureWelcomePoints } from '../points/points.service.ts';
import { profileErrors } from './profile.errors.ts';
import { getUser, profileOf, signIn } from './auth.service.ts';

// Single sign-on (issue 29, items 1 and 3): OpenID Connect's authorization code flow with PKCE,
// state and nonce through openid-client, with exact redirect URIs. The provider's answer decides,
// and the browser that started the sign-on (its HttpOnly cookie) carries it out with a one-use ticket:
// - an identity already linked signs its account in;
// - a verified e-mail of an existing account links only after the guest proves an account: its
//   password, or a code sent to that account's e-mail (an account made through another provider has
//   no password), or the password of another account of theirs (account choice);
// - an unverified e-mail is never linked, and never makes an account;
// - a verified e-mail no account has makes one: the guest completes the registration (name, phone),
//   the e-mail counts as verified, and the welcome Bobopoints come with it.

export type SsoProvider = {
  key: string;
  name: string;
  issuer: string;
  clientId: string;
  /** A fixed client secret; Apple's is a JWT the server signs with its key (`appleKey`). */
  clientSecret?: string;
  appleKey?: { teamId: string; keyId: string; privateKey: string };
  /** The scopes asked for: Apple knows `name`, not `profile`. */
  scope: string;
  /** The answer comes as a POST from the provider's page (Apple's response_mode=form_post). */
  formPost?: boolean;
};

const ATTEMPT_MS = 10 * 60_000;
const TICKET_MS = 10 * 60_000;
export const SSO_COOKIE = 'bbx_sso';
/** An account made through a provider has no password until the guest sets one (forgot password). */
const NO_PASSWORD = '!sso';

export const LOCAL_PROVIDER_CLIENT_ID = 'bobobox-web-local';
/** The local provider's client secret, derived from the server's own secret (never a literal). */
export function localProviderSecret(env: Pick<Env, 'AUTH_JWT_SECRET'>): string {
  return createHmac('sha256', env.AUTH_JWT_SECRET).update('dev-oidc-client').digest('base64url');
}

/** The providers this server offers, from the environment; the local one in development only. */
export function ssoProviders(env: Env): SsoProvider[] {
  const out: SsoProvider[] = [];
  if (env.SSO_GOOGLE_CLIENT_ID && env.SSO_GOOGLE_CLIENT_SECRET)
    out.push({
      key: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: env.SSO_GOOGLE_CLIENT_ID,
      clientSecret: env.SSO_GOOGLE_CLIENT_SECRET,
      scope: 'openid email profile',
    });
  if (env.SSO_APPLE_CLIENT_ID && env.SSO_APPLE_TEAM_ID && env.SSO_APPLE_KEY_ID && env.SSO_APPLE_PRIVATE_KEY)
    out.push({
      key: 'apple',
      name: 'Apple',
      issuer: env.SSO_APPLE_ISSUER,
      clientId: env.SSO_APPLE_CLIENT_ID,
      appleKey: {
        teamId: env.SSO_APPLE_TEAM_ID,
        keyId: env.SSO_APPLE_KEY_ID,
        privateKey: env.SSO_APPLE_PRIVATE_KEY.replaceAll('\\n', '\n'),
      },
      scope: 'openid email name',
      formPost: true,
    });
  if (env.SSO_OIDC_ISSUER && env.SSO_OIDC_CLIENT_ID && env.SSO_OIDC_CLIENT_SECRET)
    out.push({
      key: 'oidc',
      name: env.SSO_OIDC_NAME,
      issuer: env.SSO_OIDC_ISSUER,
      clientId: env.SSO_OIDC_CLIENT_ID,
      clientSecret: env.SSO_OIDC_CLIENT_SECRET,
      scope: 'openid email profile',
    });
  if (env.NODE_ENV !== 'production')
    out.push({
      key: 'local',
      name: 'Local ID',
      issuer: `${new URL(env.SITE_URL).origin}/dev/oidc`,
      clientId: LOCAL_PROVIDER_CLIENT_ID,
      clientSecret: localProviderSecret(env),
      scope: 'openid email profile',
    });
  return out;
}

export const ssoErrors = {
  unknownProvider: () => new ApiError(404, 'not_found', msg('sso.unknownProvider')),
  expired: () => new ApiError(400, 'sso_expired', msg('sso.expired')),
  failed: () => new ApiError(400, 'sso_failed', msg('sso.failed')),
  unverified: () => new ApiError(403, 'sso_unverified', msg('sso.unverified')),
  linkedElsewhere: () => new ApiError(409, 'sso_linked_elsewhere', msg('sso.linkedElsewhere')),
  unavailable: () => new ApiError(502, 'sso_unavailable', msg('sso.unavailable')),
  identityNotFound: () => new ApiError(404, 'not_found', msg('sso.identityNotFound')),
  lastWayIn: () => new ApiError(409, 'sso_last_way_in', msg('sso.lastWayIn')),
  emailTaken: () => new ApiError(409, 'email_taken', msg('auth.emailTaken')),
};

/** The exact redirect URI of a provider: SITE_URL's own, never one the request names. */
export const redirectUriOf = (env: Pick<Env, 'SITE_URL'>, key: string) =>
  `${new URL(env.SITE_URL).origin}/api/auth/sso/${key}/callback`;

/** How long Apple's client secret (a JWT) lives, and when a new one is minted (Apple allows 6 months). */
const APPLE_SECRET_MS = 24 * 3_600_000;
const APPLE_RENEW_MS = 12 * 3_600_000;
const appleSecrets = new Map<string, { jwt: string; at: number }>();

/**
 * Apple's client secret: an ES256 JWT from the team (iss) for the Services ID (sub) to Apple (aud),
 * signed with the Sign in with Apple key (kid), minted again after half its life.
 */
export async function appleClientSecret(p: SsoProvider, now = Date.now()): Promise<string> {
  if (!p.appleKey) throw new Error(`${p.key} has no Apple key`);
  const cached = appleSecrets.get(p.clientId);
  if (cached && now - cached.at < APPLE_RENEW_MS) return cached.jwt;
  const key = await importPKCS8(p.appleKey.privateKey, 'ES256');
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: p.appleKey.keyId })
    .setIssuer(p.appleKey.teamId)
    .setSubject(p.clientId)
    .setAudience(p.issuer)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + APPLE_SECRET_MS) / 1000))
    .sign(key);
  appleSecrets.set(p.clientId, { jwt, at: now });
  return jwt;
}

/** Apple's token call: the client id and the current secret JWT in the body (client_secret_post). */
const appleClientAuth =
  (p: SsoProvider): oidc.ClientAuth =>
  (_as, client, body) => {
    const minted = appleSecrets.get(p.clientId);
    body.set('client_id', client.client_id);
    if (minted) body.set('client_secret', minted.jwt);
  };

const configs = new Map<string, Promise<oidc.Configuration>>();
/** The provider's configuration (discovery, once per process; tests may hand one in). */
export function providerConfig(p: SsoProvider): Promise<oidc.Configuration> {
  const key = `${p.issuer} ${p.clientId}`;
  let found = configs.get(key);
  if (!found) {
    const insecure = new URL(p.issuer).protocol === 'http:';
    found = oidc.discovery(
      new URL(p.issuer),
      p.clientId,
      p.appleKey ? undefined : p.clientSecret,
      p.appleKey ? appleClientAuth(p) : undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    configs.set(key, found);
    found.catch(() => configs.delete(key));
  }
  return found;
}

/**
 * The name Apple sends once, beside the code on the first sign-in (the form's `user`, JSON:
 * {"name":{"firstName","lastName"}}); never in the ID token. Anything else reads as no name.
 */
export function appleUserName(user: string | null): string | null {
  if (!user || user.length > 2000) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter(
      (x): x is string => typeof x === 'string' && x.trim() !== '',
    );
    return parts.length ? parts.join(' ').trim().slice(0, 100) : null;
  } catch {
    return null;
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

export function findProvider(env: Env, key: string): SsoProvider {
  const p = ssoProviders(env).find((x) => x.key === key);
  if (!p) throw ssoErrors.unknownProvider();
  return p;
}

/** The redirect to the provider, and the attempt id the browser keeps in its cookie. */
export async function startSso(
  deps: AppDeps,
  key: string,
  input: { lang: 'id' | 'en'; redirect: string; ip: string },
  config: (p: SsoProvider) => Promise<oidc.Configuration> = providerConfig,
): Promise<{ url: string; attemptId: string }> {
  const p = findProvider(deps.env, key);
  // Counted before the attempt is kept: past the limit nothing is written (429 rate_limited).
  await hitAddressLimit(deps, RATE_RULES.ssoStartByIp, input.ip);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const attemptId = randomUUID();
  const now = nowOf(deps);
  await deps.database.db.delete(ssoAttempts).where(sql`${ssoAttempts.expiresAt} < ${now.toISOString()}::timestamptz`);
  await deps.database.db.insert(ssoAttempts).values({
    id: attemptId,
    provider: key,
    state,
    nonce,
    verifier,
    lang: input.lang,
    redirect: input.redirect,
    expiresAt: new Date(now.getTime() + ATTEMPT_MS),
  });
  const configuration = await config(p).catch(() => {
    throw ssoErrors.unavailable();
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(deps.env, key),
    scope: p.scope,
    ...(p.formPost ? { response_mode: 'form_post' } : {}),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(key === 'google' ? { prompt: 'select_account' } : {}),
  });
  return { url: url.href, attemptId };
}

/**
 * The provider's answer: the attempt is used up (one use), the code exchanged and the ID token
 * checked (issuer, audience, signature, nonce; state and PKCE), then a ticket says what comes next.
 */
export async function finishSso(
  deps: AppDeps,
  key: string,
  input: { attemptId: string | undefined; query: string } | { attemptId: string | undefined; form: URLSearchParams },
  config: (p: SsoProvider) => Promise<oidc.Configuration> = providerConfig,
): Promise<{ ticket: string; lang: string; kind: string }> {
  const p = findProvider(deps.env, key);
  if (!input.attemptId) throw ssoErrors.expired();
  const [attempt] = await deps.database.db
    .delete(ssoAttempts)
    .where(
      and(eq(ssoAttempts.id, input.attemptId), eq(ssoAttempts.provider, key), gt(ssoAttempts.expiresAt, nowOf(deps))),
    )
    .returning();
  if (!attempt) throw ssoErrors.expired();
  let claims: oidc.IDToken | undefined;
  try {
    const configuration = await config(p);
    if (p.appleKey) await appleClientSecret(p);
    // A form_post answer (Apple) is the provider page's POST; the others come in the query.
    const answer =
      'form' in input
        ? new Request(redirectUriOf(deps.env, key), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: input.form,
          })
        : new URL(`${redirectUriOf(deps.env, key)}${input.query}`);
    const tokens = await oidc.authorizationCodeGrant(configuration, answer, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // A provider that keeps the e-mail out of the ID token gives it at userinfo (for the same subject);
    // Apple has no userinfo: its ID token carries the e-mail.
    if (claims && claims.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      claims = { ...claims, email: info.email, email_verified: info.email_verified, name: info.name ?? claims['name'] };
    }
  } catch {
    throw ssoErrors.failed();
  }
  if (!claims?.sub) throw ssoErrors.failed();
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  // Apple writes the flag as a string ("true").
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const name =
    typeof claims.name === 'string'
      ? claims.name.trim().slice(0, 100)
      : 'form' in input
        ? appleUserName(input.form.get('user'))
        : null;
  const db = deps.database.db;
  const [linked] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, claims.iss), eq(userIdentities.subject, claims.sub)));
  let kind: 'signin' | 'link' | 'register' | 'unverified';
  let userId: number | null = null;
  if (linked) {
    kind = 'signin';
    userId = linked.userId;
  } else if (!email || !verified) kind = 'unverified';
  else {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    kind = owner ? 'link' : 'register';
    userId = owner?.id ?? null;
  }
  const ticket = randomBytes(32).toString('base64url');
  await db.insert(ssoTickets).values({
    hash: sha(ticket),
    browser: sha(input.attemptId),
    kind,
    provider: key,
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: verified,
    name,
    userId,
    lang: attempt.lang,
    redirect: attempt.redirect,
    expiresAt: new Date(nowOf(deps).getTime() + TICKET_MS),
  });
  return { ticket, lang: attempt.lang, kind };
}

type Ticket = typeof ssoTickets.$inferSelect;

/** The ticket, in the browser that started the sign-on only; `use` deletes it (one use). */
async function ticketOf(deps: AppDeps, ticket: string, cookie: string | undefined, use: boolean): Promise<Ticket> {
  if (!cookie) throw ssoErrors.expired();
  const where = and(
    eq(ssoTickets.hash, sha(ticket)),
    eq(ssoTickets.browser, sha(cookie)),
    gt(ssoTickets.expiresAt, nowOf(deps)),
  );
  const [row] = use
    ? await deps.database.db.delete(ssoTickets).where(where).returning()
    : await deps.database.db.select().from(ssoTickets).where(where);
  if (!row) throw ssoErrors.expired();
  return row;
}

const providerName = (deps: AppDeps, key: string) => ssoProviders(deps.env).find((p) => p.key === key)?.name ?? key;

/** What the ticket asks of the guest (the /account-choice/ page); a sign-in happens at once. */
export async function continueSso(
  deps: AppDeps,
  input: { ticket: string; cookie: string | undefined },
  clientId: string,
  device: string | null,
) {
  const peek = await ticketOf(deps, input.ticket, input.cookie, false);
  if (peek.kind !== 'signin')
    return {
      kind: peek.kind,
      provider: providerName(deps, peek.provider),
      email: peek.email,
      name: peek.name,
      redirect: peek.redirect,
    };
  const t = await ticketOf(deps, input.ticket, input.cookie, true);
  const user = await getUser(deps, t.userId!);
  if (!user) throw ssoErrors.expired();
  if (user.deactivatedAt) throw profileErrors.deactivated();
  const token = await createUserSession(deps, user.id, clientId, device);
  return { kind: 'signin' as const, redirect: t.redirect, token, user: await profileOf(deps, user) };
}

async function link(deps: AppDeps, t: Ticket, userId: number) {
  const done = await deps.database.db
    .insert(userIdentities)
    .values({
      userId,
      provider: t.provider,
      issuer: t.issuer,
      subject: t.subject,
      email: t.email,
      createdAt: nowOf(deps),
    })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  if (!done.length) throw ssoErrors.linkedElsewhere();
}

/**
 * Link the provider to the account the guest proves with its password: the one with the provider's
 * e-mail, or another of theirs (account choice). Never for an unverified e-mail.
 */
export async function linkSso(
  deps: AppDeps,
  input: { ticket: string; cookie: string | undefined; username: string; password: string },
  clientId: string,
  ip: string,
  device: string | null,
) {
  const peek = await ticketOf(deps, input.ticket, input.cookie, false);
  if (peek.kind === 'unverified' || !peek.emailVerified) throw ssoErrors.unverified();
  if (peek.kind === 'signin') throw ssoErrors.expired();
  // The password is checked (with the sign-in limits) before the ticket is used.
  const signedIn = await signIn(deps, { username: input.username, password: input.password }, clientId, ip, device);
  const t = await ticketOf(deps, input.ticket, input.cookie, true);
  await link(deps, t, signedIn.user.id);
  return { redirect: t.redirect, token: signedIn.token, user: signedIn.user };
}

/** The account a "link" ticket found by its verified e-mail (the only one a code can prove). */
async function linkTarget(deps: AppDeps, t: Ticket) {
  if (t.kind === 'unverified' || !t.emailVerified) throw ssoErrors.unverified();
  if (t.kind !== 'link' || t.userId === null) throw ssoErrors.expired();
  const user = await getUser(deps, t.userId);
  if (!user) throw ssoErrors.expired();
  return user;
}

/**
 * Send a 4-digit code to the e-mail of the account the provider's verified e-mail found, to prove it
 * without a password. The same limits as every code: per address, per target, and a cool-down.
 */
export async function sendSsoLinkCode(
  deps: AppDeps,
  input: { ticket: string; cookie: string | undefined },
  ip: string,
) {
  const user = await linkTarget(deps, await ticketOf(deps, input.ticket, input.cookie, false));
  await hitAddressLimit(deps, RATE_RULES.codeRequestByIp, ip);
  await hitRateLimit(deps, RATE_RULES.codeRequestByTarget, `email:${user.email}`);
  const wait = await startCooldown(deps, `code:sso_link:email:${user.email}`, CODE_RESEND_COOLDOWN_SECONDS);
  if (wait > 0) throw authErrors.codeCooldown(wait);
  await issueCode(deps, {
    purpose: 'sso_link',
    channel: 'email',
    target: user.email,
    userId: user.id,
    name: user.name,
    lang: user.preferredLang === 'en' ? 'en' : 'id',
  });
  return {
    channel: 'email' as const,
    target: user.email,
    expiresInSeconds: CODE_TTL_SECONDS,
    resendAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS,
  };
}

/** Link the provider to the account whose e-mail received the code (sendSsoLinkCode), and sign in. */
export async function linkSsoByCode(
  deps: AppDeps,
  input: { ticket: string; cookie: string | undefined; code: string },
  clientId: string,
  device: string | null,
) {
  const user = await linkTarget(deps, await ticketOf(deps, input.ticket, input.cookie, false));
  await hitRateLimit(deps, RATE_RULES.codeCheckByTarget, `email:${user.email}`);
  // The code is checked (its own tries, the account's guesses) before the ticket is used.
  const consumed = await consumeCode(deps, { purpose: 'sso_link', target: user.email, code: input.code });
  if (consumed.userId !== user.id) throw ssoErrors.expired();
  if (user.deactivatedAt) throw profileErrors.deactivated();
  const t = await ticketOf(deps, input.ticket, input.cookie, true);
  await link(deps, t, user.id);
  const token = await createUserSession(deps, user.id, clientId, device);
  return { redirect: t.redirect, token, user: await profileOf(deps, user) };
}

/** A new person completes the registration: the provider's verified e-mail, a name and a phone. */
export async function registerSso(
  deps: AppDeps,
  input: { ticket: string; cookie: string | undefined; name: string; telephone: string },
  clientId: string,
  device: string | null,
) {
  const peek = await ticketOf(deps, input.ticket, input.cookie, false);
  if (peek.kind !== 'register' || !peek.email || !peek.emailVerified) throw ssoErrors.unverified();
  const db = deps.database.db;
  const [phoneOwner] = await db.select({ id: users.id }).from(users).where(eq(users.telephone, input.telephone));
  if (phoneOwner) throw authErrors.phoneTaken();
  const t = await ticketOf(deps, input.ticket, input.cookie, true);
  const created = await db
    .insert(users)
    .values({
      name: input.name,
      email: t.email!,
      telephone: input.telephone,
      passwordHash: NO_PASSWORD,
      isEmailVerified: true,
      preferredLang: t.lang,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created.length) throw ssoErrors.emailTaken();
  const userId = created[0]!.id;
  await link(deps, t, userId);
  // The e-mail is verified by the provider: the welcome Bobopoints come now.
  await ensureWelcomePoints(db, userId, nowOf(deps));
  const user = (await getUser(deps, userId))!;
  const token = await createUserSession(deps, userId, clientId, device);
  return { redirect: t.redirect, token, user: await profileOf(deps, user) };
}

/** The provider identities linked to the guest's account (the profile lists them). */
export async function linkedIdentities(deps: AppDeps, userId: number) {
  const found = await deps.database.db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.createdAt);
  return found.map((i) => ({
    id: i.id,
    provider: providerName(deps, i.provider),
    email: i.email,
    linkedAt: i.createdAt.toISOString(),
  }));
}

/**
 * Unlink a provider while another way in remains: a password, another provider, or a passkey. An
 * account made through a provider has no password until the guest sets one ("forgot password").
 */
export async function unlinkIdentity(deps: AppDeps, userId: number, id: number) {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    // One unlink at a time per account: two at once could each see the other as the way in left.
    await tx.execute(sql`select pg_advisory_xact_lock(7302, ${userId})`);
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    const mine = await tx
      .select({ id: userIdentities.id })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    if (!user || !mine.some((i) => i.id === id)) throw ssoErrors.identityNotFound();
    const [keys] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    const otherWays = (user.passwordHash !== NO_PASSWORD ? 1 : 0) + (mine.length - 1) + Number(keys?.n ?? 0);
    if (otherWays === 0) throw ssoErrors.lastWayIn();
    await tx.delete(userIdentities).where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)));
  });
}
