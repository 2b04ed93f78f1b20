import type { Dictionary } from '../../core/i18n/en.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';

/**
 * The terms checkbox's text with its two documents linked in the page's language: `{terms}` and
 * `{privacy}` in `termsLabel` become links to /terms-condition/ and /privacy-policy/. They open in a
 * new tab so the payment screen (the chosen method, voucher and points) stays as it is.
 */
export function TermsText({ lang, t }: { lang: Lang; t: Dictionary['payment'] }) {
  const links = {
    '{terms}': { href: localizedPath(lang, '/terms-condition/'), label: t.termsLink },
    '{privacy}': { href: localizedPath(lang, '/privacy-policy/'), label: t.privacyLink },
  } as const;
  return (
    <span data-terms-text>
      {t.termsLabel.split(/(\{terms\}|\{privacy\})/).map((part, i) => {
        const link = part === '{terms}' || part === '{privacy}' ? links[part] : null;
        return link ? (
          <a key={i} href={link.href} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
            {link.label}
          </a>
        ) : (
          part
        );
      })}
    </span>
  );
}
