import type { Context } from 'hono';
import { errors } from './errors.ts';

/** Small accessors shared by the booking routes and the GraphQL context. */

/** The signed-in user id of the request (requireUser ran before). */
export function userIdOf(c: Context): number {
  const auth = c.get('auth');
  if (!auth || auth.kind !== 'user') throw errors.unauthorized();
  return auth.userId;
}
export function optionalUserId(c: Context): number | undefined {
  const auth = c.get('auth');
  return auth && auth.kind === 'user' ? auth.userId : undefined;
}
