import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import type { createApp } from '../app.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { codesIn } from '../outbox/templates.ts';
import { backgroundSettled } from './background.ts';

type App = ReturnType<typeof createApp>;

/** POST a JSON (default) or form body with the web client's API key and optional bearer token. */
export function post(
  app: App,
  path: string,
  body: unknown,
  opts: {
    token?: string;
    apiKey?: string | null;
    form?: boolean;
    lang?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.apiKey !== null) headers['x-api-key'] = opts.apiKey ?? 'dev-only-web-api-key';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  let payload: string;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body as Record<string, string>).toString();
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return app.request(path, { method: 'POST', headers, body: payload });
}

/** The latest 4-digit code queued for this address (read from the outbox, as a guest would from mail). */
export async function latestCode(deps: AppDeps, to: string): Promise<string> {
  // Code e-mails are prepared after the answer (api/auth/background.ts).
  await backgroundSettled();
  const [row] = await deps.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const [code] = row ? codesIn(row.text) : [];
  if (!code) throw new Error(`no code queued for ${to}`);
  return code;
}
