import { mkdtemp, readFile, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDeps } from '../auth/test-db.ts';
import { users } from '../auth/auth.schema.ts';
import { openDatabase } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { fillForBackup } from '../backup/backup.test-helpers.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import { runOps } from '../operator.ts';
import type { PersonalExport } from './export.service.ts';

// Issue 27, item 5: the right of access. `npm run ops -- export-user <e-mail|phone>` writes everything
// we hold about one person (account, stays, payments, points, uploads, messages, events) as one JSON
// file with their files beside it, in a private folder, and nothing of anyone else.

describe('npm run ops -- export-user', () => {
  it("writes one person's data and files, found by e-mail or phone, and no one else's", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'export-data-'));
    const database = await openDatabase({ DATA_DIR: dataDir });
    await openSeededDatabase(TEST_NOW, database);
    const t = await testDeps({ DATA_DIR: dataDir }, database);
    t.setNow(TEST_NOW);
    const { deps } = t;
    const filled = await fillForBackup(deps, TEST_NOW);
    const [me, other] = filled.guests;
    const db = deps.database.db;
    // Make the first guest the contact form's sender, give them a phone and a sent text message.
    await db.update(users).set({ email: 'sari@example.com', telephone: '81234567890' }).where(eq(users.id, me!));
    await enqueueMessage(deps, {
      channel: 'sms',
      to: '+6281234567890',
      subject: '',
      text: 'Kode kamu 4821',
      lang: 'id',
    });
    await rows(db, sql`update outbox_messages set status = 'sent' where "to" = '+6281234567890'`);

    // A night of their first stay, and one of the other guest's (which must not come along).
    const [first] = await rows<{ id: number; room_type_id: number }>(
      db,
      sql`select id, room_type_id from reservations where user_id = ${me!} order by id limit 1`,
    );
    const [theirs] = await rows<{ id: number; room_type_id: number }>(
      db,
      sql`select id, room_type_id from reservations where user_id = ${other!} order by id limit 1`,
    );
    for (const r of [first!, theirs!])
      await rows(
        db,
        sql`insert into reservation_nights (reservation_id, date, room_type_id, rooms, price, fake_price)
            values (${r.id}, '2026-02-10', ${r.room_type_id}, 1, 250000, 300000) returning reservation_id`,
      );

    // A purchase event of that stay (events carry no account, only the reservation).
    await rows(
      db,
      sql`insert into analytics_events (name, received_at, client_id, page_path, reservation_id, fields)
          values ('purchase', now(), 'c-1', '/payment/', ${first!.id}, '{}'::jsonb) returning id`,
    );

    const out = await mkdtemp(path.join(tmpdir(), 'export-out-'));
    const byPhone = await runOps(['export-user', '0812-3456-7890', '--out', out], deps);
    expect(byPhone.code).toBe(0);
    expect(byPhone.out[0]).toMatch(new RegExp(`^#${me} sari@example\\.com: \\d+ records in \\d+ tables and 3 files$`));
    const [folder] = await readdir(out);
    const dir = path.join(out, folder!);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, 'personal-data.json'))).mode & 0o777).toBe(0o600);
    const data = JSON.parse(await readFile(path.join(dir, 'personal-data.json'), 'utf8')) as PersonalExport;

    expect(data.person).toEqual({ id: me, email: 'sari@example.com', telephone: '81234567890' });
    const t_ = data.tables;
    expect(t_.users).toHaveLength(1);
    expect(String(t_.users![0]!.password_hash)).toMatch(/^\(withheld/);
    // Stays, their nights and payments, points, uploads, sessions: every row is this person's.
    expect(t_.reservations!.length).toBe(2);
    expect(t_.reservations!.every((r) => r.user_id === me)).toBe(true);
    expect(t_.reservation_nights!.map((n) => n.reservation_id)).toEqual([first!.id]);
    expect(t_.bobopoint_ledger!.every((r) => r.user_id === me)).toBe(true);
    expect(t_.analytics_events!.map((e) => [e.name, e.reservation_id])).toEqual([['purchase', first!.id]]);
    expect(t_.user_uploads!.map((u) => u.kind).sort()).toEqual(['id_card', 'selfie']);
    // Messages sent to their phone (sent ones too) and their form submissions with the proposal's file.
    expect(t_.outbox_messages!.some((m) => m.to === '+6281234567890' && m.status === 'sent')).toBe(true);
    expect(t_.form_submissions!.map((s) => s.form).sort()).toEqual(['contact', 'partnership']);
    // Nothing of the other guest anywhere.
    expect(JSON.stringify(data)).not.toMatch(new RegExp(`"user_id":${other}\\b`));

    // The files, byte for byte.
    expect(data.files.map((f) => f.table).sort()).toEqual(['form_submission_files', 'user_uploads', 'user_uploads']);
    for (const f of data.files) {
      const stored = await blobStoreOf(deps).get(f.id);
      expect(new Uint8Array(await readFile(path.join(dir, f.file)))).toEqual(new Uint8Array(stored!.bytes));
    }

    // By e-mail the same person; an unknown one is told so.
    const byEmail = await runOps(['export-user', 'Sari@Example.com', '--out', out], deps);
    expect(byEmail.out[0]).toBe(byPhone.out[0]);
    expect(await runOps(['export-user', 'nobody@example.com', '--out', out], deps)).toEqual({
      code: 1,
      out: ['No account matches "nobody@example.com".'],
    });
    await database.close();
  });
});
