import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../platform/deps.ts';
import type { Database } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { earnPendingForStay, grantWelcomePoints } from '../points/points.service.ts';
import { insertStay } from '../points/test-ledger.ts';
import { saveUploads } from '../profile/uploads.service.ts';
import { blobStoreOf } from '../storage/blob-store.ts';

// What a backup must carry, written through the services where they exist: reservations, points,
// a contact message and a proposal with a file, and a guest's pictures (the uploads).

const picture = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Fill a seeded, migrated database with the data of two guests; returns what was written. */
export async function fillForBackup(deps: AppDeps, now: Date) {
  const db = deps.database.db;
  const guests = [await tokensForTest(deps), await tokensForTest(deps)];
  let reservations = 0;
  for (const [i, g] of guests.entries()) {
    const stay = await insertStay(db, g.userId!, { checkin: '2026-02-10', checkout: `2026-02-1${2 + i}` });
    await earnPendingForStay(db, g.userId!, stay, `2026-02-1${2 + i}`, now);
    await insertStay(db, g.userId!, { checkin: '2026-04-01', checkout: '2026-04-02', status: 1 });
    reservations += 2;
    const file = (color: string, name: string) =>
      picture(color).then((b) => new File([new Uint8Array(b)], name, { type: 'image/jpeg' }));
    await saveUploads(
      deps,
      g.userId!,
      [
        { kind: 'id_card', file: await file(i ? '#224488' : '#884422', 'card.jpg') },
        { kind: 'selfie', file: await file('#00aa66', 'selfie.jpg') },
      ],
      { submitIdentity: true },
    );
  }
  await grantWelcomePoints(db, now);
  for (const form of ['contact', 'partnership'] as const) {
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into form_submissions (form, lang, name, email, phone, fields, created_at, mails_queued_at)
          values (${form}, 'id', 'Sari Wulandari', 'sari@example.com', '81234567890',
            ${JSON.stringify({ message: 'Halo, kamu punya kamar untuk 4 orang?' })}::jsonb, ${now.toISOString()}::timestamptz, null)
          returning id`,
    );
    if (form === 'partnership') {
      const id = 'proposalfile0123456789abcdef';
      const bytes = new TextEncoder().encode('%PDF-1.4 a proposal\n');
      await blobStoreOf(deps).put(id, bytes, 'application/pdf');
      await rows(
        db,
        sql`insert into form_submission_files (id, submission_id, field, content_type, size, file_name, created_at)
            values (${id}, ${row!.id}, 'document', 'application/pdf', ${bytes.byteLength}, 'proposal.pdf', ${now.toISOString()}::timestamptz)
            returning id`,
      );
    }
  }
  return { guests: guests.map((g) => g.userId!), reservations };
}

/**
 * Every table of the database, each as its rows' text in a stable order, and every sequence's
 * position: two databases are equal when these are.
 */
export async function tableContents(database: Database): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const tables = await database.executeSql(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  for (const { s, t } of tables.rows as { s: string; t: string }[]) {
    const q = `"${s.replace(/"/g, '""')}"."${t.replace(/"/g, '""')}"`;
    const { rows: found } = await database.executeSql(`select x::text as r from ${q} x order by 1`);
    out.set(
      `${s}.${t}`,
      found.map((r) => String(r.r)),
    );
  }
  const seqs = await database.executeSql(
    `select schemaname || '.' || sequencename as name, coalesce(last_value, 0)::text as v from pg_sequences order by 1`,
  );
  out.set(
    '(sequences)',
    seqs.rows.map((r) => `${String(r.name)}=${String(r.v)}`),
  );
  return out;
}

/** The files of a folder, by name, as bytes (an absent folder holds none). */
export async function folderFiles(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.sort()) out.set(name, await readFile(path.join(dir, name)));
  return out;
}
