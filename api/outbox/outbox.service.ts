import type { AppDeps } from '../platform/deps.ts';
import type { Db } from '../platform/database.ts';
import type { ApiLang } from '../http/errors.ts';
import { OUTBOX_LANE, outboxMessages } from './outbox.schema.ts';
import type { OutboxLane } from './outbox.schema.ts';
import type { OutboxAttachment } from './outbox.schema.ts';
import { nowOf } from '../platform/clock.ts';

export type OutgoingMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** E-mail only: files (base64 content), e.g. a QR code image and an .ics calendar file. */
  attachments?: OutboxAttachment[];
  lang: ApiLang;
  /** What a guest waits for at a screen (a code) is urgent; everything else is bulk (the default). */
  lane?: OutboxLane;
};

/**
 * Queue a message; the sender delivers it (at least once, never twice concurrently). Pass the
 * caller's transaction as `tx` to queue the message with the rows it is about (a transactional
 * outbox: both are kept or neither); the sender then sees it once that transaction commits.
 */
export async function enqueueMessage(deps: AppDeps, message: OutgoingMessage, tx?: Db): Promise<number> {
  const [row] = await (tx ?? deps.database.db)
    .insert(outboxMessages)
    .values({
      ...message,
      lane: OUTBOX_LANE[message.lane ?? 'bulk'],
      html: message.html ?? null,
      attachments: message.attachments ?? [],
      status: 'pending',
      createdAt: nowOf(deps),
    })
    .returning({ id: outboxMessages.id });
  if (!tx) deps.outbox?.kick();
  return row.id;
}

/** Wake the sender after a transaction that queued messages has committed. */
export function kickOutbox(deps: AppDeps): void {
  deps.outbox?.kick();
}
