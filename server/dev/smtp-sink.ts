import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { AppDeps, MailTransport } from '../../api/platform/deps.ts';
import { outboxSinkMessages } from '../../api/outbox/outbox.schema.ts';
import { nowOf } from '../../api/platform/clock.ts';

const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/**
 * The embedded development transport: a real SMTP server on a loopback port. Every message it
 * accepts is parsed with postal-mime and stored in `outbox_sink_messages` before the 250 reply,
 * so a finished send is already readable at /api/dev/outbox.
 */
export async function startSmtpSink(deps: AppDeps): Promise<{ host: string; port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    name: 'bobobox-dev-sink',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        void (async () => {
          const email = await PostalMime.parse(Buffer.concat(chunks));
          const rcpt = session.envelope.rcptTo.map((r) => r.address).join(', ');
          await deps.database.db.insert(outboxSinkMessages).values({
            channel: 'email',
            from: email.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : null),
            to: rcpt || (email.to ?? []).map((a) => a.address ?? '').join(', '),
            subject: email.subject ?? null,
            text: email.text ?? null,
            html: email.html ?? null,
            attachments: email.attachments.map((a) => ({
              filename: a.filename ?? 'attachment',
              contentType: a.mimeType,
              content:
                typeof a.content === 'string'
                  ? Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8').toString('base64')
                  : Buffer.from(a.content as ArrayBuffer).toString('base64'),
              ...(a.contentId ? { cid: a.contentId.replace(/^<|>$/g, '') } : {}),
            })),
            messageId: email.messageId ?? null,
            receivedAt: nowOf(deps),
          });
        })().then(
          () => callback(),
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** SMS have no gateway in development: they are "delivered" straight into the same sink store. */
export async function storeSmsInSink(deps: AppDeps, message: { to: string; subject: string; text: string }) {
  await deps.database.db.insert(outboxSinkMessages).values({
    channel: 'sms',
    from: 'BOBOBOX',
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: null,
    messageId: null,
    receivedAt: nowOf(deps),
  });
}

/** The sink as the mail transport of AppDeps: e-mail over SMTP to it, SMS straight into its store. */
export async function startSinkTransport(deps: AppDeps): Promise<{ mail: MailTransport; close(): Promise<void> }> {
  const sink = await startSmtpSink(deps);
  return {
    mail: {
      kind: 'sink',
      smtp: { host: sink.host, port: sink.port, secure: false, ignoreTLS: true },
      sendSms: (message) => storeSmsInSink(deps, message),
    },
    close: sink.close,
  };
}
