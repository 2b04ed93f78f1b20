import type { AppDeps } from './deps.ts';

/** The one clock: the injected one (tests move time), else the system's. */
export const nowOf = (deps: Pick<AppDeps, 'now'>): Date => (deps.now ? deps.now() : new Date());
