import { useEffect, useState } from 'react';
import { IDENTITY_STATES } from '../../../core/contracts/responses.ts';
import type { UserProfile } from '../../../core/contracts/responses.ts';
import { fill } from '../../../core/i18n/fill.ts';
import { SessionRedirect, userFile } from '../../lib/api-client.ts';
import { PictureTooLarge, uploadPictures } from '../../stores/$profile.ts';
import { failure } from './copy.ts';
import type { ProfileCopy } from './copy.ts';

// ID verification (spec sections 4 and 5): the ID card photo and a selfie holding it, sent together;
// the state is not submitted, submitted (a host reviews it), rejected (send again) or verified. The
// pictures are private (issue 27, item 1): the profile names their paths, which only the owner's
// access token opens; the page fetches them with it and shows the bytes through an object URL, which
// dies with the page (nothing in the browser's cache or history opens them again).

/** One private picture: fetched with the guest's token, shown from memory, forgotten on unmount. */
function PrivatePicture({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    userFile(url).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => undefined, // Not shown (signed out meanwhile, or gone): the state line says what matters.
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? (
    <img
      src={src}
      alt={alt}
      width={120}
      height={80}
      className="h-20 w-30 rounded-lg object-cover"
      data-private-picture
    />
  ) : (
    <span aria-hidden="true" className="block h-20 w-30 rounded-lg bg-slate-100" />
  );
}

export function IdentityVerification({ t, profile }: { t: ProfileCopy; profile: UserProfile }) {
  const state = IDENTITY_STATES[profile.identity.identity_status] ?? 'not_submitted';
  const [card, setCard] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [formKey, setFormKey] = useState(0);

  const submit = async () => {
    setError('');
    setNotice('');
    if (!card || !selfie) return setError(t.chooseBoth);
    setBusy(true);
    try {
      await uploadPictures('upload-id-card', [card, selfie]);
      setNotice(t.identitySent);
      setCard(null);
      setSelfie(null);
      setFormKey((k) => k + 1);
    } catch (e) {
      if (e instanceof SessionRedirect) return;
      setError(e instanceof PictureTooLarge ? t.tooLarge : failure(e, t.genericError));
    } finally {
      setBusy(false);
    }
  };

  const onFile = [
    { key: 'card', url: profile.identity.identity_card_url, alt: t.idCardOnFile },
    { key: 'selfie', url: profile.identity.identity_card_selfie_url, alt: t.selfieOnFile },
  ].filter((p): p is { key: string; url: string; alt: string } => p.url !== null);

  return (
    <section aria-labelledby="identity-title" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="identity-title" className="mb-2 text-lg font-bold">
        {t.identityTitle}
      </h2>
      <p className="mb-3 text-sm text-muted">{t.identityIntro}</p>
      <p className="font-semibold" data-identity-state={state}>
        {fill(t.identityStatus, { status: t.identityStates[state] })}
      </p>
      {state === 'submitted' && <p className="text-sm text-muted">{t.identityWaiting}</p>}
      {onFile.length > 0 && (
        <div className="mt-3 flex gap-3">
          {onFile.map((p) => (
            <PrivatePicture key={p.key} url={p.url} alt={p.alt} />
          ))}
        </div>
      )}
      {state !== 'verified' && (
        <form
          key={formKey}
          noValidate
          className="mt-4 flex flex-col gap-3"
          data-identity-form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="identity-card" className="text-sm font-semibold">
              {t.idCard}
            </label>
            <input
              id="identity-card"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
              onChange={(e) => setCard(e.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="identity-selfie" className="text-sm font-semibold">
              {t.selfie}
            </label>
            <input
              id="identity-selfie"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
              onChange={(e) => setSelfie(e.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <p className="text-xs text-muted">{t.pictureHint}</p>
          <div>
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-600 px-4 py-2.5 font-bold text-white disabled:bg-slate-500"
            >
              {busy ? t.submitting : t.submitIdentity}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800" data-identity-error>
          {error}
        </p>
      )}
      <p role="status" className="mt-3 text-sm font-semibold text-emerald-800" data-identity-notice>
        {notice}
      </p>
    </section>
  );
}
