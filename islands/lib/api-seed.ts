import type { Call } from './api-client.ts';

// Answers the server already had when it rendered the page. A page that its islands would ask the API
// about on load (the hotel page: the hotel list, the calendar, the longest stay, the priced rooms)
// writes those open answers into a JSON data block; the islands' first identical open call takes its
// answer from there instead of the network, so the page needs neither the API client's HTTP library
// (ky) nor a client token until the guest acts. Only open (anonymous) reads are seeded, each is taken
// once (a later identical call asks the API), and a page older than SEED_MAX_AGE_MS (a cached copy
// served stale) asks the API for everything.

/** The data block's attribute. */
export const SEED_ATTRIBUTE = 'data-api-seed';

/**
 * How old a page's answers may be and still be used: the hotel page's own cache life (a minute,
 * HOTEL_CACHE_SECONDS) plus a minute for a browser clock that runs behind or ahead.
 */
export const SEED_MAX_AGE_MS = 2 * 60_000;

export interface Seed {
  /** When the server asked, in ms since the epoch. */
  at: number;
  answers: Record<string, unknown>;
}

const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** A form body's fields as the API receives them: empty ones left out, lists joined by commas. */
export function formFields(form: NonNullable<Call['form']>): [string, string][] {
  return Object.entries(form)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]);
}

/**
 * The identity of an open call: method, path, query and body as the API receives them (a form's
 * empty fields are not sent, so they do not count), or null for a call that is never seeded (files,
 * extra headers).
 */
export function seedKey(call: Call): string | null {
  if (call.multipart || call.headers) return null;
  const query = call.query
    ? Object.entries(call.query)
        .sort(byName)
        .map(([k, v]) => [k, String(v)])
    : [];
  const form = call.form ? formFields(call.form).sort(byName) : [];
  return JSON.stringify([call.method ?? 'get', call.path.replace(/^\//, ''), query, form, call.json ?? null]);
}

/** The data block's text: JSON that cannot close the script element it sits in. */
export function seedScript(seed: Seed): string {
  return JSON.stringify(seed).replace(/</g, '\\u003c');
}

let seeded: Map<string, unknown> | null = null;

function readSeed(now: number): Map<string, unknown> {
  const map = new Map<string, unknown>();
  if (typeof document === 'undefined') return map;
  try {
    const text = document.querySelector(`script[${SEED_ATTRIBUTE}]`)?.textContent;
    if (!text) return map;
    const seed = JSON.parse(text) as Seed;
    if (!(Math.abs(now - seed.at) <= SEED_MAX_AGE_MS)) return map;
    for (const [key, answer] of Object.entries(seed.answers)) map.set(key, answer);
  } catch {
    // A damaged block seeds nothing: every call asks the API.
  }
  return map;
}

/** The page's answer to this call, once; undefined when the page has none (ask the API). */
export function takeSeed(call: Call, now = Date.now()): unknown {
  const key = seedKey(call);
  if (key === null) return undefined;
  seeded ??= readSeed(now);
  const answer = seeded.get(key);
  seeded.delete(key);
  return answer;
}

/** Tests: read the page's block again. */
export function resetSeed(): void {
  seeded = null;
}
