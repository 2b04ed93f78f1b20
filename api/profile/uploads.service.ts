import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { users } from '../auth/auth.schema.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import { signedUrl, validSignedUrl } from '../storage/signed-url.ts';
import type { SignedUrlKind } from '../storage/signed-url.ts';
import { cleanImage, MAX_UPLOAD_BYTES, sniffImageType, UnreadableImage } from '../storage/images.ts';
import { profileErrors } from './profile.errors.ts';
import { userUploads } from './uploads.schema.ts';
import { nowOf } from '../platform/clock.ts';

// A guest's pictures: stored encrypted through the blob store (api/storage/), named by a random id.
// - The profile picture is served through a signed URL the API hands to its owner (an <img> sends no
//   token): GET /api/files?id=&exp=&sig= (api/storage/signed-url.ts: an HMAC over the id and the
//   expiry); a missing, wrong or expired signature, a replaced file and an erased account all answer
//   the same 404.
// - The ID card and the selfie (issue 27, item 1) have no URL that works on its own: only their
//   owner's signed-in request reads them (GET /api/clients/v1/my-account/identity-files/{kind} with the
//   access token; the profile page fetches them and shows the bytes), never after the account is
//   deactivated, never cached (no-store); operators read them through `npm run ops -- identity <user>
//   show --reason ...`, which records who, when and why (operator_audit).
// No file is ever under a public or guessable path.

export type UploadKind = 'profile_picture' | 'id_card' | 'selfie';
export type IdentityKind = 'id_card' | 'selfie';

/** The owner-only route of an identity document (the profile names it; it works only with the owner's token). */
export const identityFilePath = (kind: IdentityKind) =>
  `/api/clients/v1/my-account/identity-files/${kind === 'id_card' ? 'id-card' : 'selfie'}`;

/** How long a handed-out URL works: the profile is read again on every page that shows it. */
export const FILE_URL_SECONDS = 15 * 60;
/** URLs are rounded up to this step, so reads within it give the same URL (the browser caches it). */
const FILE_URL_STEP_SECONDS = 5 * 60;

/** The pictures' URLs (api/storage/signed-url.ts). */
const PICTURES: SignedUrlKind = { path: '/api/files', key: 'bobobox:file-urls:v1', step: FILE_URL_STEP_SECONDS };

/** A signed URL for one upload, valid at least `seconds` from now. */
export function signedFileUrl(
  deps: Pick<AppDeps, 'env'>,
  id: string,
  now: Date,
  seconds: number = FILE_URL_SECONDS,
): string {
  return signedUrl(deps, PICTURES, id, now, seconds);
}

const db = (deps: Pick<AppDeps, 'database'>) => deps.database.db;

/** The current upload of each kind of a guest. */
export async function currentUploads(deps: Pick<AppDeps, 'database'>, userId: number) {
  const found = await db(deps)
    .select()
    .from(userUploads)
    .where(and(eq(userUploads.userId, userId), isNull(userUploads.removedAt)));
  return new Map(found.map((u) => [u.kind as UploadKind, u]));
}

/** The profile's picture URLs (signed), null where nothing was uploaded. */
export async function uploadUrls(deps: Pick<AppDeps, 'database' | 'env' | 'now'>, userId: number) {
  const current = await currentUploads(deps, userId);
  const now = nowOf(deps as AppDeps);
  const picture = current.get('profile_picture');
  // The identity documents' paths carry the upload's id only to tell a new upload from the old one
  // (the page fetches again); without the owner's token they are refused all the same.
  const identity = (kind: IdentityKind) => {
    const u = current.get(kind);
    return u ? `${identityFilePath(kind)}?v=${u.id.slice(0, 8)}` : null;
  };
  return {
    profilePicture: picture ? signedFileUrl(deps, picture.id, now) : null,
    idCard: identity('id_card'),
    selfie: identity('selfie'),
  };
}

/** Check, clean and keep the pictures of one request, replacing the guest's current ones of those kinds. */
export async function saveUploads(
  deps: AppDeps,
  userId: number,
  files: { kind: UploadKind; file: File }[],
  opts: { submitIdentity?: boolean } = {},
): Promise<void> {
  // Every file is checked before anything is stored: one bad file keeps nothing of the request.
  const cleaned: { kind: UploadKind; id: string; bytes: Buffer; type: string; width: number; height: number }[] = [];
  for (const { kind, file } of files) {
    if (file.size > MAX_UPLOAD_BYTES) throw profileErrors.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024);
    const raw = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(raw);
    if (!type) throw profileErrors.notImage();
    let image: Awaited<ReturnType<typeof cleanImage>>;
    try {
      image = await cleanImage(raw, type);
    } catch (error) {
      if (error instanceof UnreadableImage) throw profileErrors.unreadable();
      throw error;
    }
    cleaned.push({ kind, id: randomBytes(16).toString('base64url'), type, ...image });
  }
  const store = blobStoreOf(deps);
  // The files first, then the rows that point at them (a reader never meets a row without its file).
  for (const c of cleaned) await store.put(c.id, c.bytes, c.type);
  const now = nowOf(deps);
  try {
    await db(deps).transaction(async (tx) => {
      // One upload at a time per guest, on every node: the previous picture of a kind is retired and
      // the new one becomes current in the same transaction.
      await tx.execute(sql`select pg_advisory_xact_lock(7401, ${userId})`);
      if (opts.submitIdentity) {
        const [owner] = await tx
          .select({ status: users.identityStatus })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (owner?.status === 'verified') throw profileErrors.identityVerified();
      }
      for (const c of cleaned) {
        await tx
          .update(userUploads)
          .set({ removedAt: now })
          .where(and(eq(userUploads.userId, userId), eq(userUploads.kind, c.kind), isNull(userUploads.removedAt)));
        await tx.insert(userUploads).values({
          id: c.id,
          userId,
          kind: c.kind,
          contentType: c.type,
          size: c.bytes.byteLength,
          width: c.width,
          height: c.height,
          createdAt: now,
        });
      }
      // A new ID card and selfie (first time, or after a rejection) wait for an operator's review.
      if (opts.submitIdentity) await tx.update(users).set({ identityStatus: 'submitted' }).where(eq(users.id, userId));
    });
  } catch (error) {
    for (const c of cleaned) await store.delete(c.id).catch(() => undefined);
    throw error;
  }
  // The replaced files go now; the sweep job catches any this process could not delete.
  await sweepRemovedUploads(deps, userId).catch(() => undefined);
}

/** The bytes behind a signed URL, or null (the route answers 404 whatever the reason). */
export async function readSignedFile(
  deps: AppDeps,
  q: { id?: string; exp?: string; sig?: string },
): Promise<{ bytes: Uint8Array; contentType: string; maxAge: number } | null> {
  const now = nowOf(deps);
  if (!validSignedUrl(deps, PICTURES, q, now)) return null;
  const [row] = await db(deps)
    .select({ contentType: userUploads.contentType })
    .from(userUploads)
    .innerJoin(users, eq(users.id, userUploads.userId))
    .where(
      and(
        eq(userUploads.id, q.id),
        // Only the profile picture has a URL of its own; identity documents go to their owner's request.
        eq(userUploads.kind, 'profile_picture'),
        isNull(userUploads.removedAt),
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const blob = await blobStoreOf(deps).get(q.id);
  if (!blob) return null;
  return {
    bytes: blob.bytes,
    contentType: row.contentType,
    maxAge: Math.max(0, Math.floor(Number(q.exp) - now.getTime() / 1000)),
  };
}

/**
 * The owner's current identity document of a kind, or null (none, or the account is deactivated or
 * erased): the route answers 404 for all of those.
 */
export async function readIdentityFile(
  deps: AppDeps,
  userId: number,
  kind: IdentityKind,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const [row] = await db(deps)
    .select({ id: userUploads.id, contentType: userUploads.contentType })
    .from(userUploads)
    .innerJoin(users, eq(users.id, userUploads.userId))
    .where(
      and(
        eq(userUploads.userId, userId),
        eq(userUploads.kind, kind),
        isNull(userUploads.removedAt),
        isNull(users.deactivatedAt),
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const blob = await blobStoreOf(deps).get(row.id);
  return blob && { bytes: blob.bytes, contentType: row.contentType };
}

/**
 * Retired uploads (replaced, or erased with their account): delete the stored file, then the row.
 * Idempotent: a file already gone is fine, and a row goes only after its file. Run after each upload
 * for that guest and by the `uploads.sweep` job for everyone.
 */
export async function sweepRemovedUploads(deps: Pick<AppDeps, 'database' | 'env'>, userId?: number): Promise<number> {
  const removed = await db(deps)
    .select({ id: userUploads.id })
    .from(userUploads)
    .where(and(isNotNull(userUploads.removedAt), userId === undefined ? undefined : eq(userUploads.userId, userId)))
    .limit(500);
  const store = blobStoreOf(deps);
  for (const { id } of removed) {
    await store.delete(id);
    await db(deps)
      .delete(userUploads)
      .where(and(eq(userUploads.id, id), isNotNull(userUploads.removedAt)));
  }
  return removed.length;
}
