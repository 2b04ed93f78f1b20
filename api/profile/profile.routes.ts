import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import {
  CompleteRegistrationSchema,
  inputMessages,
  parseTarget,
  UpdateProfileSchema,
} from '../../core/contracts/auth.ts';
import { getUser, profileOf } from './auth.service.ts';
import { authErrors } from '../auth/auth.errors.ts';
import { requireUser } from '../auth/middleware.ts';
import { apiErrorHandler, ApiError, errors, requestLang } from '../http/errors.ts';
import { clientIp, limitBody, validBody } from '../http/input.ts';
import { userIdOf } from '../http/context.ts';
import { MAX_UPLOAD_BYTES } from '../storage/images.ts';
import { NotMultipart, readMultipartFiles } from './multipart.ts';
import { profileErrors } from './profile.errors.ts';
import { confirmChange, updateProfile } from './profile.service.ts';
import { identityFilePath, readIdentityFile, readSignedFile, saveUploads } from './uploads.service.ts';
import type { IdentityKind, UploadKind } from './uploads.service.ts';
import { documented } from '../http/contract.ts';
import { ProfileUpdatedSchema, UserProfileSchema } from '../../core/contracts/responses.ts';

/** The confirmation of a new e-mail or phone: the same fields as completing a sign-up. */
export const ConfirmChangeSchema = CompleteRegistrationSchema;
/** A signed file URL's query (api/profile/uploads.service.ts). */
export const FileQuery = v.object({ id: v.string(), exp: v.string(), sig: v.string() });

/** Room a multipart body takes around its pictures (part headers and boundaries). */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The two upload calls (spec section 7: multipart, field `files`). They are the only API routes whose
 * body may pass the API's general limit (api/app.ts asks isUploadRequest): each reads its own body,
 * counted while it streams and cut off at its limit (hono/body-limit, on the route).
 */
const UPLOADS: Record<string, { kinds: UploadKind[]; identity: boolean; summary: string }> = {
  '/api/clients/v1/my-account/upload-profile-picture': {
    kinds: ['profile_picture'],
    identity: false,
    summary: 'Upload the profile picture (multipart, field files: one JPEG, PNG or WebP of at most 2 MB)',
  },
  '/api/clients/v1/my-account/upload-id-card': {
    kinds: ['id_card', 'selfie'],
    identity: true,
    summary: 'Upload the ID card and a selfie holding it (multipart, field files: two pictures); ID becomes submitted',
  },
};

export function isUploadRequest(c: Context): boolean {
  return (
    c.req.method === 'POST' &&
    Object.hasOwn(UPLOADS, c.req.path) &&
    (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
  );
}

/** Profile edits with verified address changes, the uploads, signed files and account deletion. */
export function profileRoutes(deps: AppDeps) {
  const app = new Hono();
  app.onError(apiErrorHandler);
  const user = requireUser(deps);

  const update = async (c: Context) => {
    const input = await validBody(c, UpdateProfileSchema);
    const out = await updateProfile(deps, userIdOf(c), input, requestLang(c), clientIp(c));
    return c.json(out);
  };
  // The account area's path and the spec's short one: one call.
  for (const path of ['/clients/v1/my-account/update', '/my-account/update'])
    app.post(
      path,
      documented({
        answer: ProfileUpdatedSchema,
        summary: 'Update the name; a new e-mail or phone gets a 4-digit code and waits for it (pending)',
        auth: 'user',
        body: UpdateProfileSchema,
        tag: 'account',
        limited: true,
      }),
      limitBody(),
      user,
      update,
    );

  app.post(
    '/clients/v1/my-account/update/confirm',
    documented({
      response: UserProfileSchema,
      summary: 'The code sent to a new e-mail or phone: it replaces the old one, verified',
      auth: 'user',
      body: ConfirmChangeSchema,
      tag: 'account',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const input = await validBody(c, ConfirmChangeSchema);
      const target = parseTarget(input.channel, input.target);
      if (!target.ok) {
        const m = inputMessages[target.message];
        throw new ApiError(
          422,
          'validation_failed',
          { en: `target: ${m.en}`, id: `target: ${m.id}` },
          { fields: [{ field: 'target', code: target.message }] },
        );
      }
      return c.json(await confirmChange(deps, userIdOf(c), { ...input, target: target.value }));
    },
  );

  for (const [path, rule] of Object.entries(UPLOADS)) {
    const contract = documented({
      response: UserProfileSchema,
      summary: rule.summary,
      auth: 'user',
      upload: rule.kinds.length,
      tag: 'account',
    });
    // Hono's bodyLimit, after the sign-in check: past the limit the rest of the body is not read. Only
    // a multipart body comes here unread; any other was bounded (and read) by the API's edge.
    const limit = bodyLimit({
      maxSize: rule.kinds.length * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
      onError: (c) => {
        // Say so, so the client does not keep sending the rest.
        c.header('Connection', 'close');
        throw profileErrors.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024);
      },
    });
    const bounded: MiddlewareHandler = (c, next) => (isUploadRequest(c) ? limit(c, next) : next());
    app.post(path.replace(/^\/api/, ''), contract, user, bounded, async (c) => {
      let files: File[];
      try {
        files = await readMultipartFiles(c.req.raw, 'files');
      } catch (error) {
        if (error instanceof NotMultipart) throw profileErrors.notMultipart();
        throw error;
      }
      if (files.length !== rule.kinds.length)
        throw profileErrors.fileCount(rule.identity ? 'uploads.idCardFiles' : 'uploads.oneFile');
      const userId = userIdOf(c);
      await saveUploads(
        deps,
        userId,
        rule.kinds.map((kind, i) => ({ kind, file: files[i]! })),
        { submitIdentity: rule.identity },
      );
      const row = await getUser(deps, userId);
      if (!row) throw authErrors.invalidToken();
      return c.json({ data: await profileOf(deps, row) });
    });
  }

  // The identity documents (issue 27, item 1): the owner's access token on the request, nothing in
  // the URL; 404 for anything else (none uploaded, a deactivated account); never stored by a cache.
  for (const kind of ['id_card', 'selfie'] as IdentityKind[])
    app.get(
      identityFilePath(kind).replace(/^\/api/, ''),
      documented({
        summary: `The owner's ${kind === 'id_card' ? 'ID card photo' : 'selfie holding the ID card'} (signed-in owner only, no-store; 404 when there is none)`,
        auth: 'user',
        tag: 'account',
        plain: 'image',
      }),
      user,
      async (c) => {
        const file = await readIdentityFile(deps, userIdOf(c), kind);
        if (!file) throw errors.notFound();
        return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': file.contentType,
          'Content-Length': String(file.bytes.byteLength),
          'Cache-Control': 'no-store',
          'Content-Disposition': 'inline',
          'Cross-Origin-Resource-Policy': 'same-origin',
        });
      },
    );

  // The profile picture's signed URL: no token (an <img> sends none), the signature is the authorisation.
  app.get(
    '/files',
    documented({
      summary: 'A picture behind a signed, short-lived URL handed to its owner (404 for anything else)',
      auth: 'none',
      query: FileQuery,
      tag: 'account',
      plain: 'image',
    }),
    async (c) => {
      const file = await readSignedFile(deps, c.req.query());
      if (!file) throw errors.notFound();
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.byteLength),
        'Cache-Control': `private, max-age=${file.maxAge}`,
        'Content-Disposition': 'inline',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
    },
  );
  return app;
}
