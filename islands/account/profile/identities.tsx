import { useEffect, useState } from 'react';
import type { LinkedIdentityView } from '../../../core/contracts/auth.ts';
import { fill } from '../../../core/i18n/fill.ts';
import { SessionRedirect, userCall } from '../../lib/api-client.ts';
import { failure } from './copy.ts';
import type { ProfileCopy } from './copy.ts';

// The sign-in providers linked to the account (issue 29; api/profile/sso.service.ts): each can be
// unlinked while another way in remains (a password, another provider, a passkey); the API says why not.

type Listed = { status: 'loading' } | { status: 'ready'; items: LinkedIdentityView[] } | { status: 'error' };

export function LinkedProviders({ t }: { t: ProfileCopy }) {
  const [listed, setListed] = useState<Listed>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const refresh = () =>
    userCall<{ data: LinkedIdentityView[] }>({ path: 'clients/v1/my-account/identities' })
      .then((body) => setListed({ status: 'ready', items: body.data }))
      .catch((e: unknown) => {
        if (!(e instanceof SessionRedirect)) setListed({ status: 'error' });
      });
  useEffect(() => {
    void refresh();
  }, []);

  const unlink = async (id: number) => {
    setBusy(true);
    setMessage('');
    try {
      await userCall({ method: 'post', path: 'clients/v1/my-account/identities/remove', json: { id } });
      setMessage(t.identityRemoved);
      await refresh();
    } catch (e) {
      if (e instanceof SessionRedirect) return;
      setMessage(failure(e, t.genericError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="identities-title" className="rounded-2xl border border-slate-200 p-6" data-identities>
      <h2 id="identities-title" className="mb-2 text-lg font-bold">
        {t.identitiesTitle}
      </h2>
      <p className="mb-4 text-sm text-muted">{t.identitiesIntro}</p>
      {listed.status === 'error' && <p className="text-sm text-red-800">{t.devicesLoadFailed}</p>}
      {listed.status === 'ready' && listed.items.length === 0 && (
        <p className="text-sm text-muted">{t.identitiesNone}</p>
      )}
      {listed.status === 'ready' && listed.items.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-200">
          {listed.items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-3 py-3" data-identity={i.provider}>
              <p className="min-w-0 flex-1 font-semibold">
                {fill(t.identityLinked, { provider: i.provider, email: i.email ?? '' })}
              </p>
              <button
                type="button"
                disabled={busy}
                aria-label={fill(t.identityRemoveLabel, { provider: i.provider })}
                className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800"
                onClick={() => void unlink(i.id)}
              >
                {t.identityRemove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-3 text-sm" data-identities-message>
        {message}
      </p>
    </section>
  );
}
