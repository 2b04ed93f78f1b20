import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { stayPassSecret } from '../platform/env.ts';
import { findClient } from '../auth/clients.ts';
import { requireClient } from '../auth/middleware.ts';
import { parseInput, readBody } from '../http/input.ts';
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

/** The account area's API beside the reservation lists: the host's stay-pass check. */
export function accountRoutes(deps: AppDeps) {
  const app = new Hono();
  app.post('/host/v1/stay-pass/verify', requireHostClient(deps), async (c) => {
    const b = parseInput(StayPassVerifyInput, await readBody(c));
    const data = await verifyStayPass(deps.database.db, b, { now: nowOf(deps), secret: stayPassSecret(deps.env) });
    return c.json({ data });
  });
  return app;
}
