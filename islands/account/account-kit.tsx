import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';

// Pieces the account islands share: the neutral first render, the error with a retry, counts.

export type AccountText = Dictionary['accountArea'];

/** What the server renders and the client's first pass repeats, until the session and data are known. */
export function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="rounded-2xl border border-slate-200 p-6 text-slate-600" data-account-loading>
      {text}
    </p>
  );
}

/** A list or page that could not load, with a retry (`retryLabel` in the island's own copy). */
export function LoadError({ message, retryLabel, retry }: { message: string; retryLabel: string; retry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6" data-account-error>
      <p className="mb-3 text-red-800">{message}</p>
      <button
        type="button"
        className="rounded-lg border border-red-300 bg-white px-4 py-2 font-semibold"
        onClick={retry}
      >
        {retryLabel}
      </button>
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-600" data-account-empty>
      {text}
    </p>
  );
}

export const nightsLabel = (t: AccountText, n: number) => (n === 1 ? t.common.night : fill(t.common.nights, { n }));
export const podsLabel = (t: AccountText, n: number) => (n === 1 ? t.common.pod : fill(t.common.pods, { n }));
