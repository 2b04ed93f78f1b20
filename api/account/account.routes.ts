import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { stayPassSecret } from '../platform/env.ts';
import { findClient } from '../auth/clients.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import { userIdOf } from '../http/context.ts';
import { requestLang } from '../http/errors.ts';
import { limitBody, parseInput, readBody } from '../http/input.ts';
import { listMyStays, listStayHistory } from './account-lists.ts';
import { deleteAccount } from './deletion.service.ts';
import { StayPassVerifyInput } from '../../core/contracts/account.ts';
import { stayPassErrors, verifyStayPass } from './stay-pass.service.ts';
import { nowOf } from '../platform/clock.ts';
import { documented } from '../http/contract.ts';
import { MyStayListSchema, StayHistoryListSchema, StayPassCheckSchema } from '../../core/contracts/account.ts';
import { AccountDeletedSchema } from '../../core/contracts/responses.ts';

/**
 * Host calls: a client token of a CONFIDENTIAL client (client_credentials with Basic auth, plus its
 * x-api-key: the host app or the operators' tools hold API_CLIENT_ID/API_CLIENT_SECRET). The public
 * web client, whose credentials ship in every browser, and any user token get 403.
 */
export function requireHostClient(deps: AppDeps): MiddlewareHandler {
  const client = requireClient(deps);
  return (c, next) =>
    client(c, async () => {
      const auth = c.get('auth');
      if (auth.kind !== 'client' || findClient(deps.env, auth.clientId)?.kind !== 'confidential')
        throw stayPassErrors.hostOnly();
      await next();
    });
}

/** The account area's API: My stay and its history, the host's stay-pass check, and deleting the account. */
export function accountRoutes(deps: AppDeps) {
  const app = new Hono();
  const user = requireUser(deps);
  const ctx = (c: Context) => ({ now: nowOf(deps), userId: userIdOf(c), lang: requestLang(c) });
  app.use('/clients/v1/stays', user);
  app.use('/clients/v1/stays/*', user);
  // My stay (HotelStayList) and history (HotelStayHistoryList) of the account area.
  app.get(
    '/clients/v1/stays',
    documented({
      response: MyStayListSchema,
      summary:
        'My stay (HotelStayList): active and upcoming paid stays with the signed stay pass and self check-in state',
      auth: 'user',
      tag: 'account',
    }),
    async (c) =>
      c.json({
        data: await listMyStays(deps.database.db, {
          ...ctx(c),
          stayPassSecret: stayPassSecret(deps.env),
          siteUrl: deps.env.SITE_URL,
        }),
      }),
  );
  app.get(
    '/clients/v1/stays/history',
    documented({
      response: StayHistoryListSchema,
      summary: 'History (HotelStayHistoryList): past stays, cancelled, expired and refunded orders',
      auth: 'user',
      tag: 'account',
    }),
    async (c) => c.json({ data: await listStayHistory(deps.database.db, ctx(c)) }),
  );
  app.post(
    '/clients/v1/my-account/delete',
    documented({
      response: AccountDeletedSchema,
      summary: 'Delete the account (409 account_deletion_blocked names the stay or payment in the way)',
      auth: 'user',
      tag: 'account',
    }),
    limitBody(),
    user,
    async (c) => c.json({ data: await deleteAccount(deps, userIdOf(c)) }),
  );
  app.post(
    '/host/v1/stay-pass/verify',
    documented({
      response: StayPassCheckSchema,
      summary:
        'A host checks a scanned stay pass (confidential client token only): 400 tampered or foreign, 404 unknown or another hotel, 409 unpaid or ended',
      auth: 'client',
      body: StayPassVerifyInput,
      tag: 'account',
    }),
    requireHostClient(deps),
    async (c) => {
      const b = parseInput(StayPassVerifyInput, await readBody(c));
      const data = await verifyStayPass(deps.database.db, b, { now: nowOf(deps), secret: stayPassSecret(deps.env) });
      return c.json({ data });
    },
  );
  return app;
}
