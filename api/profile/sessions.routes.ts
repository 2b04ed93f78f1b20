import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireUser } from '../auth/middleware.ts';
import { errors } from '../http/errors.ts';
import { limitBody, parseInput, readBody } from '../http/input.ts';
import { documented } from '../http/contract.ts';
import { DeviceIdBody, DevicesSignedOutSchema, SignedInDeviceSchema } from '../../core/contracts/auth.ts';
import { signedInDevices, signOutDevice, signOutOtherDevices } from './sessions.service.ts';

/** The signed-in user and the session of this request's access token. */
function sessionOf(c: Context): { userId: number; sessionId: string } {
  const auth = c.get('auth');
  if (!auth || auth.kind !== 'user') throw errors.unauthorized();
  return { userId: auth.userId, sessionId: auth.sessionId };
}

/** The devices a guest is signed in on (api/profile/sessions.service.ts). */
export function sessionsRoutes(deps: AppDeps) {
  const app = new Hono();
  const user = requireUser(deps);
  app.get(
    '/clients/v1/my-account/devices',
    documented({
      response: v.array(SignedInDeviceSchema),
      summary: 'The devices the guest is signed in on (this one first), with when each was last used',
      auth: 'user',
      tag: 'profile',
    }),
    user,
    async (c) => {
      const { userId, sessionId } = sessionOf(c);
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await signedInDevices(deps, userId, sessionId) });
    },
  );
  app.post(
    '/clients/v1/my-account/devices/sign-out',
    documented({
      response: DevicesSignedOutSchema,
      summary: 'Sign one other device out: its refresh and access tokens stop working at once',
      auth: 'user',
      body: DeviceIdBody,
      tag: 'profile',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const { userId, sessionId } = sessionOf(c);
      const b = parseInput(DeviceIdBody, await readBody(c));
      await signOutDevice(deps, userId, sessionId, b.id);
      return c.json({ data: { signedOut: 1 } });
    },
  );
  app.post(
    '/clients/v1/my-account/devices/sign-out-others',
    documented({
      response: DevicesSignedOutSchema,
      summary: 'Sign every other device out (this one stays signed in)',
      auth: 'user',
      tag: 'profile',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const { userId, sessionId } = sessionOf(c);
      return c.json({ data: { signedOut: await signOutOtherDevices(deps, userId, sessionId) } });
    },
  );
  return app;
}
