import { useState } from 'react';
import { SessionRedirect } from '../../lib/api-client.ts';
import { deleteMyAccount } from '../../stores/$profile.ts';
import { failure } from './copy.ts';
import type { ProfileCopy } from './copy.ts';

// Account deletion (spec section 4), after a yes/no confirmation. The API refuses it while a stay is
// current or scheduled or a payment is waiting, and its message names which; on success the guest is
// signed out everywhere and taken home.

export function DeleteAccount({ t }: { t: ProfileCopy }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await deleteMyAccount();
    } catch (e) {
      if (e instanceof SessionRedirect) return;
      setError(failure(e, t.genericError));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="delete-account-title" className="rounded-2xl border border-red-200 p-6">
      <h2 id="delete-account-title" className="mb-2 text-lg font-bold">
        {t.deleteTitle}
      </h2>
      <p className="mb-4 text-sm text-muted">{t.deleteIntro}</p>
      {asking ? (
        <div role="alertdialog" aria-labelledby="delete-account-q" className="rounded-lg bg-red-50 p-4">
          <p id="delete-account-q" className="font-semibold text-red-900">
            {t.deleteConfirm}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              className="rounded-lg bg-red-700 px-4 py-2 font-bold text-white disabled:bg-slate-500"
              onClick={() => void confirm()}
            >
              {busy ? t.deleting : t.deleteYes}
            </button>
            <button
              type="button"
              className="rounded-lg border border-slate-300 bg-white px-4 py-2"
              onClick={() => setAsking(false)}
            >
              {t.deleteNo}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="rounded-lg border border-red-700 px-4 py-2 font-bold text-red-800"
          onClick={() => setAsking(true)}
        >
          {t.deleteButton}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800" data-delete-error>
          {error}
        </p>
      )}
    </section>
  );
}
