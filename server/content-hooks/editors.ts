import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { isLocalRequest } from '../modes.ts';

// Who is an editor, for what only editors may read (the last build's error text). With a Sanity
// project (SANITY_PROJECT_ID), an editor is whoever holds a Sanity token of a member of that project:
// the Studio sends its own token (Authorization: Bearer), and the server asks Sanity who it is
// (GET https://<project>.api.sanity.io/v2021-06-07/users/me); a yes is kept for a minute per token
// (by its hash), a no is not kept. Without a project (the bundled dataset, the embedded default) there
// is no Studio login: the editor is whoever edits the dataset on this machine, so a request from
// loopback that no proxy forwarded counts as an editor, as the development tools do.

/** How long Sanity's yes for one token is believed. */
export const EDITOR_CACHE_MS = 60_000;
/** Tokens remembered at most (oldest forgotten first). */
const EDITOR_CACHE_SIZE = 500;

export type EditorCheck = (c: Context) => Promise<boolean>;

export type EditorCheckOptions = {
  /** SANITY_PROJECT_ID; unset: the embedded default (loopback editors). */
  projectId?: string;
  /** Sanity's API (tests give their own). */
  fetch?: typeof fetch;
  now?: () => number;
};

export function editorCheck(o: EditorCheckOptions): EditorCheck {
  const now = o.now ?? Date.now;
  const ask = o.fetch ?? fetch;
  const believed = new Map<string, number>();
  if (!o.projectId) return async (c) => isLocalRequest(c);
  const usersMe = `https://${o.projectId}.api.sanity.io/v2021-06-07/users/me`;
  return async (c) => {
    const token = /^Bearer ([\w.~+/=-]{20,4096})$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return false;
    const key = createHash('sha256').update(token).digest('base64url');
    const until = believed.get(key);
    if (until !== undefined && until > now()) return true;
    believed.delete(key);
    const res = await ask(usersMe, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    }).catch(() => null);
    if (!res?.ok) return false;
    // A token of the project answers its member: an id, and a role in this project.
    const me = (await res.json().catch(() => null)) as { id?: unknown; role?: unknown; roles?: unknown } | null;
    const member =
      !!me &&
      typeof me.id === 'string' &&
      (typeof me.role === 'string' || (Array.isArray(me.roles) && me.roles.length > 0));
    if (!member) return false;
    if (believed.size >= EDITOR_CACHE_SIZE) believed.delete(believed.keys().next().value!);
    believed.set(key, now() + EDITOR_CACHE_MS);
    return true;
  };
}
