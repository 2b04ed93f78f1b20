import { eq } from 'drizzle-orm';
import { PG_UNIQUE_VIOLATION, violatedConstraint } from '../db/pg-errors.ts';
import type { AppDeps } from '../platform/deps.ts';
import { ensureWelcomePoints, pointsBalance } from '../points/points.service.ts';
import type { CodePurpose } from '../../core/contracts/auth.ts';
import { normalisePhone } from '../../core/contracts/auth.ts';
import type { ApiLang } from '../http/errors.ts';
import { addressKey } from '../rate-limit/address-key.ts';
import {
  hitAddressLimit,
  hitRateLimit,
  RATE_RULES,
  reserveRateLimit,
  startCooldown,
} from '../rate-limit/rate-limit.service.ts';
import { authErrors } from '../auth/auth.errors.ts';
import { users } from '../auth/auth.schema.ts';
import {
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_SECONDS,
  consumeCode,
  createResetTicket,
  issueCode,
  spendResetTicket,
} from '../auth/codes.service.ts';
import type { StoredCodePurpose } from '../auth/codes.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { createUserSession, revokeAllUserSessions } from '../auth/tokens.service.ts';
import { inBackground } from '../auth/background.ts';
import { identityStatusCode } from '../../core/contracts/responses.ts';
import { profileErrors } from './profile.errors.ts';
import { uploadUrls } from './uploads.service.ts';
import type { TokenResponse } from '../auth/tokens.service.ts';
import { nowOf } from '../platform/clock.ts';

type UserRow = typeof users.$inferSelect;
type Channel = 'email' | 'phone';

/** The signed URLs of a guest's pictures (api/profile/uploads.service.ts), null where there is none. */
type PictureUrls = { profilePicture: string | null; idCard: string | null; selfie: string | null };
const NO_PICTURES: PictureUrls = { profilePicture: null, idCard: null, selfie: null };

/** The user profile of spec section 3 (snake_case, as the website reads it). */
export function toProfile(user: UserRow, balance: number, pictures: PictureUrls = NO_PICTURES) {
  return {
    id: user.id,
    name: user.name,
    nick_name: user.nickName,
    profile_picture_url: pictures.profilePicture ?? user.profilePictureUrl,
    telephone: user.telephone,
    email: user.email,
    is_email_verified: user.isEmailVerified,
    is_telephone_verified: user.isTelephoneVerified,
    night_count: user.nightCount,
    stay_count: user.stayCount,
    preferred_lang: user.preferredLang,
    // identity_status: the code of the ID verification state (IDENTITY_STATES: 0 not submitted,
    // 1 submitted, 2 rejected, 3 verified); the pictures are paths only their owner's access token opens.
    identity: {
      identity_status: identityStatusCode(user.identityStatus),
      identity_card_selfie_url: pictures.selfie,
      identity_card_url: pictures.idCard,
    },
    total_gift_certificate: balance,
  };
}

/** The one profile presenter, for REST (/auth/me, sign-in, sign-up) and GraphQL (UserProfile) alike. */
export async function profileOf(deps: Pick<AppDeps, 'database' | 'env' | 'now'>, user: UserRow) {
  const [balance, pictures] = await Promise.all([pointsBalance(deps.database.db, user.id), uploadUrls(deps, user.id)]);
  return toProfile(user, balance, pictures);
}
export type UserProfile = ReturnType<typeof toProfile>;

/** Postgres unique violation: the constraint's name. */
const uniqueViolation = (err: unknown) => violatedConstraint(err, PG_UNIQUE_VIOLATION);

function conflictFor(constraint: string) {
  return constraint.includes('telephone') ? authErrors.phoneTaken() : authErrors.emailTaken();
}

async function findByChannel(deps: AppDeps, channel: Channel, target: string): Promise<UserRow | undefined> {
  const column = channel === 'email' ? users.email : users.telephone;
  const [row] = await deps.database.db.select().from(users).where(eq(column, target)).limit(1);
  return row;
}

export async function getUser(deps: AppDeps, userId: number): Promise<UserRow | undefined> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function registerUser(
  deps: AppDeps,
  input: { fullName: string; email: string; password: string; phone: string; verifyBy: Channel },
  lang: ApiLang,
  ip = 'unknown',
) {
  // Every sign-up sends a code: limited per client address and per target, in the same buckets as
  // code requests, so the site cannot be used to mail strangers in bulk.
  const target = input.verifyBy === 'email' ? input.email : input.phone;
  await hitAddressLimit(deps, RATE_RULES.signUpByIp, ip);
  await hitAddressLimit(deps, RATE_RULES.codeRequestByIp, ip);
  await hitRateLimit(deps, RATE_RULES.codeRequestByTarget, `${input.verifyBy}:${target}`);
  const db = deps.database.db;
  const [existingEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existingEmail) throw authErrors.emailTaken();
  const [existingPhone] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telephone, input.phone))
    .limit(1);
  if (existingPhone) throw authErrors.phoneTaken();
  let user: UserRow;
  try {
    [user] = await db
      .insert(users)
      .values({
        name: input.fullName,
        email: input.email,
        telephone: input.phone,
        passwordHash: await hashPassword(input.password),
        preferredLang: lang,
      })
      .returning();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== undefined) throw conflictFor(constraint);
    throw err;
  }
  await startCooldown(deps, cooldownKey('verify', input.verifyBy, target), CODE_RESEND_COOLDOWN_SECONDS);
  const sent = await issueCode(deps, {
    purpose: input.verifyBy === 'email' ? 'verify_email' : 'verify_phone',
    channel: input.verifyBy,
    target,
    userId: user.id,
    name: user.name,
    lang,
  });
  return { user: await profileOf(deps, user), verification: { channel: input.verifyBy, target, ...sent } };
}

const storedPurpose = (purpose: CodePurpose, channel: Channel): StoredCodePurpose =>
  purpose === 'reset_password' ? 'reset_password' : channel === 'email' ? 'verify_email' : 'verify_phone';

/**
 * Send (or resend, after the cool-down) a code. Strangers learn nothing about which e-mails and
 * numbers have accounts: known and unknown targets get the same answers (the same 202, the same
 * cool-down 429 with the same wait, the same per-target limit), in the same time, because the code
 * e-mail is prepared after the answer (api/auth/background.ts). An unknown target, or a verify
 * request for an address already verified, simply gets no message.
 */
export async function requestCode(
  deps: AppDeps,
  input: { purpose: CodePurpose; channel: Channel; target: string },
  lang: ApiLang,
  ip: string,
) {
  await hitAddressLimit(deps, RATE_RULES.codeRequestByIp, ip);
  await hitRateLimit(deps, RATE_RULES.codeRequestByTarget, `${input.channel}:${input.target}`);
  const wait = await startCooldown(
    deps,
    cooldownKey(input.purpose, input.channel, input.target),
    CODE_RESEND_COOLDOWN_SECONDS,
  );
  if (wait > 0) throw authErrors.codeCooldown(wait);
  inBackground('code request', async () => {
    const user = await findByChannel(deps, input.channel, input.target);
    if (!user) return;
    if (input.purpose === 'verify' && (input.channel === 'email' ? user.isEmailVerified : user.isTelephoneVerified))
      return;
    await issueCode(deps, {
      purpose: storedPurpose(input.purpose, input.channel),
      channel: input.channel,
      target: input.target,
      userId: user.id,
      name: user.name,
      // Mail goes out in the language the guest chose for their account.
      lang: user.preferredLang === 'en' || user.preferredLang === 'id' ? user.preferredLang : lang,
    });
  });
  return {
    channel: input.channel,
    target: input.target,
    expiresInSeconds: CODE_TTL_SECONDS,
    resendAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS,
  };
}

/** One cool-down per purpose and address, whoever asks and whether or not it has an account. */
const cooldownKey = (purpose: CodePurpose, channel: Channel, target: string) => `code:${purpose}:${channel}:${target}`;

/** Check a code. Verification codes mark the channel verified; reset codes yield a reset ticket. */
export async function validateCode(
  deps: AppDeps,
  input: { purpose: CodePurpose; channel: Channel; target: string; code: string },
) {
  await hitRateLimit(deps, RATE_RULES.codeCheckByTarget, `${input.channel}:${input.target}`);
  const consumed = await consumeCode(deps, {
    purpose: storedPurpose(input.purpose, input.channel),
    target: input.target,
    code: input.code,
  });
  if (input.purpose === 'reset_password') {
    return { purpose: input.purpose, userId: consumed.userId, ...(await createResetTicket(deps, consumed.id)) };
  }
  const user = await getUser(deps, consumed.userId);
  // The account may have changed its address since the code was sent: verify only a current match.
  if (user && (input.channel === 'email' ? user.email : user.telephone) === input.target) {
    await deps.database.db
      .update(users)
      .set(input.channel === 'email' ? { isEmailVerified: true } : { isTelephoneVerified: true })
      .where(eq(users.id, user.id));
    // The welcome Bobopoints come with the first verified address, not with the sign-up.
    await ensureWelcomePoints(deps.database.db, user.id, nowOf(deps));
  }
  return { purpose: input.purpose, userId: consumed.userId, verified: true as const, channel: input.channel };
}

/** The last step of sign-up: the verification code proves the address, and the guest is signed in. */
export async function completeRegistration(
  deps: AppDeps,
  input: { channel: Channel; target: string; code: string },
  clientId: string,
  device: string | null = null,
): Promise<{ token: TokenResponse; user: UserProfile }> {
  const result = await validateCode(deps, { purpose: 'verify', ...input });
  const user = await getUser(deps, result.userId);
  if (!user) throw authErrors.codeExpired();
  // A code signs in like a password does: never into a deleted account.
  if (user.deactivatedAt) throw profileErrors.deactivated();
  const token = await createUserSession(deps, result.userId, clientId, device);
  return { token, user: await profileOf(deps, user) };
}

export async function resetPassword(deps: AppDeps, input: { resetToken: string; password: string }) {
  const userId = await spendResetTicket(deps, input.resetToken);
  await deps.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, userId));
  // A new password signs every device out.
  await revokeAllUserSessions(deps, userId, 'password_reset');
  return { reset: true as const };
}

/** Password sign-in (the OAuth2 password grant and POST /api/auth/login). */
export async function signIn(
  deps: AppDeps,
  input: { username: string; password: string },
  clientId: string,
  ip: string,
  device: string | null = null,
) {
  const isEmail = input.username.includes('@');
  const username = isEmail ? input.username.toLowerCase() : normalisePhone(input.username);
  const user = await findByChannel(deps, isEmail ? 'email' : 'phone', username);
  // Failures are counted per client address, and per account and address: the e-mail and phone
  // forms of one account share a bucket, and the owner signing in from elsewhere is never locked out.
  // An IPv6 client counts by its network (RATE_LIMIT_IPV6_PREFIX), as every per-address limit does.
  const from = ip === 'unknown' ? ip : addressKey(ip, deps.env.RATE_LIMIT_IPV6_PREFIX);
  const account = `${user ? `user:${user.id}` : `name:${username}`}@${from}`;
  // Each attempt is taken from both limits before the password is checked, in the statement that
  // counts it, so concurrent guesses cannot all pass one check; a right password gives them back.
  const taken: { giveBack: () => Promise<void> }[] = [];
  try {
    if (from !== 'unknown') taken.push(await reserveRateLimit(deps, RATE_RULES.signInFailuresByIp, from));
    taken.push(await reserveRateLimit(deps, RATE_RULES.signInFailuresByAccountAndIp, account));
  } catch (err) {
    await Promise.all(taken.map((t) => t.giveBack()));
    throw err;
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw authErrors.invalidCredentials();
  await Promise.all(taken.map((t) => t.giveBack()));
  // A deleted account signs in no more (only the right password learns that it was deleted).
  if (user.deactivatedAt) throw profileErrors.deactivated();
  return { token: await createUserSession(deps, user.id, clientId, device), user: await profileOf(deps, user) };
}
