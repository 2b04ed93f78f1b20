import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/client.ts';
import { errors } from './errors.ts';

/** Small accessors shared by the booking routes and the GraphQL context. */
export const clock = (deps: AppDeps) => (deps.now ? deps.now() : new Date());
export const dbOf = (deps: AppDeps) => deps.database.db as Db;

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
