import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { openDatabase } from './client.ts';
import type { Database } from '../platform/database.ts';
import { migrate } from './migrate.ts';
import { seedDatabase } from '../seed/seed.ts';
import { jakartaToday } from '../../core/dates.ts';

/** Test clock start: 10:00 WIB on 2 March 2026 (auth's testDeps default). */
export const TEST_NOW = new Date('2026-03-02T03:00:00.000Z');

export async function openSeededDatabase(now: Date = TEST_NOW, database?: Database): Promise<Database> {
  const db = database ?? (await openDatabase({ DATA_DIR: 'memory://' }));
  await migrate(db);
  await seedDatabase(db, jakartaToday(now));
  return db;
}

type CallOptions = {
  token?: string;
  apiKey?: string;
  form?: Record<string, string>;
  json?: unknown;
  body?: string;
  contentType?: string;
  lang?: 'id' | 'en';
};

/** One seeded PGlite + the app + a client token and a signed-in user, for a test file. */
export async function bookingTestApp(envOverrides: Record<string, string> = {}, database?: Database) {
  const db = await openSeededDatabase(TEST_NOW, database);
  const t = await testDeps(envOverrides, db);
  t.setNow(TEST_NOW);
  const app = createApp(t.deps);
  let tokens = await tokensForTest(t.deps);
  const call = async (method: string, path: string, o: CallOptions = {}) => {
    const headers: Record<string, string> = { 'accept-language': o.lang ?? 'en' };
    if (o.token !== '') headers.authorization = `Bearer ${o.token ?? tokens.clientToken}`;
    if (o.apiKey !== '') headers['x-api-key'] = o.apiKey ?? tokens.apiKey;
    let body: string | undefined;
    if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(o.form).toString();
    } else if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.body !== undefined) {
      headers['content-type'] = o.contentType ?? 'application/json';
      body = o.body;
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let data: any = null;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    return { status: res.status, data };
  };
  const gql = (
    gateway: 'open' | 'secure',
    query: string,
    variables: Record<string, unknown> = {},
    o: CallOptions = {},
  ) =>
    call('POST', `/api/gateway/${gateway}`, {
      token: gateway === 'secure' ? tokens.userToken : undefined,
      ...o,
      json: { query, variables },
    });
  return {
    ...t,
    app,
    db,
    call,
    gql,
    /** The signed-in guest of this file's calls (a new one after useNewGuest). */
    get tokens() {
      return tokens;
    },
    get userToken() {
      return tokens.userToken!;
    },
    get userId() {
      return tokens.userId!;
    },
    /**
     * From now on, calls sign in as a new guest: tests own their data (an account holds at most
     * three unpaid reservations, so a file that books a lot books as several guests).
     */
    async useNewGuest() {
      tokens = await tokensForTest(t.deps);
    },
  };
}
