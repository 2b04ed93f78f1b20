import { sql } from 'drizzle-orm';
import { rows } from '../db/query.ts';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../platform/deps.ts';
import type { OutboxAttachment } from './outbox.schema.ts';
import { logger } from '../observability/logger.ts';
import { nowOf } from '../platform/clock.ts';

const log = logger('outbox');

const BATCH = 20;
const MAX_ATTEMPTS = 5;
/** A row stuck in `sending` this long (its node died mid-send) is claimed again. */
const STALE_LOCK_SECONDS = 300;

type ClaimedRow = {
  id: number;
  channel: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | null;
  attempts: number;
};

export type OutboxSender = {
  transport: 'sink' | 'smtp';
  /** The loopback SMTP sink, when it is the transport. */
  sink?: { host: string; port: number };
  /** Ask for a delivery round soon (called after enqueue). */
  kick(): void;
  /** Deliver everything pending now; resolves with the number of messages sent. */
  flush(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * Claim a batch of due rows, the urgent lane first (codes and payment confirmations: a flood of bulk
 * mail delays one by at most the batch in flight). `FOR UPDATE SKIP LOCKED` lets several API nodes
 * run senders on the same table: a row locked by one node is skipped by the others, so nothing is
 * sent twice at once.
 */
async function claimBatch(deps: AppDeps): Promise<ClaimedRow[]> {
  const now = nowOf(deps);
  const stale = new Date(now.getTime() - STALE_LOCK_SECONDS * 1000);
  return rows<ClaimedRow>(
    deps.database.db,
    sql`
    with claimed as (
    update outbox_messages set status = 'sending', locked_at = ${now.toISOString()}, attempts = attempts + 1
    where id in (
      select id from outbox_messages
      where status = 'pending' or (status = 'sending' and locked_at < ${stale.toISOString()})
      order by lane, id
      limit ${BATCH}
      for update skip locked
    )
    returning id, lane, channel, "to", subject, text, html, attachments, attempts)
    select id, channel, "to", subject, text, html, attachments, attempts from claimed order by lane, id`,
  );
}

async function markDone(deps: AppDeps, id: number) {
  const now = nowOf(deps);
  await deps.database.db.execute(
    sql`update outbox_messages set status = 'sent', sent_at = ${now.toISOString()}, last_error = null where id = ${id}`,
  );
}

async function markFailed(deps: AppDeps, row: ClaimedRow, error: string) {
  const status = row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  await deps.database.db.execute(
    sql`update outbox_messages set status = ${status}, last_error = ${error.slice(0, 500)} where id = ${row.id}`,
  );
}

/**
 * Start delivering the outbox over the transport in deps.mail, chosen by the server: real SMTP to a
 * relay, or to the development sink (which also takes the SMS). Enqueueing kicks a round on this
 * node at once; the periodic round that picks up what a crashed or busy node left behind is the job
 * queue's `outbox.deliver` (server/jobs.ts), which runs once per slot across all nodes.
 */
export async function startOutboxSender(deps: AppDeps): Promise<OutboxSender> {
  const mail = deps.mail;
  if (!mail) throw new Error('No mail transport in AppDeps: the composing process must hand one in');
  const transporter = nodemailer.createTransport(mail.smtp);
  const sendSms = mail.sendSms;
  const sink =
    mail.kind === 'sink' && typeof mail.smtp !== 'string' ? { host: mail.smtp.host, port: mail.smtp.port } : undefined;

  async function deliver(row: ClaimedRow) {
    if (row.channel === 'email') {
      await transporter.sendMail({
        from: deps.env.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: (row.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
    } else if (sendSms) {
      await sendSms(row);
    } else {
      throw new Error('No SMS gateway is configured for the real transport');
    }
  }

  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  const round = async () => {
    let sent = 0;
    for (;;) {
      const rows = await claimBatch(deps);
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await deliver(row);
          await markDone(deps, row.id);
          sent += 1;
        } catch (err) {
          await markFailed(deps, row, err instanceof Error ? err.message : String(err));
        }
      }
      if (rows.length < BATCH) return sent;
    }
  };
  // One round at a time per process; the database keeps several processes apart.
  const flush = () => {
    running = running.catch(() => 0).then(round);
    return running;
  };
  let kickTimer: NodeJS.Timeout | undefined;
  const kick = () => {
    if (stopped || kickTimer) return;
    kickTimer = setTimeout(() => {
      kickTimer = undefined;
      flush().catch((err: unknown) => log.error({ err }, 'delivery round failed'));
    }, 10);
  };

  return {
    transport: sink ? 'sink' : 'smtp',
    sink: sink ? { host: sink.host, port: sink.port } : undefined,
    kick,
    flush,
    async stop() {
      stopped = true;
      if (kickTimer) clearTimeout(kickTimer);
      await running.catch(() => 0);
      transporter.close();
    },
  };
}
