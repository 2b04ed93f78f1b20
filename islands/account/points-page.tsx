import { useEffect } from 'react';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { requireSession } from '../stores/$account.ts';
import { loadGiftCertificates, loadPoints } from '../stores/$points.ts';
import { Bobopoints } from './points/bobopoints.tsx';
import { pointsCopy } from './points/copy.ts';
import { GiftCertificates } from './points/gift-certificates.tsx';

// The account area's points pages: /my-account/point/ and /point/Bobopoint/ (Bobopoints with the
// Active, Pending and History tabs) and /point/GiftCertificate/. A visitor goes to sign-in and comes
// back to this very page (requireSession, as the other account islands do); the island reads the
// user token from $auth. Server and first client render show the same loading line; the data is
// loaded once the island runs in the browser.

export type PointsPageName = 'point' | 'point/Bobopoint' | 'point/GiftCertificate';

export default function PointsPage({ lang, page }: { lang: Lang; page: PointsPageName }) {
  const t = pointsCopy(lang);
  const gift = page === 'point/GiftCertificate';
  useEffect(() => {
    if (!requireSession(lang)) return;
    void (gift ? loadGiftCertificates() : loadPoints());
  }, [gift, lang]);
  const links = [
    { href: localizedPath(lang, '/my-account/point/Bobopoint/'), label: t.bobopointLink, current: !gift },
    { href: localizedPath(lang, '/my-account/point/GiftCertificate/'), label: t.giftLink, current: gift },
  ];
  return (
    <div className="flex flex-col gap-6 text-ink" data-points-page={gift ? 'gift' : 'bobopoint'}>
      <nav aria-label={t.sections}>
        <ul className="flex gap-2">
          {links.map((l) => (
            <li key={l.href}>
              <a
                href={l.href}
                aria-current={l.current ? 'page' : undefined}
                className={`inline-block rounded-full px-4 py-1.5 text-sm font-semibold ${
                  l.current ? 'bg-brand-600 text-white' : 'border border-slate-300 text-ink'
                }`}
              >
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {gift ? <GiftCertificates lang={lang} t={t} /> : <Bobopoints lang={lang} t={t} />}
    </div>
  );
}
