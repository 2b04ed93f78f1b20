import { afterAll, describe, expect, it } from 'vitest';
import { testDeps } from '../auth/test-db.ts';
import { post } from '../auth/test-helpers.ts';
import { issueClientToken } from '../auth/tokens.service.ts';
import { outboxPageEnabled, withDevTools } from '../../tests/helpers/dev-tools.ts';
import { asc } from 'drizzle-orm';
import { outboxMessages, outboxSinkMessages } from './outbox.schema.ts';
import { startOutboxSender } from './outbox.sender.ts';
import { enqueueMessage } from './outbox.service.ts';

const { deps } = await testDeps();
// The sink and /api/dev/outbox, composed as the one server composes them.
const dev = await withDevTools(deps);
const sender = await startOutboxSender(deps);
const app = dev.app;
afterAll(async () => {
  await sender.stop();
  await dev.close();
  await deps.database.close();
});

type Listed = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  codes: string[];
  channel: string;
  created: string;
};
const listed = async (): Promise<Listed[]> => {
  const res = await app.request('/api/dev/outbox');
  expect(res.status).toBe(200);
  return (await res.json()).messages;
};

describe('outbox with the embedded SMTP sink', () => {
  it('a registration code e-mail goes over real SMTP into the sink and shows in /api/dev/outbox with its code, in Indonesian', async () => {
    expect(sender.transport).toBe('sink');
    expect(sender.sink?.port).toBeGreaterThan(0);
    const token = (await issueClientToken(deps, deps.env.WEB_CLIENT_ID)).access_token;
    const res = await post(
      app,
      '/api/auth/register',
      {
        fullName: 'Rina Putri',
        email: 'rina@example.com',
        password: 'kapsul2024',
        confirmPassword: 'kapsul2024',
        phone: '081298765432',
      },
      { token, lang: 'id' },
    );
    expect(res.status).toBe(201);
    expect(await sender.flush()).toBe(1);
    const [mail] = (await listed()).filter((m) => m.to === 'rina@example.com');
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('Kode verifikasi Bobobox kamu');
    expect(mail.text).toContain('Halo Rina Putri');
    expect(mail.html).toContain('<html lang="id">');
    expect(mail.codes).toHaveLength(1);
    expect(mail.codes[0]).toMatch(/^\d{4}$/);
    // The code from the mail verifies the account.
    const ok = await post(
      app,
      '/api/auth/register/complete',
      { channel: 'email', target: 'rina@example.com', code: mail.codes[0] },
      { token },
    );
    expect(ok.status).toBe(200);
    const rows = await deps.database.db.select().from(outboxMessages);
    expect(rows.find((r) => r.to === 'rina@example.com')?.status).toBe('sent');
  });

  it('English mail for English guests; SMS land in the same sink', async () => {
    await enqueueMessage(deps, {
      channel: 'sms',
      to: '+6281200000001',
      subject: 'x',
      text: '4321 is your Bobobox verification code.',
      lang: 'en',
    });
    await enqueueMessage(deps, {
      channel: 'email',
      to: 'en@example.com',
      subject: 'Your Bobobox verification code',
      text: 'Hi\n\n    9876\n',
      lang: 'en',
    });
    expect(await sender.flush()).toBe(2);
    const all = await listed();
    expect(all.find((m) => m.channel === 'sms')?.codes).toEqual(['4321']);
    expect(all.find((m) => m.to === 'en@example.com')?.codes).toEqual(['9876']);
  });

  it('two senders on one database never deliver a message twice (FOR UPDATE SKIP LOCKED claim)', async () => {
    const second = await startOutboxSender(deps);
    try {
      for (let i = 0; i < 30; i += 1) {
        await enqueueMessage(deps, {
          channel: 'email',
          to: `bulk${i}@example.com`,
          subject: `Bulk ${i}`,
          text: `message ${i}`,
          lang: 'en',
        });
      }
      const [a, b] = await Promise.all([sender.flush(), second.flush()]);
      expect(a + b).toBe(30);
      const all = await listed();
      for (let i = 0; i < 30; i += 1) expect(all.filter((m) => m.to === `bulk${i}@example.com`)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('a sign-up code goes out first after a flood of 100 form e-mails queued before it (queue positions)', async () => {
    for (let i = 0; i < 100; i += 1) {
      await enqueueMessage(deps, {
        channel: 'email',
        to: `partner${i}@example.com`,
        subject: 'Terima kasih, pesan kamu sudah kami terima',
        text: `form acknowledgement ${i}`,
        lang: 'id',
      });
    }
    const token = (await issueClientToken(deps, deps.env.WEB_CLIENT_ID)).access_token;
    const res = await post(
      app,
      '/api/auth/register',
      {
        fullName: 'Dimas Anggara',
        email: 'dimas.lane@example.com',
        password: 'kapsul2024',
        confirmPassword: 'kapsul2024',
        phone: '081377788899',
      },
      { token, lang: 'id' },
    );
    expect(res.status).toBe(201);
    const since = (await deps.database.db.select({ id: outboxSinkMessages.id }).from(outboxSinkMessages)).length;
    expect(await sender.flush()).toBe(101);
    const order = (await deps.database.db.select().from(outboxSinkMessages).orderBy(asc(outboxSinkMessages.id)))
      .slice(since)
      .map((m) => m.to);
    // The code waited behind none of the 100: it was the first message the sender delivered.
    expect(order.indexOf('dimas.lane@example.com')).toBe(0);
    expect(order).toHaveLength(101);
  });

  it('the dev page renders the messages as escaped HTML', async () => {
    await enqueueMessage(deps, {
      channel: 'email',
      to: 'xss@example.com',
      subject: '<script>alert(1)</script>',
      text: 'code 5555',
      lang: 'en',
    });
    await sender.flush();
    const res = await app.request('/dev/outbox/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('xss@example.com');
    expect(html).toContain('5555');
    expect(html).not.toContain('<script>alert(1)</script>');
  });
});

describe('with a real SMTP relay configured', () => {
  it('neither /api/dev/outbox nor /dev/outbox/ exists', async () => {
    const relay = await testDeps({ SMTP_URL: 'smtp://relay.example.com:587' }, deps.database);
    expect(outboxPageEnabled(relay.deps.env)).toBe(false);
    expect(outboxPageEnabled(deps.env)).toBe(true);
    const relayDev = await withDevTools(relay.deps);
    const relayApp = relayDev.app;
    expect((await relayApp.request('/api/dev/outbox')).status).toBe(404);
    expect((await relayApp.request('/dev/outbox/')).status).toBe(404);
    await relayDev.close();
  });
});
