// The operator commands (README "Operations"), as one function: `npm run ops -- ...`
// (scripts/ops.ts) runs it against the database, and the browser tests' fixture route
// (server/dev/test-fixtures.routes.ts) runs the very same function inside the running server, whose
// embedded database no other process may open.
//
//   identity <user id or e-mail>                 the ID verification state and what is on file
//   identity <user> show --reason TEXT [--out DIR] [--operator NAME]
//                                                the ID card and selfie, decrypted into a private folder
//                                                under DIR, recorded in operator_audit (who, when, why)
//   identity <user id or e-mail> approve|reject  decide on a submitted ID (a rejected guest may upload again)
//   audit [<user id or e-mail>]                  the operators' reads of identity documents (newest first)
//   rewrap-files                                 after a FILE_KEYS rotation: every stored file's key
//                                                wrapped under the first key (docs/privacy.md)
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
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { currentUploads } from './profile/uploads.service.ts';
import { blobStoreOf, rewrapFiles } from './storage/blob-store.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './storage/private-files.ts';
import { operatorAudit } from './account/audit.schema.ts';
import { extension } from './account/export.service.ts';
import { submissions } from './forms/forms.ops.ts';
import { funnelCommand } from './events/events.ops.ts';
import { exportPersonalData } from './account/export.service.ts';
import { nowOf } from './platform/clock.ts';

const USAGE = `usage:
  npm run ops -- identity <user id or e-mail> [approve|reject]
  npm run ops -- identity <user id or e-mail> show --reason TEXT [--out DIR] [--operator NAME]
  npm run ops -- audit [<user id or e-mail>]
  npm run ops -- rewrap-files
  npm run ops -- reactivate <user id or e-mail>
  npm run ops -- submissions [--since YYYY-MM-DD] [--csv]
  npm run ops -- funnel --from YYYY-MM-DD --to YYYY-MM-DD
  npm run ops -- export-user <user id, e-mail or phone> [--out DIR]`;

/** The value after `--name` in the arguments, or undefined. */
const option = (args: string[], name: string) => {
  const at = args.indexOf(name);
  return at > 0 ? args[at + 1] : undefined;
};

/** Who runs a command: --operator, else the person behind sudo, else the machine user. */
const operatorName = (args: string[]) =>
  option(args, '--operator') ??
  process.env.SUDO_USER ??
  (() => {
    try {
      return os.userInfo().username;
    } catch {
      return 'unknown';
    }
  })();

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
  if (command === 'rewrap-files') {
    const { files, rewrapped } = await rewrapFiles(deps);
    return { code: 0, out: [`${rewrapped} of ${files} stored files rewrapped under the first FILE_KEYS key.`] };
  }
  if (command === 'audit') {
    const user = who ? await findUser(db, who) : undefined;
    if (who && !user) return { code: 1, out: [`No account matches ${JSON.stringify(who)}.`] };
    const found = await db
      .select()
      .from(operatorAudit)
      .where(user ? eq(operatorAudit.userId, user.id) : undefined)
      .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
      .limit(200);
    if (!found.length)
      return { code: 0, out: ['No operator has read any identity document' + (user ? ' of this account.' : '.')] };
    return {
      code: 0,
      out: found.map(
        (a) => `${a.at.toISOString()} ${a.operator} ${a.action} #${a.userId}: ${a.reason ?? '(reason erased)'}`,
      ),
    };
  }
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
    const onFile = (kind: 'id_card' | 'selfie') => {
      const u = uploads.get(kind);
      return u ? `on file since ${u.createdAt.toISOString()}` : '(none)';
    };
    return {
      code: 0,
      out: [
        `${label}: ${user.identityStatus}`,
        `  ID card: ${onFile('id_card')}`,
        `  selfie:  ${onFile('selfie')}`,
        `  to look at them: npm run ops -- identity ${user.id} show --reason "<why>" (recorded)`,
      ],
    };
  }
  if (decision === 'show') return showIdentity(deps, user, label, args, now);
  if (decision !== 'approve' && decision !== 'reject') return { code: 2, out: [USAGE] };
  const result = await decideIdentity(db, user.id, decision);
  if (!result) return { code: 1, out: [`No account matches ${JSON.stringify(who)}.`] };
  if (result.from !== 'submitted')
    return { code: 1, out: [`${label}: the ID is ${result.from}, not submitted; nothing was changed.`] };
  return { code: 0, out: [`${label}: ${result.from} -> ${result.to}`] };
}

/**
 * An operator looks at a guest's ID card and selfie: decrypted into a folder only this machine user
 * reads, after the read is recorded (who, when, why, which files). No reason, no files.
 */
async function showIdentity(
  deps: Pick<AppDeps, 'database' | 'env' | 'now'>,
  user: { id: number },
  label: string,
  args: string[],
  now: Date,
): Promise<{ code: number; out: string[] }> {
  const reason = option(args, '--reason')?.trim();
  if (!reason)
    return { code: 2, out: ['Say why you look at these documents: --reason "<why>" (it is recorded).', USAGE] };
  const uploads = await currentUploads(deps, user.id);
  const kinds = (['id_card', 'selfie'] as const).filter((k) => uploads.has(k));
  if (!kinds.length) return { code: 1, out: [`${label}: no ID card or selfie on file.`] };
  const operator = operatorName(args);
  // Recorded first: a read that is not in the audit does not happen.
  await deps.database.db.insert(operatorAudit).values({
    at: now,
    operator,
    action: 'identity.show',
    userId: user.id,
    reason,
    detail: { files: kinds.map((k) => ({ kind: k, upload: uploads.get(k)!.id })) },
  });
  const dir = path.resolve(option(args, '--out') ?? '.', `identity-${user.id}-${now.getTime()}`);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const store = blobStoreOf(deps);
  const out = [`${label}: recorded for ${operator} ("${reason}")`];
  for (const kind of kinds) {
    const u = uploads.get(kind)!;
    const blob = await store.get(u.id);
    if (!blob) {
      out.push(`  ${kind}: the stored file is missing`);
      continue;
    }
    const file = path.join(dir, `${kind === 'id_card' ? 'id-card' : 'selfie'}.${extension(u.contentType)}`);
    await writeFile(file, blob.bytes, { mode: PRIVATE_FILE_MODE });
    out.push(`  ${kind === 'id_card' ? 'ID card' : 'selfie '}: ${file}`);
  }
  out.push(`  delete ${dir} when the review is done.`);
  return { code: 0, out };
}
