import type { AppDeps } from '../platform/deps.ts';
import { emailEn } from '../../core/i18n/email-en.ts';
import { emailId } from '../../core/i18n/email-id.ts';
import { formsMailEn } from '../../core/i18n/forms-en.ts';
import { formsMailId } from '../../core/i18n/forms-id.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { FormKind } from '../../core/contracts/forms.ts';
import type { Lang } from '../../core/locales.ts';
import { signedFormFileUrl } from './forms.signing.ts';
import type { SubmissionFile } from './forms.service.ts';
import { escapeHtml } from '../../core/html.ts';

// The two e-mails of a submission. The acknowledgement goes to whatever address was typed, so it says
// nothing but a fixed text and the sender's own name and subject: the form cannot be used to send
// someone else a message of one's choosing. The notification carries everything, to the operators.

const mails = { en: { ...emailEn, ...formsMailEn }, id: { ...emailId, ...formsMailId } };

/** How long the file links in an operator's notification work. */
export const NOTIFY_LINK_DAYS = 7;

export type SavedSubmission = {
  id: number;
  form: string;
  lang: string;
  name: string;
  email: string;
  phone: string;
  fields: Record<string, string | number>;
  createdAt: Date;
};

export function acknowledgement(s: SavedSubmission) {
  const m = mails[s.lang as Lang] ?? mails.en;
  const form = s.form as FormKind;
  const body = fill(m.ack[form].body, { subject: String(s.fields.subject ?? '') });
  const text = [m.greeting(s.name), '', body, '', m.signoff, '', m.ack.note].join('\n');
  const html = `<!doctype html>
<html lang="${s.lang}"><body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1c2340">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>
<p style="font-size:16px">${escapeHtml(m.greeting(s.name))}</p>
<p style="font-size:16px">${escapeHtml(body)}</p>
<p style="font-size:14px;white-space:pre-line">${escapeHtml(m.signoff)}</p>
<p style="font-size:12px;color:#55607a">${escapeHtml(m.ack.note)}</p>
</td></tr></table></body></html>`;
  return { subject: m.ack[form].subject, text, html };
}

/** The submission as lines an operator reads (also the ops command's listing). */
export function submissionLines(
  deps: Pick<AppDeps, 'env'>,
  s: SavedSubmission,
  files: SubmissionFile[],
  now: Date,
  linkSeconds: number,
): string[] {
  const origin = deps.env.SITE_URL.replace(/\/$/, '');
  return [
    `#${s.id} ${s.form} (${s.lang}) ${s.createdAt.toISOString()}`,
    `  name: ${s.name}`,
    `  email: ${s.email}`,
    `  phone: ${s.phone}`,
    ...Object.entries(s.fields).map(([k, v]) => `  ${k}: ${String(v).replace(/\r?\n/g, '\n    ')}`),
    ...files.map(
      (f) =>
        `  ${f.field}: ${f.fileName} (${f.contentType}, ${f.size} B) ${origin}${signedFormFileUrl(deps, f.id, now, linkSeconds)}`,
    ),
  ];
}

export function notification(deps: Pick<AppDeps, 'env'>, s: SavedSubmission, files: SubmissionFile[], now: Date) {
  const m = mails.en;
  const subject = fill(m.notify[s.form as FormKind], {
    id: s.id,
    subject: String(s.fields.subject ?? ''),
    name: s.name,
  }).slice(0, 200);
  const lines = submissionLines(deps, s, [], now, 0);
  const links = files.map((f) => {
    const url = `${deps.env.SITE_URL.replace(/\/$/, '')}${signedFormFileUrl(deps, f.id, now, NOTIFY_LINK_DAYS * 86_400)}`;
    return `  ${f.field}: ${f.fileName} (${f.contentType}, ${f.size} B) ${url}`;
  });
  const text = [
    ...lines,
    '',
    fill(m.notify.files, { days: NOTIFY_LINK_DAYS }),
    ...(links.length ? links : [`  ${m.notify.none}`]),
  ].join('\n');
  return { subject, text };
}
