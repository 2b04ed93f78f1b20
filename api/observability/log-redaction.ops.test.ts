import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { Temporal } from '../../core/temporal.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRETS } from '../platform/env.ts';
import { standInBuild, startNode, type NodeProcess } from '../../tests/helpers/node-process.ts';

// A whole guest journey against a real node (sign-up with its e-mailed code, sign-in, search, a hold,
// a card payment through the sandbox and a virtual-account one through the simulator, a profile
// picture upload and its signed link), with the node's log captured: every request is logged (id,
// route, status, duration) and none of the secrets the journey used appears anywhere in the log.

const build = standInBuild();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bbx-logs-'));
let node: NodeProcess | null = null;
afterAll(async () => {
  await node?.stop('SIGKILL');
  build.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

const WEB_KEY = EMBEDDED_SECRETS.WEB_API_KEY;

describe('the log of a whole journey', () => {
  it('has a line per request with its id, route, status and duration, and none of the secrets used', async () => {
    // The embedded database (seeded on start), even when the ops tier sets DATABASE_URL.
    node = await startNode({
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      SITE_BUILD_DIR: build.dir,
      LOG_LEVEL: 'debug',
    });
    const base = node.base;
    const secrets: string[] = [];
    const call = async (
      method: string,
      url: string,
      init: { headers?: Record<string, string>; body?: BodyInit } = {},
    ) => {
      const res = await fetch(`${base}${url}`, { method, headers: init.headers, body: init.body });
      const text = await res.text();
      return { status: res.status, text, json: () => JSON.parse(text) as Record<string, any>, headers: res.headers };
    };
    const form = (fields: Record<string, string>) => new URLSearchParams(fields);

    // Client token.
    const client = (
      await call('POST', '/api/oauth2/token', {
        headers: { 'x-api-key': WEB_KEY },
        body: form({ grant_type: 'client_credentials', client_id: 'bobobox-web' }),
      })
    ).json().access_token as string;
    secrets.push(client);
    const asClient = { authorization: `Bearer ${client}`, 'x-api-key': WEB_KEY };

    // Sign-up, with the code from the development outbox.
    const n = `${Date.now()}`.slice(-8);
    const email = `logs-${n}@example.com`;
    const password = `Rahasia-${n}-tidur`;
    secrets.push(password);
    const reg = await call('POST', '/api/auth/register', {
      headers: asClient,
      body: form({ fullName: 'Log Journey', email, phone: `81${n}`, password, confirmPassword: password }),
    });
    expect(reg.status, reg.text).toBe(201);
    let code = '';
    for (let i = 0; i < 50 && !code; i++) {
      const outbox = (await call('GET', '/api/dev/outbox')).json() as { messages: { to: string; codes: string[] }[] };
      code = outbox.messages.find((m) => m.to.includes(email) && m.codes.length)?.codes[0] ?? '';
      if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(code).toMatch(/^\d{4}$/);
    const done = await call('POST', '/api/auth/register/complete', {
      headers: asClient,
      body: form({ channel: 'email', target: email, code }),
    });
    expect(done.status, done.text).toBe(200);
    secrets.push(done.json().access_token, done.json().refresh_token);

    // Sign-in with the password.
    const signIn = await call('POST', '/api/oauth2/token', {
      headers: { 'x-api-key': WEB_KEY },
      body: form({ grant_type: 'password', client_id: 'bobobox-web', username: email, password }),
    });
    expect(signIn.status, signIn.text).toBe(200);
    const access = signIn.json().access_token as string;
    secrets.push(access, signIn.json().refresh_token);
    const asUser = { authorization: `Bearer ${access}` };

    // Search, then a hold on the first night hotel 1 sells.
    const today = Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate();
    const search = await call('POST', '/api/clients/v1/search', {
      headers: asClient,
      body: form({
        hotelId: '1',
        checkInDateTime: today.add({ days: 3 }).toString(),
        checkOutDateTime: today.add({ days: 5 }).toString(),
      }),
    });
    expect(search.status, search.text).toBe(200);
    const hold = async () => {
      for (let i = 1; i < 30; i++) {
        const checkin = today.add({ days: i });
        const res = await call('POST', '/api/clients/v1/reservations/create', {
          headers: asUser,
          body: form({
            hotel_id: '1',
            room_type_id: '11',
            check_in_date_time: checkin.toString(),
            check_out_date_time: checkin.add({ days: 1 }).toString(),
            total_room: '1',
          }),
        });
        if (res.status === 201) return res.json().data.id as number;
      }
      throw new Error('no reservation could be made');
    };

    // A card payment: the card is tokenised at the sandbox, the token charged.
    const card = '4811111111111114';
    const cvv = '739';
    secrets.push(card);
    const cfg = (await call('GET', '/api/payments/config', { headers: asClient })).json().data as {
      client_key: string;
    };
    const tokenised = (
      await call(
        'GET',
        `/dev/payment-simulator/v2/token/?client_key=${cfg.client_key}&card_number=${card}&card_exp_month=12&card_exp_year=2031&card_cvv=${cvv}`,
      )
    ).json() as { token_id: string };
    secrets.push(tokenised.token_id);
    const first = await hold();
    const cardCharge = await call('POST', '/api/clients/v1/payment/charge', {
      headers: { ...asUser, 'content-type': 'application/json' },
      body: JSON.stringify({
        reservation_id: first,
        payment_channel_code: 'credit_card',
        terms_accepted: true,
        token_id: tokenised.token_id,
      }),
    });
    expect(cardCharge.status, cardCharge.text).toBe(200);

    // A virtual-account payment settled through the simulator (its notification comes back in).
    const second = await hold();
    const vaCharge = await call('POST', '/api/clients/v1/payment/charge', {
      headers: { ...asUser, 'content-type': 'application/json' },
      body: JSON.stringify({ reservation_id: second, payment_channel_code: 'bca_va', terms_accepted: true }),
    });
    expect(vaCharge.status, vaCharge.text).toBe(200);
    const order = vaCharge.json().data.order_id as string;
    expect((await call('POST', `/dev/payment-simulator/${order}/pay/`)).status).toBeLessThan(400);
    let paid = 0;
    for (let i = 0; i < 50 && paid !== 2; i++) {
      const status = await call('GET', `/api/clients/v1/payment/status?reservationId=${second}`, { headers: asUser });
      paid = status.json().data?.payment_status ?? 0;
      if (paid !== 2) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(paid).toBe(2);

    // A profile picture, and the signed link to it.
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a77c2' } })
      .jpeg()
      .toBuffer();
    const upload = new FormData();
    upload.append('files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    const uploaded = await call('POST', '/api/clients/v1/my-account/upload-profile-picture', {
      headers: asUser,
      body: upload,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const profile = await call('GET', '/api/clients/v1/my-account', { headers: asUser });
    const link = /\/api\/files\?[^"]+/.exec(profile.text)?.[0];
    expect(link, profile.text).toBeTruthy();
    const signature = new URL(link!, base).searchParams.get('sig') ?? link!;
    secrets.push(link!, signature);
    expect((await call('GET', link!)).status).toBe(200);

    // Let the last lines reach the log, then read it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const log = node.output();
    const lines = node.logs();
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.length).toBeGreaterThan(15);
    for (const line of requests) {
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof line.route).toBe('string');
      expect(typeof line.status).toBe('number');
      expect(typeof line.ms).toBe('number');
    }
    const routes = new Set(requests.map((line) => line.route));
    for (const route of [
      '/api/oauth2/token',
      '/api/auth/register/complete',
      '/api/clients/v1/search',
      '/api/clients/v1/reservations/create',
      '/api/clients/v1/payment/charge',
      '/api/clients/v1/my-account/upload-profile-picture',
      '/api/files',
    ])
      expect(routes, route).toContain(route);
    for (const secret of secrets)
      expect(log.includes(secret), `a secret in the log: ${secret.slice(0, 6)}…`).toBe(false);
    // The code only counts where it could be read as one (four digits alone, not inside a number).
    expect(log).not.toMatch(new RegExp(`(?<![\\d.:-])${code}(?![\\d.:-])`));
    expect(log).not.toContain(`card_cvv=${cvv}`);
    expect(log.toLowerCase()).not.toContain('authorization');
    expect(log.toLowerCase()).not.toContain('cookie');
  });
});
