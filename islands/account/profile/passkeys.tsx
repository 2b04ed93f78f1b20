import { useEffect, useId, useState } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyView } from '../../../core/contracts/auth.ts';
import { fill } from '../../../core/i18n/fill.ts';
import { LOCALES, type Lang } from '../../../core/locales.ts';
import { SessionRedirect, userCall } from '../../lib/api-client.ts';
import { failure } from './copy.ts';
import type { ProfileCopy } from './copy.ts';

// The guest's passkeys (issue 29, item 4; api/profile/passkeys.service.ts): added with the browser's
// passkey prompt (the WebAuthn library loads only then), named, renamed and removed. The password
// and the code stay the way in whatever happens here.

type Listed = { status: 'loading' } | { status: 'ready'; keys: PasskeyView[] } | { status: 'error' };

const list = () => userCall<{ data: PasskeyView[] }>({ path: 'clients/v1/my-account/passkeys' });

export function Passkeys({ lang, t }: { lang: Lang; t: ProfileCopy }) {
  const [listed, setListed] = useState<Listed>({ status: 'loading' });
  const [name, setName] = useState(t.passkeyDefaultName);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const base = useId();
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

  const refresh = () =>
    list()
      .then((body) => setListed({ status: 'ready', keys: body.data }))
      .catch((e: unknown) => {
        if (!(e instanceof SessionRedirect)) setListed({ status: 'error' });
      });
  useEffect(() => {
    void refresh();
  }, []);

  const day = (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[lang].bcp47, { dateStyle: 'medium', timeZone: 'Asia/Jakarta' }).format(
      new Date(iso),
    );

  const run = async (work: () => Promise<unknown>, done: string, fallback: string) => {
    setBusy(true);
    setMessage('');
    try {
      await work();
      setMessage(done);
      setRenaming(null);
      await refresh();
    } catch (e) {
      if (e instanceof SessionRedirect) return;
      setMessage(failure(e, fallback));
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    run(
      async () => {
        const { startRegistration } = await import('@simplewebauthn/browser');
        const start = await userCall<{
          data: { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON };
        }>({ method: 'post', path: 'clients/v1/my-account/passkeys/options', json: {} });
        const response = await startRegistration({ optionsJSON: start.data.options });
        await userCall({
          method: 'post',
          path: 'clients/v1/my-account/passkeys',
          json: { challengeId: start.data.challengeId, name: name.trim() || t.passkeyDefaultName, response },
        });
      },
      t.passkeyAdded,
      t.passkeyAddFailed,
    );

  return (
    <section aria-labelledby="passkeys-title" className="rounded-2xl border border-slate-200 p-6" data-passkeys>
      <h2 id="passkeys-title" className="mb-2 text-lg font-bold">
        {t.passkeysTitle}
      </h2>
      <p className="mb-4 text-sm text-muted">{t.passkeysIntro}</p>
      {listed.status === 'error' && <p className="text-sm text-red-800">{t.devicesLoadFailed}</p>}
      {listed.status === 'ready' && listed.keys.length === 0 && <p className="text-sm text-muted">{t.passkeysNone}</p>}
      {listed.status === 'ready' && listed.keys.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-200" data-passkey-list>
          {listed.keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-3 py-3" data-passkey={k.name}>
              {renaming?.id === k.id ? (
                <form
                  className="flex flex-1 flex-wrap items-end gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(
                      () =>
                        userCall({
                          method: 'post',
                          path: 'clients/v1/my-account/passkeys/rename',
                          json: { id: k.id, name: renaming.name },
                        }),
                      '',
                      t.genericError,
                    );
                  }}
                >
                  <label className="flex flex-col gap-1 text-sm font-semibold">
                    {fill(t.passkeyNewName, { name: k.name })}
                    <input
                      value={renaming.name}
                      maxLength={40}
                      required
                      className="rounded-lg border border-slate-400 px-3 py-1.5 font-normal"
                      onChange={(e) => setRenaming({ id: k.id, name: e.currentTarget.value })}
                    />
                  </label>
                  <button
                    type="submit"
                    disabled={busy}
                    className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white"
                  >
                    {t.passkeySave}
                  </button>
                </form>
              ) : (
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{k.name}</p>
                  <p className="text-sm text-muted">
                    {fill(t.passkeyMeta, {
                      added: day(k.createdAt),
                      used: k.lastUsedAt ? day(k.lastUsedAt) : t.passkeyNeverUsed,
                    })}
                  </p>
                </div>
              )}
              {renaming?.id !== k.id && (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={fill(t.passkeyRenameLabel, { name: k.name })}
                  className="rounded-lg border border-slate-400 px-3 py-1.5 text-sm font-semibold"
                  onClick={() => setRenaming({ id: k.id, name: k.name })}
                >
                  {t.passkeyRename}
                </button>
              )}
              <button
                type="button"
                disabled={busy}
                aria-label={fill(t.passkeyRemoveLabel, { name: k.name })}
                className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800"
                onClick={() =>
                  void run(
                    () =>
                      userCall({ method: 'post', path: 'clients/v1/my-account/passkeys/remove', json: { id: k.id } }),
                    t.passkeyRemoved,
                    t.genericError,
                  )
                }
              >
                {t.passkeyRemove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <label htmlFor={`${base}-name`} className="flex flex-col gap-1 text-sm font-semibold">
            {t.passkeyName}
            <input
              id={`${base}-name`}
              value={name}
              maxLength={40}
              className="rounded-lg border border-slate-400 px-3 py-2 font-normal"
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </label>
          <button
            type="button"
            disabled={busy}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
            onClick={() => void add()}
          >
            {t.passkeyAdd}
          </button>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">{t.passkeysUnsupported}</p>
      )}
      <p role="status" className="mt-3 text-sm" data-passkeys-message>
        {message}
      </p>
    </section>
  );
}
