// Server side of the form pages: what a form page renders with, asked of the booking API over
// loopback HTTP (a page never talks to the database, STYLE.md): a fresh signed fill-time token, and
// the draft (typed values, error codes) a plain post came back with.
import * as v from 'valibot';
import { FormSessionSchema } from '../../../core/contracts/forms.ts';
import type { FormKind, FormSession } from '../../../core/contracts/forms.ts';

// The API of the process rendering this page (scripts/start.ts sets API_INTERNAL_URL).
function apiOrigin(): string {
  const origin = process.env.API_INTERNAL_URL;
  if (!origin) throw new Error('API_INTERNAL_URL is not set: the form pages run inside the one server (npm start)');
  return origin.replace(/\/$/, '');
}

export async function formSession(form: FormKind, draft: string | null): Promise<FormSession> {
  const query = draft ? `?${new URLSearchParams({ draft: draft.slice(0, 100) })}` : '';
  const res = await fetch(`${apiOrigin()}/api/forms/${form}/session${query}`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`GET /api/forms/${form}/session answered ${res.status}`);
  return v.parse(FormSessionSchema, ((await res.json()) as { data: unknown }).data);
}
