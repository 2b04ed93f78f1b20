import { readdir, readFile, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
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
import { purgeDeletedAccounts } from './deletion.service.ts';

// Issue 27, item 4: deletion forgets. Thirty days after a guest deleted their account, the purge
// leaves nothing that names them: every text column of every table, and every file under DATA_DIR
// but the database's own storage (its tables are searched instead), is searched for their e-mail,
// phone, name and order ids. Payments and reservations stay for accounting: their order ids are
// allowed there, and only there.

const NAME = 'Sari Wulandari';
const EMAIL = 'sari@example.com';
const PHONE = '81234567890';

/** Where a needle is still found: "table.column" for every text, varchar or JSON column. */
async function tablesNaming(db: Parameters<typeof rows>[0], needle: string): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  const found: string[] = [];
  for (const { table_name: t, column_name: c } of columns) {
    const [hit] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(`"${t}"`)} where position(lower(${needle}) in lower(${sql.raw(`"${c}"`)}::text)) > 0`,
    );
    if (hit!.n > 0) found.push(`${t}.${c}`);
  }
  return found;
}

/** Files under `dir` (the database's own folder left out) whose bytes contain a needle. */
async function filesNaming(dir: string, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const visit = async (at: string) => {
    for (const name of await readdir(at)) {
      const full = path.join(at, name);
      if (path.relative(dir, full) === 'pglite') continue;
      if ((await stat(full)).isDirectory()) await visit(full);
      else {
        const bytes = await readFile(full);
        for (const n of needles) if (bytes.includes(Buffer.from(n))) found.push(`${path.relative(dir, full)}: ${n}`);
      }
    }
  };
  await visit(dir);
  return found;
}

describe('the purge after 30 days', () => {
  it('leaves nothing in any table or file that names the person; their payments stay, anonymised', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'purge-forgets-'));
    const database = await openDatabase({ DATA_DIR: dataDir });
    await openSeededDatabase(TEST_NOW, database);
    const t = await testDeps({ DATA_DIR: dataDir }, database);
    t.setNow(TEST_NOW);
    const { deps } = t;
    const db = deps.database.db;
    // Two guests with stays, points, ID pictures; a contact message and a proposal (with a file) from her.
    const [me, other] = (await fillForBackup(deps, TEST_NOW)).guests as [number, number];
    await db.update(users).set({ name: NAME, email: EMAIL, telephone: PHONE }).where(eq(users.id, me));
    await rows(
      db,
      sql`update reservations set guest_name = ${NAME}, guest_email = ${EMAIL}, guest_phone = ${PHONE}
          where user_id = ${me} returning 1`,
    );
    const orders = (
      await rows<{ id: number; order_id: string }>(db, sql`select id, order_id from reservations where user_id = ${me}`)
    ).map((r) => r.order_id);
    const [stay] = await rows<{ id: number }>(db, sql`select id from reservations where user_id = ${me} limit 1`);
    const [otherEmail] = await rows<{ email: string }>(db, sql`select email from users where id = ${other}`);

    // What else names her: mail and SMS (sent ones too), the operators' copy of her message, the sink,
    // a kept Idempotency-Key answer, a rate-limit counter, a form draft, codes, a site event, a payment.
    await enqueueMessage(deps, {
      channel: 'email',
      to: EMAIL,
      subject: `Booking ${orders[0]} confirmed`,
      text: `Hi ${NAME}`,
      lang: 'en',
    });
    await enqueueMessage(deps, { channel: 'sms', to: `+62${PHONE}`, subject: '', text: 'Kode kamu 4821', lang: 'id' });
    await enqueueMessage(deps, {
      channel: 'email',
      to: 'ops@bobobox.local',
      subject: 'New contact message #7',
      text: `email: ${EMAIL}\nname: ${NAME}`,
      lang: 'en',
    });
    await enqueueMessage(deps, {
      channel: 'email',
      to: otherEmail!.email,
      subject: 'Your stay',
      text: 'See you soon',
      lang: 'en',
    });
    await rows(
      db,
      sql`update outbox_messages set status = 'sent' where "to" in (${EMAIL}, ${`+62${PHONE}`}) returning 1`,
    );
    await rows(
      db,
      sql`insert into outbox_sink_messages (channel, "to", subject, text, received_at)
          values ('email', ${EMAIL}, ${`Booking ${orders[0]}`}, ${`Hi ${NAME}`}, now()) returning id`,
    );
    await rows(
      db,
      sql`insert into idempotency_keys (user_id, scope, key, request_hash, status, body, created_at, expires_at)
          select ${me}, 'reservations.create', 'k-1', 'h', 201, ${JSON.stringify({ guest_name: NAME, order_id: orders[0] })}::jsonb, now(), now() + interval '1 day'
          returning key`,
    );
    await rows(
      db,
      sql`insert into rate_limits (key, window_start, count, expires_at)
          values (${`form-post-email:${EMAIL}`}, now(), 1, now() + interval '1 hour') returning 1`,
    );
    await rows(
      db,
      sql`insert into form_drafts (id, form, values, errors, files_dropped, started_at, expires_at)
          values ('draft-sari', 'contact', ${JSON.stringify({ name: NAME, email: EMAIL })}::jsonb, '{}'::jsonb, false, now(), now() + interval '1 hour')
          returning id`,
    );
    await rows(
      db,
      sql`insert into analytics_events (name, received_at, client_id, page_path, reservation_id, value, fields)
          values ('purchase', now(), 'c-sari', ${`/payment/?order=${orders[0]}`}, ${stay!.id}, 250000,
                  ${JSON.stringify({ transaction_id: orders[0] })}::jsonb) returning id`,
    );
    await rows(
      db,
      sql`insert into payment_charges (order_id, reservation_id, user_id, attempt, channel_code, payment_type,
            gross_amount, lang, gateway, status, expires_at, created_at, updated_at)
          values (${`${orders[0]}-P1`}, ${stay!.id}, ${me}, 1, 'BCA_VA', 'bank_transfer', 250000, 'id', 'sandbox',
            'settlement', now(), now(), now()) returning id`,
    );
    // The other guest invited her to a stay of theirs (a share addressed to her e-mail, and its message).
    const [theirStay] = await rows<{ id: number }>(
      db,
      sql`select id from reservations where user_id = ${other} limit 1`,
    );
    await rows(
      db,
      sql`insert into stay_shares (reservation_id, contact, contact_kind, status, created_at)
          values (${theirStay!.id}, ${EMAIL}, 'email', 'pending', now()) returning id`,
    );
    await enqueueMessage(deps, {
      channel: 'email',
      to: EMAIL,
      subject: 'A Bobobox stay was booked for you',
      text: `Invited: ${EMAIL}`,
      lang: 'en',
    });
    await rows(
      db,
      sql`insert into operator_audit (at, operator, action, user_id, reason, detail)
          values (now(), 'ops-ana', 'identity.show', ${me}, ${`complaint from ${NAME} about ${orders[0]}`}, '{}'::jsonb)
          returning id`,
    );
    const needles = [EMAIL, PHONE, NAME, ...orders];
    for (const n of [EMAIL, NAME, orders[0]!]) expect((await tablesNaming(db, n)).length).toBeGreaterThan(2);

    // She deleted her account 31 days ago; the purge runs.
    await db
      .update(users)
      .set({ deactivatedAt: new Date(TEST_NOW.getTime() - 31 * 86_400_000) })
      .where(eq(users.id, me));
    expect(await purgeDeletedAccounts(deps, TEST_NOW)).toBe(1);

    // Order ids stay only where accounting keeps them: the reservation and the payment.
    const kept = new Set(['reservations.order_id', 'payment_charges.order_id']);
    for (const n of needles) {
      const left = (await tablesNaming(db, n)).filter((where) => !(orders.includes(n) && kept.has(where)));
      expect(left, n).toEqual([]);
    }
    expect(await filesNaming(dataDir, needles)).toEqual([]);
    // Her uploads are gone from the disk; the other guest's stay.
    const uploads = await readdir(path.join(dataDir, 'uploads'));
    const theirs = await rows<{ id: string }>(db, sql`select id from user_uploads where user_id = ${other}`);
    expect(theirs.length).toBe(2);
    expect(uploads.filter((f) => !f.endsWith('.type')).sort()).toEqual(theirs.map((u) => u.id).sort());
    // The accounting stays: her reservations (with no name) and the payment; the event keeps its value.
    expect(await rows(db, sql`select guest_name from reservations where user_id = ${me}`)).toEqual(
      orders.map(() => ({ guest_name: 'Deleted guest' })),
    );
    expect(await rows(db, sql`select status from payment_charges where user_id = ${me}`)).toEqual([
      { status: 'settlement' },
    ]);
    expect(await rows(db, sql`select name, value from analytics_events where reservation_id = ${stay!.id}`)).toEqual([
      { name: 'purchase', value: 250000 },
    ]);
    // The other guest is untouched, mail included.
    expect(await tablesNaming(db, otherEmail!.email)).toEqual(
      expect.arrayContaining(['users.email', 'outbox_messages.to']),
    );
    await database.close();
  });
});
