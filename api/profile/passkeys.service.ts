import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { AppDeps } from '../platform/deps.ts';
import type { Env } from '../platform/env.ts';
import { nowOf } from '../platform/clock.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { passkeys, webauthnChallenges } from '../auth/passkeys.schema.ts';
import { createUserSession } from '../auth/tokens.service.ts';
import { profileErrors } from './profile.errors.ts';
import { getUser, profileOf } from './auth.service.ts';

// Passkeys (issue 29, item 4): a guest adds WebAuthn credentials in the profile and signs in with
// one; the password and the code stay. @simplewebauthn/server makes the options and checks every
// answer (challenge, origin, RP id, signature, counter). Challenges live in the database, are used
// once (deleted as they are checked) and for five minutes; a sign-in finds the guest by the
// credential, never by what the browser claims (a user handle that is not the credential owner's is
// refused).

const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'Bobobox';

const errors = {
  expired: () => new ApiError(422, 'passkey_expired', msg('passkeys.expired')),
  invalid: () => new ApiError(401, 'passkey_invalid', msg('passkeys.invalid')),
  unknown: () => new ApiError(401, 'passkey_unknown', msg('passkeys.unknown')),
  notFound: () => new ApiError(404, 'not_found', msg('passkeys.notFound')),
  duplicate: () => new ApiError(409, 'passkey_duplicate', msg('passkeys.duplicate')),
};

/**
 * The relying party: SITE_URL's host and origin. A browser refuses an IP address as an RP id, so a
 * site on a loopback address (development, the browser tests) uses "localhost" and its origin.
 */
export function relyingParty(env: Pick<Env, 'SITE_URL'>): { rpID: string; origins: string[] } {
  const site = new URL(env.SITE_URL);
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(site.hostname) || site.hostname.startsWith('[');
  if (!ip) return { rpID: site.hostname, origins: [site.origin] };
  return {
    rpID: 'localhost',
    origins: [site.origin, `${site.protocol}//localhost${site.port ? `:${site.port}` : ''}`],
  };
}

/** The user handle the authenticator keeps for the guest (opaque to the browser; no e-mail or name). */
export const userHandleOf = (userId: number) => isoUint8Array.fromUTF8String(`bbx:${userId}`);

async function newChallenge(
  deps: AppDeps,
  purpose: 'register' | 'authenticate',
  challenge: string,
  userId: number | null,
) {
  const id = randomUUID();
  const now = nowOf(deps);
  // Lapsed challenges go as new ones come: the table holds only ceremonies in flight.
  await deps.database.db
    .delete(webauthnChallenges)
    .where(sql`${webauthnChallenges.expiresAt} < ${now.toISOString()}::timestamptz`);
  await deps.database.db
    .insert(webauthnChallenges)
    .values({ id, purpose, userId, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_MS) });
  return id;
}

/** Use a challenge once: deleted as it is read; null when unknown, used, lapsed or not this guest's. */
async function takeChallenge(deps: AppDeps, id: string, purpose: 'register' | 'authenticate', userId: number | null) {
  const [row] = await deps.database.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, nowOf(deps)),
        userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

export async function registrationOptions(deps: AppDeps, userId: number) {
  const user = await getUser(deps, userId);
  if (!user) throw errors.notFound();
  const { rpID } = relyingParty(deps.env);
  const existing = await deps.database.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandleOf(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { challengeId: await newChallenge(deps, 'register', options.challenge, userId), options };
}

export async function addPasskey(
  deps: AppDeps,
  userId: number,
  input: { challengeId: string; name: string; response: unknown },
) {
  const challenge = await takeChallenge(deps, input.challengeId, 'register', userId);
  if (!challenge) throw errors.expired();
  const { rpID, origins } = relyingParty(deps.env);
  const checked = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origins,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!checked?.verified) throw errors.invalid();
  const { credential } = checked.registrationInfo;
  const added = await deps.database.db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
      createdAt: nowOf(deps),
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (!added.length) throw errors.duplicate();
  return (await listPasskeys(deps, userId)).find((p) => p.id === credential.id)!;
}

export async function listPasskeys(deps: AppDeps, userId: number) {
  const found = await deps.database.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return found.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function renamePasskey(deps: AppDeps, userId: number, id: string, name: string) {
  const done = await deps.database.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!done.length) throw errors.notFound();
}

/** Remove a passkey; the password (every account has one) stays the way in. */
export async function removePasskey(deps: AppDeps, userId: number, id: string) {
  const done = await deps.database.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!done.length) throw errors.notFound();
}

export async function authenticationOptions(deps: AppDeps) {
  const { rpID } = relyingParty(deps.env);
  // No allowCredentials: the browser offers the guest's passkeys for this site (discoverable ones).
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  return { challengeId: await newChallenge(deps, 'authenticate', options.challenge, null), options };
}

export async function signInWithPasskey(
  deps: AppDeps,
  input: { challengeId: string; response: unknown },
  clientId: string,
  device: string | null,
) {
  const challenge = await takeChallenge(deps, input.challengeId, 'authenticate', null);
  if (!challenge) throw errors.expired();
  const response = input.response as AuthenticationResponseJSON;
  const [key] = await deps.database.db.select().from(passkeys).where(eq(passkeys.id, response.id)).limit(1);
  if (!key) throw errors.unknown();
  // The account is the credential's owner; an answer naming anyone else is refused.
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(key.userId))) throw errors.invalid();
  const { rpID, origins } = relyingParty(deps.env);
  const checked = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origins,
    expectedRPID: rpID,
    credential: {
      id: key.id,
      publicKey: isoBase64URL.toBuffer(key.publicKey),
      counter: key.counter,
      transports: key.transports as never,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!checked?.verified) throw errors.invalid();
  const user = await getUser(deps, key.userId);
  if (!user) throw errors.unknown();
  if (user.deactivatedAt) throw profileErrors.deactivated();
  await deps.database.db
    .update(passkeys)
    .set({ counter: checked.authenticationInfo.newCounter, lastUsedAt: nowOf(deps) })
    .where(eq(passkeys.id, key.id));
  return { token: await createUserSession(deps, user.id, clientId, device), user: await profileOf(deps, user) };
}
