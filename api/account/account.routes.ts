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
  app.get('/clients/v1/stays', async (c) =>
    c.json({
      data: await listMyStays(deps.database.db, {
        ...ctx(c),
        stayPassSecret: stayPassSecret(deps.env),
        siteUrl: deps.env.SITE_URL,
      }),
    }),
  );
  app.get('/clients/v1/stays/history', async (c) => c.json({ data: await listStayHistory(deps.database.db, ctx(c)) }));
  app.post('/clients/v1/my-account/delete', limitBody(), user, async (c) =>
    c.json({ data: await deleteAccount(deps, userIdOf(c)) }),
  );
  app.post('/host/v1/stay-pass/verify', requireHostClient(deps), async (c) => {
    const b = parseInput(StayPassVerifyInput, await readBody(c));
    const data = await verifyStayPass(deps.database.db, b, { now: nowOf(deps), secret: stayPassSecret(deps.env) });
    return c.json({ data });
  });
  return app;
}
