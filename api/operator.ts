// The operator commands (README "Operations"), as one function: `npm run ops -- ...`
// (scripts/ops.ts) runs it against the database, and the browser tests' fixture route
// (server/dev/test-fixtures.routes.ts) runs the very same function inside the running server, whose
// embedded database no other process may open.
//
//   identity <user id or e-mail>                 the ID verification state, and signed links (1 hour)
//                                                to the ID card and selfie for the review
//   identity <user id or e-mail> approve|reject  decide on a submitted ID (a rejected guest may upload again)
//   reactivate <user id or e-mail>               bring back an account deleted less than 30 days ago
//   submissions [--since YYYY-MM-DD] [--csv]     contact messages and partnership proposals (since that
//                                                day, Jakarta time), with signed links (24 hours) to files
//   funnel --from YYYY-MM-DD --to YYYY-MM-DD     searches, room choices, checkouts and purchases per
//                                                destination and per campaign (api/events/events.ops.ts)
//   export-user <id, e-mail or phone> [--out DIR] everything we hold about a person (the right of
//                                                access): one JSON file and their files, in a private
//                                                folder under DIR (default: the current folder)
import type { AppDeps } from './platform/deps.ts';
import { decideIdentity, eraseOn, findUser, reactivateAccount } from './account/deletion.service.ts';
import { currentUploads, signedFileUrl } from './profile/uploads.service.ts';
import { submissions } from './forms/forms.ops.ts';
import { funnelCommand } from './events/events.ops.ts';
import { exportPersonalData } from './account/export.service.ts';
import { nowOf } from './platform/clock.ts';

const USAGE = `usage:
  npm run ops -- identity <user id or e-mail> [approve|reject]
  npm run ops -- reactivate <user id or e-mail>
  npm run ops -- submissions [--since YYYY-MM-DD] [--csv]
  npm run ops -- funnel --from YYYY-MM-DD --to YYYY-MM-DD
  npm run ops -- export-user <user id, e-mail or phone> [--out DIR]`;

/** An operator's review link lives longer than a guest's (time to look at the pictures). */
const REVIEW_LINK_SECONDS = 60 * 60;

/** Run one command; returns the exit code and the lines to print (tests call this directly). */
export async function runOps(
  args: string[],
  deps: Pick<AppDeps, 'database' | 'env' | 'now'>,
): Promise<{ code: number; out: string[] }> {
  const db = deps.database.db;
  const now = nowOf(deps);
  const [command, who, decision] = args;
  if (command === 'submissions') return submissions(args.slice(1), deps, now);
  if (command === 'funnel') return funnelCommand(args.slice(1), deps);
  if (command === 'export-user') {
    if (!who) return { code: 2, out: [USAGE] };
    const user = await findUser(db, who);
    if (!user) return { code: 1, out: [`No account matches ${JSON.stringify(who)}.`] };
    const at = args.indexOf('--out');
    const { dir, data } = await exportPersonalData(deps, user.id, at > 0 ? args[at + 1]! : '.');
    const count = Object.values(data.tables).reduce((n, t) => n + t.length, 0);
    return {
      code: 0,
      out: [
        `#${user.id} ${user.email}: ${count} records in ${Object.keys(data.tables).length} tables and ${data.files.length} files`,
        `  written to ${dir}/personal-data.json (files beside it); hand it to the person over a private channel.`,
      ],
    };
  }
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
