import { useEffect, useState } from 'react';
import type { SignedInDeviceView } from '../../../core/contracts/auth.ts';
import { fill } from '../../../core/i18n/fill.ts';
import { LOCALES, type Lang } from '../../../core/locales.ts';
import { SessionRedirect, userCall } from '../../lib/api-client.ts';
import { failure } from './copy.ts';
import type { ProfileCopy } from './copy.ts';

// The devices the guest is signed in on (issue 29, item 5; api/profile/sessions.service.ts): this one
// first, each with its browser and system and when it was last used; any other one can be signed
// out, or all of them at once. A device signed out loses its refresh and access tokens at once.

type Listed = { status: 'loading' } | { status: 'ready'; devices: SignedInDeviceView[] } | { status: 'error' };

const load = () => userCall<{ data: SignedInDeviceView[] }>({ path: 'clients/v1/my-account/devices' });

export function SignedInDevices({ lang, t }: { lang: Lang; t: ProfileCopy }) {
  const [listed, setListed] = useState<Listed>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const refresh = () =>
    load()
      .then((body) => setListed({ status: 'ready', devices: body.data }))
      .catch((e: unknown) => {
        if (!(e instanceof SessionRedirect)) setListed({ status: 'error' });
      });
  useEffect(() => {
    void refresh();
  }, []);

  const when = (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[lang].bcp47, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Jakarta',
    }).format(new Date(iso));

  const signOut = async (call: { path: string; json?: unknown }) => {
    setBusy(true);
    setMessage('');
    try {
      await userCall<{ data: { signedOut: number } }>({ method: 'post', ...call });
      setMessage(t.devicesSignedOut);
      await refresh();
    } catch (e) {
      if (e instanceof SessionRedirect) return;
      setMessage(failure(e, t.genericError));
    } finally {
      setBusy(false);
    }
  };

  const others = listed.status === 'ready' ? listed.devices.filter((d) => !d.current) : [];
  return (
    <section aria-labelledby="devices-title" className="rounded-2xl border border-slate-200 p-6" data-devices>
      <h2 id="devices-title" className="mb-2 text-lg font-bold">
        {t.devicesTitle}
      </h2>
      <p className="mb-4 text-sm text-muted">{t.devicesIntro}</p>
      {listed.status === 'loading' && <p className="text-sm text-muted">{t.devicesLoading}</p>}
      {listed.status === 'error' && <p className="text-sm text-red-800">{t.devicesLoadFailed}</p>}
      {listed.status === 'ready' && (
        <ul className="flex flex-col divide-y divide-slate-200" data-device-list>
          {listed.devices.map((d) => {
            const name = d.device ?? t.deviceUnknown;
            const last = when(d.lastSeenAt);
            return (
              <li
                key={d.id}
                className="flex flex-wrap items-center gap-3 py-3"
                data-device={d.current ? 'current' : 'other'}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {name}
                    {d.current && (
                      <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                        {t.deviceThis}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted">{fill(t.deviceLastSeen, { when: last })}</p>
                </div>
                {!d.current && (
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={fill(t.deviceSignOutLabel, { device: name, when: last })}
                    className="rounded-lg border border-slate-400 px-3 py-1.5 text-sm font-semibold disabled:opacity-60"
                    onClick={() => void signOut({ path: 'clients/v1/my-account/devices/sign-out', json: { id: d.id } })}
                  >
                    {t.deviceSignOut}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 ? (
        <button
          type="button"
          disabled={busy}
          className="mt-4 rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-800 disabled:opacity-60"
          onClick={() => void signOut({ path: 'clients/v1/my-account/devices/sign-out-others' })}
        >
          {t.devicesSignOutOthers}
        </button>
      ) : (
        listed.status === 'ready' && <p className="mt-2 text-sm text-muted">{t.devicesOnlyThis}</p>
      )}
      <p role="status" className="mt-3 text-sm" data-devices-message>
        {message}
      </p>
    </section>
  );
}
