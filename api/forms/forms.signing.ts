import { createHmac, randomBytes } from 'node:crypto';
import type { AppDeps } from '../platform/deps.ts';
import { safeEqual } from '../auth/clients.ts';
import type { FormKind } from '../../core/contracts/forms.ts';
import { signedUrl, validSignedUrl } from '../storage/signed-url.ts';
import type { SignedUrlKind } from '../storage/signed-url.ts';
import { FORM_KINDS } from '../../core/contracts/forms.ts';

// What the forms sign (HMAC-SHA256 under a key derived from AUTH_JWT_SECRET, shared by every node):
// - the fill-time token a form page carries: which form, and when the page was rendered;
// - the draft id of a form sent back with its errors (the id itself is random), bound to the browser;
// - the short-lived URL of a proposal's file, handed to operators only (api/storage/signed-url.ts).

const keyOf = (deps: Pick<AppDeps, 'env'>) =>
  createHmac('sha256', deps.env.AUTH_JWT_SECRET).update('bobobox:forms:v1').digest();

function sign(deps: Pick<AppDeps, 'env'>, purpose: string, payload: string): string {
  return createHmac('sha256', keyOf(deps)).update(`${purpose}:${payload}`).digest('base64url').slice(0, 32);
}

export const randomId = () => randomBytes(16).toString('base64url');

/** The token of a form page rendered at `startedAt` (whole seconds). */
export function fillToken(deps: Pick<AppDeps, 'env'>, form: FormKind, startedAt: Date): string {
  const payload = `${form}.${Math.floor(startedAt.getTime() / 1000)}`;
  return `${payload}.${sign(deps, 'fill', payload)}`;
}

/** When the page of a token was rendered, or null for a token that is not ours (or of another form). */
export function readFillToken(deps: Pick<AppDeps, 'env'>, form: FormKind, token: unknown): Date | null {
  if (typeof token !== 'string' || token.length > 120) return null;
  const m = /^([a-z]+)\.(\d{1,12})\.([\w-]{32})$/.exec(token);
  if (!m || m[1] !== form || !(FORM_KINDS as readonly string[]).includes(m[1])) return null;
  if (!safeEqual(m[3]!, sign(deps, 'fill', `${m[1]}.${m[2]}`))) return null;
  return new Date(Number(m[2]) * 1000);
}

/**
 * A draft's reference, bound to the browser it was sent from: signed with the random key of that
 * browser's draft cookie (DRAFT_COOKIE, core/contracts/forms.ts), so a draft URL read from another browser's history, a
 * shared link or a log opens an empty form, never someone's typed values.
 */
export const signedDraftId = (deps: Pick<AppDeps, 'env'>, id: string, browserKey: string) =>
  `${id}.${sign(deps, 'draft', `${id}:${browserKey}`)}`;

/** The id of a signed draft reference sent back by the browser holding `browserKey`, or null. */
export function readDraftId(deps: Pick<AppDeps, 'env'>, ref: unknown, browserKey: string | undefined): string | null {
  if (typeof ref !== 'string' || !browserKey || !/^[\w-]{22}$/.test(browserKey)) return null;
  const m = /^([\w-]{22})\.([\w-]{32})$/.exec(ref);
  return m && safeEqual(m[2]!, sign(deps, 'draft', `${m[1]!}:${browserKey}`)) ? m[1]! : null;
}

/** The proposals' file URLs (api/storage/signed-url.ts), signed as they always were. */
const PROPOSAL_FILES: SignedUrlKind = { path: '/api/forms/files', key: 'bobobox:forms:v1', scope: 'file:', length: 32 };

/** A proposal file's URL, valid `seconds` from now. */
export function signedFormFileUrl(deps: Pick<AppDeps, 'env'>, id: string, now: Date, seconds: number): string {
  return signedUrl(deps, PROPOSAL_FILES, id, now, seconds);
}

export function validFileSignature(
  deps: Pick<AppDeps, 'env'>,
  q: { id?: string; exp?: string; sig?: string },
  now: Date,
): q is { id: string; exp: string; sig: string } {
  return validSignedUrl(deps, PROPOSAL_FILES, q, now);
}
