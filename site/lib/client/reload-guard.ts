import { CHUNK_RELOAD_GUARD_MS } from '../constants.ts';

const KEY = 'chunkReloadAt';

/** True when a script chunk failed to load: the error names a dynamic import or a module script. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk \S+ failed/i.test(
    message,
  );
}

/**
 * Decide whether to reload after a chunk failure: at most once per 60 s, remembered in
 * sessionStorage so a page that keeps failing does not loop.
 */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  return true;
}

export interface ReloadEnv {
  online(): boolean;
  /** Calls back once, when the browser says the connection is back. */
  whenOnline(callback: () => void): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
  reload(): void;
}

/**
 * A script chunk failed: reload for a whole page (a new deploy has replaced the chunks), once a minute
 * at most, and never into the browser's own offline page: without a connection the page stays, its
 * offline banner shown, and reloads when the connection is back.
 */
export function reloadOnChunkFailure(reason: unknown, env: ReloadEnv): void {
  if (!isChunkLoadError(reason)) return;
  if (!env.online()) {
    env.whenOnline(() => reloadOnChunkFailure(reason, env));
    return;
  }
  if (claimReload(env.storage, env.now())) env.reload();
}
