import { useState } from 'react';
import type { UserProfile } from '../../../core/contracts/responses.ts';
import { SessionRedirect } from '../../lib/api-client.ts';
import { PictureTooLarge, uploadPictures } from '../../stores/$profile.ts';
import { failure } from './copy.ts';
import type { ProfileCopy } from './copy.ts';

// The profile picture (spec section 2: "Edit Profile: picture"): shown through its signed URL, replaced
// by choosing a file. The API decides what a picture is (its bytes) and strips its metadata.

export function ProfilePicture({ t, profile }: { t: ProfileCopy; profile: UserProfile }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const initials = profile.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await uploadPictures('upload-profile-picture', [file]);
      setNotice(t.updated);
    } catch (e) {
      if (e instanceof SessionRedirect) return;
      setError(e instanceof PictureTooLarge ? t.tooLarge : failure(e, t.genericError));
    } finally {
      input.value = '';
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="profile-picture-title" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="profile-picture-title" className="mb-4 text-lg font-bold">
        {t.pictureTitle}
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {profile.profile_picture_url ? (
          <img
            src={profile.profile_picture_url}
            alt={t.pictureAlt}
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
            data-profile-picture
          />
        ) : (
          <div
            className="flex size-24 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700"
            role="img"
            aria-label={t.pictureNone}
            data-profile-picture-none
          >
            {initials}
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="profile-picture-input" className="text-sm font-semibold">
            {t.pictureChoose}
          </label>
          <input
            id="profile-picture-input"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            aria-describedby="profile-picture-hint"
            className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
            onChange={(e) => void choose(e.currentTarget)}
          />
          <p id="profile-picture-hint" className="text-xs text-muted">
            {busy ? t.uploading : t.pictureHint}
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800" data-picture-error>
          {error}
        </p>
      )}
      <p role="status" className="mt-3 text-sm font-semibold text-emerald-800" data-picture-notice>
        {notice}
      </p>
    </section>
  );
}
