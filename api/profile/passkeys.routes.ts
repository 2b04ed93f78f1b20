import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import { deviceLabel } from '../auth/device.ts';
import { userIdOf } from '../http/context.ts';
import { limitBody, validBody } from '../http/input.ts';
import { documented } from '../http/contract.ts';
import {
  PasskeyAddBody,
  PasskeyIdBody,
  PasskeyLoginBody,
  PasskeyOptionsSchema,
  PasskeyRenameBody,
  PasskeySchema,
} from '../../core/contracts/auth.ts';
import { SignedInSchema } from '../../core/contracts/responses.ts';
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from './passkeys.service.ts';

const Ok = v.looseObject({ ok: v.literal(true) });

/** Passkeys: added, named and removed in the profile; a way to sign in (api/profile/passkeys.service.ts). */
export function passkeysRoutes(deps: AppDeps) {
  const app = new Hono();
  const user = requireUser(deps);
  const client = requireClient(deps);
  const noStore = { 'Cache-Control': 'no-store' };

  app.get(
    '/clients/v1/my-account/passkeys',
    documented({ response: v.array(PasskeySchema), summary: "The guest's passkeys", auth: 'user', tag: 'profile' }),
    user,
    async (c) => c.json({ data: await listPasskeys(deps, userIdOf(c)) }, 200, noStore),
  );
  app.post(
    '/clients/v1/my-account/passkeys/options',
    documented({
      response: PasskeyOptionsSchema,
      summary: 'Start adding a passkey: WebAuthn creation options and the challenge id (5 minutes, one use)',
      auth: 'user',
      tag: 'profile',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => c.json({ data: await registrationOptions(deps, userIdOf(c)) }, 200, noStore),
  );
  app.post(
    '/clients/v1/my-account/passkeys',
    documented({
      response: PasskeySchema,
      summary: "Add a passkey: the browser's answer to the creation options, checked, and its name",
      auth: 'user',
      body: PasskeyAddBody,
      tag: 'profile',
      limited: true,
      ok: 201,
    }),
    limitBody(),
    user,
    async (c) => {
      const input = await validBody(c, PasskeyAddBody);
      return c.json({ data: await addPasskey(deps, userIdOf(c), input) }, 201);
    },
  );
  app.post(
    '/clients/v1/my-account/passkeys/rename',
    documented({
      response: Ok,
      summary: 'Rename a passkey',
      auth: 'user',
      body: PasskeyRenameBody,
      tag: 'profile',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const input = await validBody(c, PasskeyRenameBody);
      await renamePasskey(deps, userIdOf(c), input.id, input.name);
      return c.json({ data: { ok: true as const } });
    },
  );
  app.post(
    '/clients/v1/my-account/passkeys/remove',
    documented({
      response: Ok,
      summary: 'Remove a passkey (the password stays the way in)',
      auth: 'user',
      body: PasskeyIdBody,
      tag: 'profile',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const input = await validBody(c, PasskeyIdBody);
      await removePasskey(deps, userIdOf(c), input.id);
      return c.json({ data: { ok: true as const } });
    },
  );
  app.post(
    '/auth/passkeys/options',
    documented({
      response: PasskeyOptionsSchema,
      summary: 'Start a passkey sign-in: WebAuthn request options (any passkey of this site) and the challenge id',
      auth: 'client',
      tag: 'auth',
      limited: true,
    }),
    limitBody(),
    client,
    async (c) => c.json({ data: await authenticationOptions(deps) }, 200, noStore),
  );
  app.post(
    '/auth/passkeys/login',
    documented({
      answer: SignedInSchema,
      summary: "Sign in with a passkey: the browser's signed answer; the account is the passkey's owner",
      auth: 'client',
      body: PasskeyLoginBody,
      tag: 'auth',
      limited: true,
    }),
    limitBody(),
    client,
    async (c) => {
      const input = await validBody(c, PasskeyLoginBody);
      const { token, user: profile } = await signInWithPasskey(
        deps,
        input,
        c.get('auth').clientId,
        deviceLabel(c.req.header('user-agent')),
      );
      return c.json({ ...token, user: profile }, 200, noStore);
    },
  );
  return app;
}
