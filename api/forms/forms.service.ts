import { and, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { ApiError } from '../http/errors.ts';
import { enqueueMessage, kickOutbox } from '../outbox/outbox.service.ts';
import { cleanImage, UnreadableImage } from '../storage/images.ts';
import type { ImageType } from '../storage/images.ts';
import { hitAddressLimit, hitRateLimit } from '../rate-limit/rate-limit.service.ts';
import type { RateRule } from '../rate-limit/rate-limit.service.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import {
  checkFiles,
  checkForm,
  FILE_FIELDS,
  FORM_FIELDS,
  HONEYPOT_FIELD,
  MAX_FILL_HOURS,
  MIN_FILL_SECONDS,
  SNIFF_BYTES,
  sniffUploadType,
} from '../../core/contracts/forms.ts';
import type { FieldErrors, FileField, FormKind } from '../../core/contracts/forms.ts';
import { isLang, localizedPath } from '../../core/locales.ts';
import type { Lang } from '../../core/locales.ts';
import type { FormBody } from './form-body.ts';
import { formDrafts, formSubmissionFiles, formSubmissions } from './forms.schema.ts';
import { fillToken, randomId, readDraftId, readFillToken, signedDraftId } from './forms.signing.ts';
import { acknowledgement, notification } from './forms.mail.ts';
import { nowOf } from '../platform/clock.ts';

// The contact form and the partnership proposal (issue 15). A submission goes through, in order:
// the honeypot (a filled one gets the same answer as a real submission, and nothing is kept), the
// per-address limit, the signed fill-time token (none of ours, or a day old: sent again), the shared
// rules of core/contracts/forms.ts (text and files), the minimum fill time (sent faster than a person
// types: sent again), the per-sender limit, then every file is checked and cleaned before anything is
// stored; the files, then the rows and the two e-mails in one transaction (the outbox sends them after
// the commit and retries while the relay is down). Only the honeypot answers a success for a message
// it drops: a person never sees that field, while a quick person can beat the fill time (until
// 2026-12-07 an empty form sent at once was answered "sent").
//
// Past a limit nothing is dropped silently (issue 27): the sender is told, in their language, when
// they may send again, and their message comes back as a draft. The limits (PostgreSQL, every node):
// per address generous, since many Indonesian mobile guests share one carrier-grade NAT address; per
// sender e-mail strict, since each message sends that address an acknowledgement (nobody can be
// mail-bombed through the form). The honeypot and the fill time do the bot work.

/** Per client address, every POST of either form: one shared mobile gateway's guests in an hour. */
export const FORM_POSTS_BY_IP: RateRule = { name: 'form-post-ip', limit: 60, windowSeconds: 60 * 60 };
/** Per sender e-mail, every message that would be sent (and acknowledged to that address). */
export const FORM_POSTS_BY_EMAIL: RateRule = { name: 'form-post-email', limit: 5, windowSeconds: 60 * 60 };
/** How long a draft (a form sent back with its errors) is kept. */
export const DRAFT_SECONDS = 60 * 60;

const db = (deps: Pick<AppDeps, 'database'>) => deps.database.db;

export const formPath = (form: FormKind, lang: Lang) => localizedPath(lang, `/${form}/`);
export const successPath = (form: FormKind, lang: Lang) => localizedPath(lang, `/${form}/success/`);

export type FormOutcome =
  | { kind: 'sent'; id: number }
  /** The honeypot was filled (a robot): answered like a success, nothing kept. */
  | { kind: 'quiet' }
  | {
      kind: 'invalid';
      errors: FieldErrors;
      values: Record<string, string>;
      filesDropped: boolean;
      startedAt: Date;
      /** Refused at a sending limit (`_form: rate_limited`): when it may be sent again. */
      retryAt?: Date;
    };

/** What a form page needs when it is rendered: a fresh fill-time token, and the draft it comes back with. */
export async function startForm(
  deps: AppDeps,
  form: FormKind,
  draftRef: string | undefined,
  browserKey: string | undefined,
) {
  const now = nowOf(deps);
  const id = readDraftId(deps, draftRef, browserKey);
  const [draft] = id
    ? await db(deps)
        .select()
        .from(formDrafts)
        .where(and(eq(formDrafts.id, id), eq(formDrafts.form, form), gt(formDrafts.expiresAt, now)))
        .limit(1)
    : [];
  return {
    token: fillToken(deps, form, draft?.startedAt ?? now),
    draft: draft
      ? {
          values: draft.values,
          errors: draft.errors,
          filesDropped: draft.filesDropped,
          ...(draft.retryAt ? { retryAt: draft.retryAt.toISOString() } : {}),
        }
      : null,
  };
}

/** Keep the values and errors of a form sent without JavaScript; the signed reference for the redirect. */
export async function saveDraft(
  deps: AppDeps,
  form: FormKind,
  outcome: Extract<FormOutcome, { kind: 'invalid' }>,
  browserKey: string,
): Promise<string> {
  const now = nowOf(deps);
  const id = randomId();
  await db(deps).delete(formDrafts).where(lt(formDrafts.expiresAt, now));
  await db(deps)
    .insert(formDrafts)
    .values({
      id,
      form,
      values: outcome.values,
      errors: outcome.errors as Record<string, string>,
      filesDropped: outcome.filesDropped,
      startedAt: outcome.startedAt,
      expiresAt: new Date(now.getTime() + DRAFT_SECONDS * 1000),
      retryAt: outcome.retryAt ?? null,
    });
  return signedDraftId(deps, id, browserKey);
}

/** Count a post against a limit: null while within it, else when the sender may send again. */
async function pastLimit(deps: AppDeps, count: () => Promise<void>): Promise<Date | null> {
  try {
    await count();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error;
    const seconds = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 3600;
    return new Date(nowOf(deps).getTime() + seconds * 1000);
  }
}

export const bodyLang = (fields: Record<string, string>): Lang => (isLang(fields.lang) ? fields.lang : 'en');

type CheckedFile = { field: FileField; id: string; bytes: Uint8Array; type: string; fileName: string };
type FileFacts = Record<FileField, { size: number; type: string | null }[]>;

/** Each file's size and the type its first bytes show (nothing else of it is read yet). */
async function factsOf(files: FormBody['files']): Promise<FileFacts> {
  const facts: FileFacts = { photos: [], video: [], document: [] };
  for (const field of FILE_FIELDS)
    for (const file of files[field]) {
      const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
      facts[field].push({ size: file.size, type: sniffUploadType(head) });
    }
  return facts;
}

/** Files that passed the rules, read and (pictures) cleaned; or the error of a picture that does not decode. */
async function cleanFiles(files: FormBody['files'], facts: FileFacts): Promise<CheckedFile[] | FieldErrors> {
  const out: CheckedFile[] = [];
  for (const field of FILE_FIELDS)
    for (const [i, file] of files[field].entries()) {
      const type = facts[field][i]!.type!;
      let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer());
      if (field === 'photos') {
        // Pixels only: the picture is decoded and encoded again (no EXIF, no GPS, nothing appended).
        try {
          bytes = (await cleanImage(bytes, type as ImageType)).bytes;
        } catch (error) {
          if (error instanceof UnreadableImage) return { photos: 'photo_type' };
          throw error;
        }
      }
      const fileName = (file.name || field).replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 120);
      out.push({ field, id: randomId(), bytes, type, fileName });
    }
  return out;
}

/** One submission, read from its body, from the client address `ip`. */
export async function submitForm(
  deps: AppDeps,
  form: FormKind,
  body: FormBody,
  lang: Lang,
  ip: string,
): Promise<FormOutcome> {
  const now = nowOf(deps);
  const { fields } = body;
  // The honeypot, a field no person sees: answered like a success, nothing kept.
  if ((fields[HONEYPOT_FIELD] ?? '') !== '') return { kind: 'quiet' };
  const startedAt = readFillToken(deps, form, fields.token);

  const values = Object.fromEntries(
    FORM_FIELDS[form].map((name) => [name, String(fields[name] ?? '').slice(0, 5000)]),
  ) as Record<string, string>;
  const sentFiles = FILE_FIELDS.some((f) => body.files[f].length > 0) || (body.truncated && form === 'partnership');
  const invalid = (errors: FieldErrors, restart = startedAt ?? now, retryAt?: Date): FormOutcome => ({
    kind: 'invalid',
    errors,
    values,
    filesDropped: sentFiles,
    startedAt: restart,
    ...(retryAt ? { retryAt } : {}),
  });
  const limited = (retryAt: Date) => invalid({ _form: 'rate_limited' }, startedAt ?? now, retryAt);
  // Every post counts against its address, a robot's too.
  const byAddress = await pastLimit(deps, () => hitAddressLimit(deps, FORM_POSTS_BY_IP, ip));
  if (byAddress) return limited(byAddress);
  // A page left open for a day, or no fill-time token of ours (a page signed before the key changed,
  // or a post from no page at all): the sender checks the form and sends again (the fill time starts
  // anew). Never a success for a message that was not kept.
  if (!startedAt || now.getTime() - startedAt.getTime() > MAX_FILL_HOURS * 3600_000)
    return invalid({ _form: 'form_expired' }, now);

  const checked = checkForm(form, values);
  let errors: FieldErrors = checked.ok ? {} : checked.errors;
  let facts: FileFacts | null = null;
  // A contact message has no files: a body past its limit is a message far too long.
  if (body.truncated && form === 'contact') errors = { ...errors, message: 'too_long' };
  if (form === 'partnership') {
    facts = await factsOf(body.files);
    const fileErrors = body.truncated ? { files: 'files_too_large' as const } : checkFiles(facts);
    if (fileErrors) errors = { ...errors, ...fileErrors };
  }
  if (!checked.ok || Object.keys(errors).length > 0) return invalid(errors);
  // Sent faster than a person fills it in: a robot, or a quick person (an empty form sent at once is
  // told what is missing above). Nothing is kept and the form comes back with its values, to be sent
  // again as it is: once the fill time has passed it goes through.
  if (now.getTime() - startedAt.getTime() < MIN_FILL_SECONDS * 1000) return invalid({ _form: 'sent_too_fast' });
  let files: CheckedFile[] = [];
  if (facts) {
    const cleaned = await cleanFiles(body.files, facts);
    if (!Array.isArray(cleaned)) return invalid(cleaned);
    files = cleaned;
  }

  const value = checked.value as Record<string, string | number>;
  const name = String(value.name ?? value.fullName);
  const { email, phone } = value as { email: string; phone: string };
  const bySender = await pastLimit(deps, () => hitRateLimit(deps, FORM_POSTS_BY_EMAIL, email.trim().toLowerCase()));
  if (bySender) return limited(bySender);
  const rest = Object.fromEntries(
    Object.entries(value).filter(([k]) => !['name', 'fullName', 'email', 'phone'].includes(k)),
  );

  // The files first, then the rows that point at them, in one transaction; a failure keeps nothing.
  const store = blobStoreOf(deps);
  const stored: string[] = [];
  let id: number;
  try {
    for (const f of files) {
      await store.put(f.id, f.bytes, f.type);
      stored.push(f.id);
    }
    // The submission, its files and its two e-mails are one transaction (a transactional outbox):
    // either all are kept or none, so no submission is ever left without its e-mails. The outbox
    // sends them only after the commit, and retries while the relay is down.
    id = await db(deps).transaction(async (tx) => {
      const [row] = await tx
        .insert(formSubmissions)
        .values({ form, lang, name, email, phone, fields: rest, createdAt: now, mailsQueuedAt: now })
        .returning({ id: formSubmissions.id });
      const fileRows = files.map((f) => ({
        id: f.id,
        submissionId: row!.id,
        field: f.field,
        contentType: f.type,
        size: f.bytes.byteLength,
        fileName: f.fileName,
        createdAt: now,
      }));
      if (fileRows.length) await tx.insert(formSubmissionFiles).values(fileRows);
      const saved = { id: row!.id, form, lang, name, email, phone, fields: rest, createdAt: now };
      await enqueueMessage(deps, { channel: 'email', to: email, ...acknowledgement(saved), lang }, tx);
      const note = notification(deps, saved, fileRows, now);
      await enqueueMessage(deps, { channel: 'email', to: deps.env.FORMS_NOTIFY_EMAIL, ...note, lang: 'en' }, tx);
      return row!.id;
    });
  } catch (error) {
    for (const key of stored) await store.delete(key).catch(() => undefined);
    throw error;
  }
  kickOutbox(deps);
  return { kind: 'sent', id };
}

export type SubmissionFile = typeof formSubmissionFiles.$inferSelect;

/** The files of some submissions. */
export async function filesOf(deps: Pick<AppDeps, 'database'>, ids: number[]): Promise<SubmissionFile[]> {
  if (ids.length === 0) return [];
  return db(deps)
    .select()
    .from(formSubmissionFiles)
    .where(inArray(formSubmissionFiles.submissionId, ids))
    .orderBy(formSubmissionFiles.submissionId, formSubmissionFiles.createdAt, formSubmissionFiles.id);
}

/** Submissions since an instant (all when null), oldest first, with their files. */
export async function listSubmissions(deps: Pick<AppDeps, 'database'>, since: Date | null) {
  const found = await db(deps)
    .select()
    .from(formSubmissions)
    .where(since ? gte(formSubmissions.createdAt, since) : undefined)
    .orderBy(formSubmissions.createdAt, formSubmissions.id);
  const files = await filesOf(
    deps,
    found.map((s) => s.id),
  );
  return found.map((s) => ({ ...s, files: files.filter((f) => f.submissionId === s.id) }));
}
