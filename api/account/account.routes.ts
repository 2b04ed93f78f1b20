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
import {
  CheckInAttemptBody,
  CheckInResultSchema,
  InvitationSchema,
  InviteGuestBody,
  ShareDoneSchema,
  ShareIdBody,
  StayPassVerifyInput,
  StayShareSchema,
} from '../../core/contracts/account.ts';
import * as v from 'valibot';
import { loadOwned } from '../reservations/reservations.service.ts';
import { answerInvitation, invitationsFor, leaveShare, revokeShare, shareStay } from '../reservations/stay-guests.ts';
import { recordCheckInAttempt } from './check-in.service.ts';
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
  // Booking for others (api/reservations/stay-guests.ts): the booker invites and revokes; the person
  // invited sees the invitation in their own account, accepts or declines, and may leave later.
  const shareRoute = (path: string, summary: string, run: (c: Context, shareId: number) => Promise<void>) =>
    app.post(
      path,
      documented({
        response: ShareDoneSchema,
        summary,
        auth: 'user',
        body: ShareIdBody,
        tag: 'account',
        limited: true,
      }),
      limitBody(),
      async (c) => {
        const b = parseInput(ShareIdBody, await readBody(c));
        await run(c, b.shareId);
        return c.json({ data: { ok: true as const } });
      },
    );
  app.post(
    '/clients/v1/stays/guests/invite',
    documented({
      response: v.array(StayShareSchema),
      summary:
        'Invite someone to a stay by e-mail or phone (booker only): the same answer whether or not they have an account; they answer in their own',
      auth: 'user',
      body: InviteGuestBody,
      tag: 'account',
      limited: true,
      ok: 201,
    }),
    limitBody(),
    async (c) => {
      const b = parseInput(InviteGuestBody, await readBody(c));
      const at = ctx(c);
      const r = await loadOwned(deps.database.db, b.reservationId, at.userId);
      const shares = await shareStay(deps, r, [b.contact], { lang: at.lang, now: at.now });
      return c.json({ data: shares }, 201);
    },
  );
  shareRoute(
    '/clients/v1/stays/guests/revoke',
    'The booker takes a guest off a stay (their pass stops working)',
    (c, id) => revokeShare(deps.database.db, userIdOf(c), id, nowOf(deps)),
  );
  app.get(
    '/clients/v1/stays/invitations',
    documented({
      response: v.array(InvitationSchema),
      summary: 'Stays others booked for the user, waiting for their answer (to their verified e-mail or phone)',
      auth: 'user',
      tag: 'account',
    }),
    async (c) => c.json({ data: await invitationsFor(deps.database.db, userIdOf(c), nowOf(deps)) }),
  );
  shareRoute(
    '/clients/v1/stays/invitations/accept',
    'Accept an invitation: the stay joins My stay with a pass of its own',
    (c, id) => answerInvitation(deps.database.db, userIdOf(c), id, 'accept', nowOf(deps)),
  );
  shareRoute('/clients/v1/stays/invitations/decline', 'Decline an invitation', (c, id) =>
    answerInvitation(deps.database.db, userIdOf(c), id, 'decline', nowOf(deps)),
  );
  shareRoute('/clients/v1/stays/leave', 'A guest leaves a stay shared with them', (c, id) =>
    leaveShare(deps.database.db, userIdOf(c), id, nowOf(deps)),
  );
  app.post(
    '/clients/v1/stays/check-in',
    documented({
      response: CheckInResultSchema,
      summary:
        'The app reports a self check-in attempt (its face verification passed or failed) for the booker or a guest of the stay: 409 outside the window, without a verified ID, checked in already, or after 3 failed verifications (go to the host)',
      auth: 'user',
      body: CheckInAttemptBody,
      tag: 'account',
      limited: true,
    }),
    limitBody(),
    async (c) => {
      const b = parseInput(CheckInAttemptBody, await readBody(c));
      const data = await recordCheckInAttempt(
        deps.database.db,
        { reservationId: b.reservationId, userId: userIdOf(c), faceVerified: b.faceVerified },
        nowOf(deps),
      );
      return c.json({ data });
    },
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
