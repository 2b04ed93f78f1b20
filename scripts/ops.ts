// Operator commands (README "Operations"): `npm run ops -- <command> ...`, against DATABASE_URL when
// set, else the embedded PGlite under DATA_DIR (which belongs to one process: stop `npm start` first).
//
//   identity <user id or e-mail>                 the ID verification state, and signed links (1 hour)
//                                                to the ID card and selfie for the review
//   identity <user id or e-mail> approve|reject  decide on a submitted ID (a rejected guest may upload again)
//   reactivate <user id or e-mail>               bring back an account deleted less than 30 days ago
//   submissions [--since YYYY-MM-DD] [--csv]     contact messages and partnership proposals (since that
//                                                day, Jakarta time), with signed links (24 hours) to files
import type { Db } from '../api/db/client.ts';
import { openDatabase } from '../api/db/client.ts';
import type { AppDeps } from '../api/deps.ts';
import { loadEnv } from '../api/env.ts';
import { decideIdentity, eraseOn, findUser, reactivateAccount } from '../api/profile/account.service.ts';
import { currentUploads, signedFileUrl } from '../api/profile/uploads.service.ts';
import { localOrigin } from '../core/origin.ts';
import { parseDate, jakartaStartOfDay } from '../core/dates.ts';
import { listSubmissions } from '../api/forms/forms.service.ts';
import { submissionLines } from '../api/forms/forms.mail.ts';
import { signedFormFileUrl } from '../api/forms/forms.signing.ts';

const USAGE = `usage:
  npm run ops -- identity <user id or e-mail> [approve|reject]
  npm run ops -- reactivate <user id or e-mail>
  npm run ops -- submissions [--since YYYY-MM-DD] [--csv]`;

/** An operator's review link lives longer than a guest's (time to look at the pictures). */
const REVIEW_LINK_SECONDS = 60 * 60;

/** How long the file links of `submissions` work. */
const SUBMISSION_LINK_SECONDS = 24 * 60 * 60;

/** A CSV cell: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
const csvCell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

async function submissions(
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
    out: found.flatMap((s) => [
      ...submissionLines(deps, s, s.files, now, SUBMISSION_LINK_SECONDS),
      ...(s.mailsQueuedAt ? [] : ['  (its e-mails are not queued yet)']),
    ]),
  };
}

/** Run one command; returns the exit code and the lines to print (tests call this directly). */
export async function runOps(
  args: string[],
  deps: Pick<AppDeps, 'database' | 'env' | 'now'>,
): Promise<{ code: number; out: string[] }> {
  const db = deps.database.db as Db;
  const now = deps.now?.() ?? new Date();
  const [command, who, decision] = args;
  if (command === 'submissions') return submissions(args.slice(1), deps, now);
  if (!command || !who || !['identity', 'reactivate'].includes(command)) return { code: 2, out: [USAGE] };
  const user = await findUser(db, who);
  if (!user) return { code: 1, out: [`No account matches ${JSON.stringify(who)}.`] };
  const label = `#${user.id} ${user.email}`;

  if (command === 'reactivate') {
    const outcome = await reactivateAccount(db, user.id, now);
    if (outcome === 'reactivated') return { code: 0, out: [`${label}: reactivated; the guest can sign in again.`] };
    if (outcome === 'not_deleted') return { code: 1, out: [`${label}: this account is not deleted.`] };
    const when = user.erasedAt ? 'and its data was erased' : `(erased on ${eraseOn(user.deactivatedAt!)})`;
    return { code: 1, out: [`${label}: deleted more than 30 days ago ${when}; it cannot be reactivated.`] };
  }

  if (decision === undefined) {
    const uploads = await currentUploads(deps, user.id);
    const origin = deps.env.SITE_URL.replace(/\/$/, '');
    const link = (kind: 'id_card' | 'selfie') => {
      const u = uploads.get(kind);
      return u ? `${origin}${signedFileUrl(deps, u.id, now, REVIEW_LINK_SECONDS)}` : '(none)';
    };
    return {
      code: 0,
      out: [`${label}: ${user.identityStatus}`, `  ID card: ${link('id_card')}`, `  selfie:  ${link('selfie')}`],
    };
  }
  if (decision !== 'approve' && decision !== 'reject') return { code: 2, out: [USAGE] };
  const result = await decideIdentity(db, user.id, decision);
  if (!result) return { code: 1, out: [`No account matches ${JSON.stringify(who)}.`] };
  if (result.from !== 'submitted')
    return { code: 1, out: [`${label}: the ID is ${result.from}, not submitted; nothing was changed.`] };
  return { code: 0, out: [`${label}: ${result.from} -> ${result.to}`] };
}

/** Whether a server answers on HOST:PORT (the embedded database is then that process's). */
async function serverRunning(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1_500) });
    return res.status === 200 || res.status === 503;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const env = loadEnv();
  if (!env.DATABASE_URL && (await serverRunning(localOrigin(env.HOST, env.PORT)))) {
    console.error(
      `The embedded database in ${env.DATA_DIR} belongs to the server running on port ${env.PORT} (PGlite is one process's):` +
        ' stop it first, or run against PostgreSQL with DATABASE_URL.',
    );
    process.exit(1);
  }
  const database = await openDatabase(env);
  try {
    const { code, out } = await runOps(process.argv.slice(2), { database, env });
    for (const line of out) (code === 0 ? console.log : console.error)(line);
    process.exitCode = code;
  } finally {
    await database.close();
  }
}
