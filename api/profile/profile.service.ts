import { and, eq, ne } from 'drizzle-orm';
import { PG_UNIQUE_VIOLATION, violatedConstraint } from '../db/pg-errors.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { ApiLang } from '../http/errors.ts';
import { authErrors } from '../auth/auth.errors.ts';
import { users } from '../auth/auth.schema.ts';
import { getUser, profileOf } from './auth.service.ts';
import { CODE_RESEND_COOLDOWN_SECONDS, CODE_TTL_SECONDS, consumeCode, issueCode } from '../auth/codes.service.ts';
import { ensureWelcomePoints } from '../points/points.service.ts';
import { hitAddressLimit, hitRateLimit, RATE_RULES, startCooldown } from '../rate-limit/rate-limit.service.ts';
import { nowOf } from '../platform/clock.ts';

// Editing the profile (spec section 7: POST /clients/v1/my-account/update with name, email, telephone).
// The name changes at once. A new e-mail address or phone number replaces the old one only once the
// guest proves it with the 4-digit code sent to it (the codes of api/auth/codes.service.ts, stored for
// the new address under the verify purpose): until then the account keeps the address it had, signs
// in with it, and gets its mail there.

type Channel = 'email' | 'phone';
export type PendingChange = {
  channel: Channel;
  target: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
};

const purposeOf = (channel: Channel) => (channel === 'email' ? 'verify_email' : 'verify_phone');
const columnOf = (channel: Channel) => (channel === 'email' ? users.email : users.telephone);
/** Shared with the sign-up and code calls: one cool-down per purpose and address, whoever asks. */
const cooldownKey = (channel: Channel, target: string) => `code:verify:${channel}:${target}`;

function conflict(channel: Channel) {
  return channel === 'email' ? authErrors.emailTaken() : authErrors.phoneTaken();
}

/** Someone else's address is refused at once (the unique index decides again at confirmation). */
async function refuseTaken(deps: AppDeps, userId: number, channel: Channel, target: string) {
  const [taken] = await deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(columnOf(channel), target), ne(users.id, userId)))
    .limit(1);
  if (taken) throw conflict(channel);
}

/** Send the code that proves a new address (limits and cool-down as for any code request). */
async function requestChange(
  deps: AppDeps,
  user: { id: number; name: string; preferredLang: string },
  channel: Channel,
  target: string,
  lang: ApiLang,
  ip: string,
): Promise<PendingChange> {
  await hitAddressLimit(deps, RATE_RULES.codeRequestByIp, ip);
  await hitRateLimit(deps, RATE_RULES.codeRequestByTarget, `${channel}:${target}`);
  // Saving the form again within the cool-down keeps the code already sent (and says how long to wait).
  const wait = await startCooldown(deps, cooldownKey(channel, target), CODE_RESEND_COOLDOWN_SECONDS);
  if (wait === 0)
    await issueCode(deps, {
      purpose: purposeOf(channel),
      channel,
      target,
      userId: user.id,
      name: user.name,
      lang: user.preferredLang === 'id' || user.preferredLang === 'en' ? user.preferredLang : lang,
    });
  return {
    channel,
    target,
    expiresInSeconds: CODE_TTL_SECONDS,
    resendAfterSeconds: wait > 0 ? wait : CODE_RESEND_COOLDOWN_SECONDS,
  };
}

/** Name now; a changed e-mail or phone gets a code and stays pending until confirmed. */
export async function updateProfile(
  deps: AppDeps,
  userId: number,
  input: { name: string; email: string; telephone: string },
  lang: ApiLang,
  ip: string,
) {
  const current = await getUser(deps, userId);
  if (!current) throw authErrors.invalidToken();
  const changes: [Channel, string][] = [];
  if (input.email !== current.email) changes.push(['email', input.email]);
  if (input.telephone !== current.telephone) changes.push(['phone', input.telephone]);
  // Nothing is saved when an address is taken; then the name, so the code messages greet the guest by it.
  for (const [channel, target] of changes) await refuseTaken(deps, userId, channel, target);
  const [user] =
    input.name === current.name
      ? [current]
      : await deps.database.db.update(users).set({ name: input.name }).where(eq(users.id, userId)).returning();
  const pending: PendingChange[] = [];
  for (const [channel, target] of changes) pending.push(await requestChange(deps, user, channel, target, lang, ip));
  return { data: await profileOf(deps, user), pending };
}

/** The code sent to the new address: it replaces the old one, verified. */
export async function confirmChange(
  deps: AppDeps,
  userId: number,
  input: { channel: Channel; target: string; code: string },
) {
  await hitRateLimit(deps, RATE_RULES.codeCheckByTarget, `${input.channel}:${input.target}`);
  const consumed = await consumeCode(deps, {
    purpose: purposeOf(input.channel),
    target: input.target,
    code: input.code,
  });
  // A code for this address sent to another account (its sign-up, say) proves nothing for this one.
  if (consumed.userId !== userId) throw authErrors.codeExpired();
  let user;
  try {
    [user] = await deps.database.db
      .update(users)
      .set(
        input.channel === 'email'
          ? { email: input.target, isEmailVerified: true }
          : { telephone: input.target, isTelephoneVerified: true },
      )
      .where(eq(users.id, userId))
      .returning();
  } catch (error) {
    if (violatedConstraint(error, PG_UNIQUE_VIOLATION) !== undefined) throw conflict(input.channel);
    throw error;
  }
  if (!user) throw authErrors.invalidToken();
  // The first verified address brings the welcome Bobopoints (the job would, a minute later).
  await ensureWelcomePoints(deps.database.db, userId, nowOf(deps));
  return { data: await profileOf(deps, user) };
}
