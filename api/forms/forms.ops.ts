// `npm run ops -- submissions [--since YYYY-MM-DD] [--csv]`: contact messages and partnership
// proposals (since that day, Jakarta time), with signed links (24 hours) to their files. Run by the
// operator commands (api/operator.ts).
import type { AppDeps } from '../platform/deps.ts';
import { parseDate, jakartaStartOfDay } from '../../core/dates.ts';
import { listSubmissions } from './forms.service.ts';
import { submissionLines } from './forms.mail.ts';
import { signedFormFileUrl } from './forms.signing.ts';

const USAGE = 'usage: npm run ops -- submissions [--since YYYY-MM-DD] [--csv]';

/** How long the file links of `submissions` work. */
const SUBMISSION_LINK_SECONDS = 24 * 60 * 60;

/** A CSV cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
const csvCell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

export async function submissions(
  args: string[],
  deps: Pick<AppDeps, 'database' | 'env' | 'now'>,
  now: Date,
): Promise<{ code: number; out: string[] }> {
  let since: Date | null = null;
  let csv = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--csv') csv = true;
    else if (args[i] === '--since') {
      const day = parseDate(args[++i]);
      if (!day) return { code: 2, out: ['--since takes a date, YYYY-MM-DD (Jakarta time).', USAGE] };
      since = jakartaStartOfDay(day);
    } else return { code: 2, out: [USAGE] };
  }
  const found = await listSubmissions(deps, since);
  if (csv) {
    const origin = deps.env.SITE_URL.replace(/\/$/, '');
    const head = ['id', 'form', 'lang', 'created_at', 'name', 'email', 'phone', 'fields', 'mails_queued_at', 'files'];
    const rows = found.map((s) =>
      [
        String(s.id),
        s.form,
        s.lang,
        s.createdAt.toISOString(),
        s.name,
        s.email,
        s.phone,
        JSON.stringify(s.fields),
        s.mailsQueuedAt?.toISOString() ?? '',
        s.files
          .map((f) => `${f.field}:${origin}${signedFormFileUrl(deps, f.id, now, SUBMISSION_LINK_SECONDS)}`)
          .join(' '),
      ]
        .map(csvCell)
        .join(','),
    );
    return { code: 0, out: [head.join(','), ...rows] };
  }
  if (found.length === 0) return { code: 0, out: ['No submissions.'] };
  return {
    code: 0,
    out: found.flatMap((s) => [...submissionLines(deps, s, s.files, now, SUBMISSION_LINK_SECONDS)]),
  };
}
