import { useEffect } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { useClientValue } from '../lib/client-value.ts';
import { storedReservationId } from '../stores/$reservation.ts';

/** /reservation/review/ without an id: continue the booking kept in $reservation, if any. */
export function ReviewResume({ lang, t }: { lang: Lang; t: Dictionary['booking'] }) {
  const storedId = useClientValue<number | null | undefined>(() => storedReservationId(), undefined);
  const none = storedId === null;
  useEffect(() => {
    if (storedId) window.location.replace(localizedPath(lang, `/reservation/review/${storedId}/`));
  }, [storedId, lang]);
  if (!none)
    return (
      <p role="status" className="p-6 text-muted">
        {t.loadingRooms}
      </p>
    );
  return (
    <p className="rounded-xl bg-white p-6">
      {t.noReservation}{' '}
      <a className="font-semibold text-brand-700 underline" href={localizedPath(lang, '/search/')}>
        {t.startSearch}
      </a>
    </p>
  );
}
