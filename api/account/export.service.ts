import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { rows } from '../db/query.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/private-files.ts';
import { logger } from '../observability/logger.ts';
import { jakartaToday } from '../../core/dates.ts';
import { nowOf } from '../platform/clock.ts';

// The right of access (UU PDP art. 7; README "Privacy"): everything we hold about one person, as one
// JSON file with their files beside it, for `npm run ops -- export-user <e-mail|phone>`.
//
// "Everything" is found by the schema, not by a list that could fall behind it: every table with a
// `user_id` column (account, sessions, stays, points, uploads, events, keys...), every table with a
// `reservation_id` column for the person's reservations (nights, hours, guests, payments), the
// messages sent or queued to their e-mail or phone (sent ones too), their form submissions and
// newsletter subscription by e-mail. Secrets (password and token hashes, codes) are named but not
// copied: they are ours to check, not information about the person.

const log = logger('account');

/** Columns whose values are secrets of ours (hashes, tokens, codes), withheld from an export. */
const SECRET_COLUMN = /hash|secret|token|^code$/;
const WITHHELD = '(withheld: a secret used to check sign-ins and codes, not information about you)';

type Row = Record<string, unknown>;
type ExportDeps = Pick<AppDeps, 'database' | 'env' | 'now'>;
export type PersonalExport = {
  exportedAt: string;
  person: { id: number; email: string; telephone: string | null };
  /** Table name -> the person's rows. */
  tables: Record<string, Row[]>;
  /** Files beside the JSON: the uploads and the form submissions' files. */
  files: { file: string; table: string; id: string; contentType: string; bytes: number }[];
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function columnsOf(deps: ExportDeps): Promise<Map<string, string[]>> {
  const found = await rows<{ table_name: string; column_name: string }>(
    deps.database.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const c of found) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c.column_name]);
  return tables;
}

function withoutSecrets(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([k, value]) => [k, SECRET_COLUMN.test(k) ? WITHHELD : value]));
}

/** Gather what we hold about user `userId`. */
export async function gatherPersonalData(deps: ExportDeps, userId: number): Promise<PersonalExport> {
  const db = deps.database.db;
  const tables = await columnsOf(deps);
  const out: Record<string, Row[]> = {};
  const add = (table: string, found: Row[]) => {
    if (found.length) out[table] = [...(out[table] ?? []), ...found.map(withoutSecrets)];
  };
  const [person] = await rows<{ id: number; email: string; telephone: string | null }>(
    db,
    sql`select id, email, telephone from users where id = ${userId}`,
  );
  if (!person) throw new Error(`no user ${userId}`);
  add('users', await rows<Row>(db, sql`select * from users where id = ${userId}`));
  for (const [table, columns] of tables)
    if (columns.includes('user_id'))
      add(table, await rows<Row>(db, sql`select * from ${sql.raw(quote(table))} where user_id = ${userId}`));
  const reservationIds = (out.reservations ?? []).map((r) => Number(r.id));
  if (reservationIds.length)
    for (const [table, columns] of tables)
      if (columns.includes('reservation_id') && !columns.includes('user_id'))
        add(
          table,
          await rows<Row>(
            db,
            sql`select * from ${sql.raw(quote(table))} where reservation_id in (${sql.join(
              reservationIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
  const addresses = [person.email, ...(person.telephone ? [`+62${person.telephone}`, person.telephone] : [])];
  add(
    'outbox_messages',
    await rows<Row>(
      db,
      sql`select * from outbox_messages where "to" in (${sql.join(
        addresses.map((a) => sql`${a}`),
        sql`, `,
      )}) order by id`,
    ),
  );
  add(
    'form_submissions',
    await rows<Row>(db, sql`select * from form_submissions where lower(email) = ${person.email}`),
  );
  const submissionIds = (out.form_submissions ?? []).map((s) => Number(s.id));
  if (submissionIds.length)
    add(
      'form_submission_files',
      await rows<Row>(
        db,
        sql`select * from form_submission_files where submission_id in (${sql.join(
          submissionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  add(
    'newsletter_subscribers',
    await rows<Row>(db, sql`select * from newsletter_subscribers where lower(email) = ${person.email}`),
  );
  return { exportedAt: nowOf(deps).toISOString(), person, tables: out, files: [] };
}

export const extension = (type: string) =>
  ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf', 'video/mp4': 'mp4' })[
    type
  ] ?? 'bin';

/**
 * Write the export of user `userId` under `outDir`: a folder `bobobox-export-<id>-<date>` holding
 * `personal-data.json` and `files/` (the person's uploads and form files), all private to this user.
 * Returns the folder.
 */
export async function exportPersonalData(
  deps: ExportDeps,
  userId: number,
  outDir: string,
): Promise<{ dir: string; data: PersonalExport }> {
  const data = await gatherPersonalData(deps, userId);
  const dir = path.join(outDir, `bobobox-export-${userId}-${jakartaToday(nowOf(deps)).toString()}`);
  await mkdir(path.join(dir, 'files'), { recursive: true, mode: PRIVATE_DIR_MODE });
  const store = blobStoreOf(deps);
  const fileRows = [
    ...(data.tables.user_uploads ?? []).map((u) => ({ table: 'user_uploads', id: String(u.id), name: String(u.kind) })),
    ...(data.tables.form_submission_files ?? []).map((f) => ({
      table: 'form_submission_files',
      id: String(f.id),
      name: String(f.field ?? 'file'),
    })),
  ];
  for (const f of fileRows) {
    const blob = await store.get(f.id);
    if (!blob) continue;
    const file = `files/${f.name}-${f.id}.${extension(blob.contentType)}`;
    await writeFile(path.join(dir, file), blob.bytes, { mode: PRIVATE_FILE_MODE });
    data.files.push({ file, table: f.table, id: f.id, contentType: blob.contentType, bytes: blob.bytes.byteLength });
  }
  await writeFile(path.join(dir, 'personal-data.json'), `${JSON.stringify(data, null, 2)}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
  log.info({ userId, tables: Object.keys(data.tables).length, files: data.files.length }, 'personal data exported');
  return { dir, data };
}
