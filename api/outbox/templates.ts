import { emailEn } from '../../core/i18n/email-en.ts';
import { emailId } from '../../core/i18n/email-id.ts';
import type { ApiLang } from '../http/errors.ts';
import { escapeHtml } from '../../core/html.ts';

export type CodeMailPurpose = 'verify_email' | 'verify_phone' | 'reset_password' | 'sso_link';

/** Both catalogues (core/i18n/email-*.ts), by language. */
const emails = { en: emailEn, id: emailId };

/** A one-time-code e-mail, text and HTML, in the user's language. */
export function codeEmail(lang: ApiLang, purpose: CodeMailPurpose, code: string, name: string, minutes: number) {
  const e = emails[lang];
  const c = e.code[purpose];
  const text = [
    e.greeting(name),
    '',
    c.intro,
    '',
    `    ${code}`,
    '',
    e.codeValidity(minutes),
    c.outro,
    '',
    e.signoff,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1c2340">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>
<p style="font-size:16px">${escapeHtml(e.greeting(name))}</p>
<p style="font-size:16px">${escapeHtml(c.intro)}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:12px;text-align:center;margin:24px 0">${code}</p>
<p style="font-size:14px;color:#55607a">${escapeHtml(e.codeValidity(minutes))}</p>
<p style="font-size:14px;color:#55607a">${escapeHtml(c.outro)}</p>
<p style="font-size:14px;white-space:pre-line">${escapeHtml(e.signoff)}</p>
</td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}

/**
 * The one-time codes a code message carries: the e-mail puts the code on a line of its own, the SMS
 * starts with it. Other four-digit runs (a name such as "Guest 4821ab", a year) are not codes.
 */
export function codesIn(text: string): string[] {
  return [...new Set([...text.matchAll(/^[ \t]*(\d{4})(?=[ \t]|$)/gm)].map((m) => m[1]!))];
}

/** The SMS variant: short, code first. */
export function codeSms(lang: ApiLang, purpose: CodeMailPurpose, code: string, minutes: number) {
  const e = emails[lang];
  const text = (purpose === 'reset_password' ? e.codeSms.reset : e.codeSms.verify)(code, minutes);
  return { subject: e.code[purpose].subject, text };
}
