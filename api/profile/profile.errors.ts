import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import type { ApiMessageKey } from '../../core/i18n/api-en.ts';

// The profile's client errors, each in both languages (core/i18n/account-profile-api-*.ts).
export const profileErrors = {
  notMultipart: () => new ApiError(400, 'bad_request', msg('uploads.notMultipart')),
  fileCount: (key: Extract<ApiMessageKey, 'uploads.oneFile' | 'uploads.idCardFiles'>) =>
    new ApiError(422, 'validation_failed', msg(key), { fields: [{ field: 'files', code: 'required' }] }),
  tooLarge: (mb: number) => new ApiError(413, 'file_too_large', msg('uploads.tooLarge', mb)),
  notImage: () => new ApiError(422, 'unsupported_file_type', msg('uploads.notImage')),
  unreadable: () => new ApiError(422, 'image_unreadable', msg('uploads.unreadable')),
  identityVerified: () => new ApiError(409, 'identity_already_verified', msg('identity.alreadyVerified')),
  deactivated: () => new ApiError(403, 'account_deactivated', msg('account.deactivated')),
};
