// Operator commands (README "Operations"): `npm run ops -- <command> ...`, against DATABASE_URL when
// set, else the embedded PGlite under DATA_DIR (which belongs to one process: stop `npm start` first).
//
//   migrate                                      apply the committed migrations (once per deployment, before
//                                                the nodes start; concurrent runs wait on an advisory lock)
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
//   preview <document id>                        signed links (1 hour) showing a draft or scheduled document
//                                                on the site before it goes live (needs PREVIEW_SECRET)
//   backup FILE                                  the database and the uploads, in one file (api/backup)
//   restore FILE                                 a backup, into an empty database and DATA_DIR
import { backup, BackupError, restore } from '../api/backup/backup.ts';
import { openDatabase } from '../api/db/client.ts';
import type { Database } from '../api/platform/database.ts';
import { migrate, pendingMigrations } from '../api/db/migrate.ts';
import { loadEnv } from '../api/platform/env.ts';
import { privateUmask } from '../api/storage/private-files.ts';
import { runOps } from '../api/operator.ts';
import { localOrigin } from '../core/origin.ts';
import { readContentEnv } from '../site/lib/content/content-env.ts';
import { signPreview } from '../site/lib/content/preview.ts';

// The commands themselves live in api/operator.ts (one function, which the browser tests'
// fixture route also runs inside a running server); this is their command line.
export { runOps };

/** Whether a server answers on HOST:PORT (the embedded database is then that process's). */
async function serverRunning(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1_500) });
    return res.status === 200 || res.status === 503;
  } catch {
    return false;
  }
}

/**
 * `migrate`: what a deployment runs once before its nodes start (production nodes wait, unready,
 * until the database is current). Two at once apply each migration once: the second waits on the
 * advisory lock (api/db/migrate.ts), then finds nothing pending.
 */
export async function runMigrate(database: Database): Promise<{ code: number; out: string[] }> {
  const applied = await migrate(database);
  const left = await pendingMigrations(database);
  if (left.length) return { code: 1, out: [`migrations still pending after migrate: ${left.join(', ')}`] };
  return {
    code: 0,
    out: [applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'the database is current'],
  };
}

/**
 * `preview <document id>`: the signed links (both languages, valid an hour) that show a draft or a
 * scheduled document on the site before it goes live, for an editor in production. The site checks
 * them with the same PREVIEW_SECRET (site/lib/content/preview.ts); without it there is no preview.
 */
export function previewLinks(
  id: string | undefined,
  env: { SITE_URL: string },
  now: Date,
  source: Record<string, string | undefined> = process.env,
): { code: number; out: string[] } {
  if (!id || !/^[A-Za-z0-9._-]{1,128}$/.test(id))
    return { code: 2, out: ['usage: npm run ops -- preview <document id>'] };
  const secret = readContentEnv(source).previewSecret;
  if (!secret) return { code: 1, out: ['PREVIEW_SECRET is not set on this deployment: previews are off.'] };
  const query = signPreview(secret, id, now);
  const origin = env.SITE_URL.replace(/\/$/, '');
  return { code: 0, out: [`en: ${origin}/preview/?${query}`, `id: ${origin}/id/preview/?${query}`] };
}

if (import.meta.main) {
  // What an operator command writes (a backup, a restored database, an export) is private.
  privateUmask();
  const env = loadEnv();
  if (process.argv[2] === 'preview') {
    const { code, out } = previewLinks(process.argv[3], env, new Date());
    for (const line of out) (code === 0 ? console.log : console.error)(line);
    process.exit(code);
  }
  if (!env.DATABASE_URL && (await serverRunning(localOrigin(env.HOST, env.PORT)))) {
    console.error(
      `The embedded database in ${env.DATA_DIR} belongs to the server running on port ${env.PORT} (PGlite is one process's):` +
        ' stop it first, or run against PostgreSQL with DATABASE_URL.',
    );
    process.exit(1);
  }
  const [command, file, ...extra] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') {
    // They open the database themselves (a restore needs it absent), so they run before it is opened.
    if (!file || extra.length > 0) {
      console.error(`usage: npm run ops -- ${command} FILE`);
      process.exit(2);
    }
    try {
      for (const line of await (command === 'backup' ? backup : restore)(env, file)) console.log(line);
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
    process.exit(0);
  }
  const database = await openDatabase(env);
  try {
    const args = process.argv.slice(2);
    const { code, out } = args[0] === 'migrate' ? await runMigrate(database) : await runOps(args, { database, env });
    for (const line of out) (code === 0 ? console.log : console.error)(line);
    process.exitCode = code;
  } finally {
    await database.close();
  }
}
