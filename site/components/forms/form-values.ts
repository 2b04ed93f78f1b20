// Server side of the form pages: what a form page renders with, asked of the booking API in process
// (site/lib/page-api.ts; a page never talks to the database, STYLE.md): a fresh signed fill-time
// token, and the draft (typed values, error codes) a plain post came back with.
import * as v from 'valibot';
import { DRAFT_COOKIE, FormSessionSchema } from '../../../core/contracts/forms.ts';
import type { FormKind, FormSession } from '../../../core/contracts/forms.ts';
import { IN_PROCESS_ORIGIN, type ApiFetch } from '../../lib/page-api.ts';

export async function formSession(
  form: FormKind,
  draft: string | null,
  apiFetch: ApiFetch,
  /** The visitor's draft key (its DRAFT_COOKIE): a draft opens only in the browser it was sent from. */
  browserKey: string | undefined,
): Promise<FormSession> {
  const query = draft ? `?${new URLSearchParams({ draft: draft.slice(0, 100) })}` : '';
  const res = await apiFetch(`${IN_PROCESS_ORIGIN}/api/forms/${form}/session${query}`, {
    headers: {
      accept: 'application/json',
      ...(draft && browserKey ? { cookie: `${DRAFT_COOKIE}=${encodeURIComponent(browserKey.slice(0, 64))}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`GET /api/forms/${form}/session answered ${res.status}`);
  return v.parse(FormSessionSchema, ((await res.json()) as { data: unknown }).data);
}
