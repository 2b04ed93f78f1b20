import type { AppDeps } from '../deps.ts';
import { sqlDb } from '../auth/auth.db.ts';
import type { ApiLang } from '../http/errors.ts';
import { outboxMessages } from './outbox.schema.ts';
import type { OutboxAttachment } from './outbox.schema.ts';

export type OutgoingMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** E-mail only: files (base64 content), e.g. a QR code image and an .ics calendar file. */
  attachments?: OutboxAttachment[];
  lang: ApiLang;
};

/** Queue a message; the sender delivers it (at least once, never twice concurrently). */
export async function enqueueMessage(deps: AppDeps, message: OutgoingMessage): Promise<number> {
  const [row] = await sqlDb(deps)
    .insert(outboxMessages)
    .values({
      ...message,
      html: message.html ?? null,
      attachments: message.attachments ?? [],
      status: 'pending',
      createdAt: deps.now ? deps.now() : new Date(),
    })
    .returning({ id: outboxMessages.id });
  deps.outbox?.kick();
  return row.id;
}
