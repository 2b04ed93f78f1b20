import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { nowOf } from '../platform/clock.ts';
import { authSessions } from '../auth/auth.schema.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';

// The devices a guest is signed in on (issue 29, item 5): every live session (a refresh-token family)
// with the device it started on and when it was last used (sign-in or token refresh). Signing one out,
// or every other one, revokes the session: its refresh tokens are refused from then on
// (rotateRefreshToken checks revoked_at) and its access tokens at once (requireUser checks it too).

export type SignedInDevice = {
  id: string;
  device: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The session of the request that asks. */
  current: boolean;
};

const REASON = 'signed_out_elsewhere';
const notFound = () => new ApiError(404, 'not_found', msg('sessions.notFound'));

const live = (deps: AppDeps, userId: number) =>
  and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, nowOf(deps)));

export async function signedInDevices(
  deps: AppDeps,
  userId: number,
  currentSession: string,
): Promise<SignedInDevice[]> {
  const found = await deps.database.db
    .select()
    .from(authSessions)
    .where(live(deps, userId))
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt));
  return found
    .map((s) => ({
      id: s.id,
      device: s.device,
      signedInAt: s.createdAt.toISOString(),
      lastSeenAt: (s.lastSeenAt ?? s.createdAt).toISOString(),
      current: s.id === currentSession,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Sign one of the guest's other devices out (the current one signs out with POST /logout). */
export async function signOutDevice(deps: AppDeps, userId: number, currentSession: string, id: string) {
  if (id === currentSession) throw notFound();
  const done = await deps.database.db
    .update(authSessions)
    .set({ revokedAt: nowOf(deps), revokedReason: REASON })
    .where(and(eq(authSessions.id, id), live(deps, userId)))
    .returning({ id: authSessions.id });
  if (!done.length) throw notFound();
}

/** Sign every other device out; returns how many. */
export async function signOutOtherDevices(deps: AppDeps, userId: number, currentSession: string): Promise<number> {
  const done = await deps.database.db
    .update(authSessions)
    .set({ revokedAt: nowOf(deps), revokedReason: REASON })
    .where(and(live(deps, userId), ne(authSessions.id, currentSession)))
    .returning({ id: authSessions.id });
  return done.length;
}
