import { Temporal } from '../../core/temporal.ts';
import { jakartaStartOfDay } from '../../core/dates.ts';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import { createContent, type Content } from '../../site/lib/content/content.ts';
import { createClient } from '@sanity/client';

// Rules of the content rebuild, no HTTP: when is the next moment the published site changes by
// itself (a publish or unpublish time, or the day after a promo's booking period ends)?

type ScheduleTimes = Awaited<ReturnType<Content['getScheduleTimes']>>;

/** The instant a promo leaves the site: midnight in Jakarta after its last booking day. */
export function promoEndInstant(periodEnd: string): Date {
  return jakartaStartOfDay(Temporal.PlainDate.from(periodEnd).add({ days: 1 }));
}

/** Earliest change strictly after `now`, or null when nothing is scheduled. */
export function nextChangeFrom(
  times: ScheduleTimes,
  now: Date,
): { at: Date; documentId: string; kind: 'publish' | 'unpublish' | 'promo-end' } | null {
  const candidates: { at: Date; documentId: string; kind: 'publish' | 'unpublish' | 'promo-end' }[] = [];
  for (const doc of times.instants) {
    if (doc.publishAt) candidates.push({ at: new Date(doc.publishAt), documentId: doc._id, kind: 'publish' });
    if (doc.unpublishAt) candidates.push({ at: new Date(doc.unpublishAt), documentId: doc._id, kind: 'unpublish' });
  }
  for (const promo of times.promoEnds)
    if (promo.periodEnd)
      candidates.push({ at: promoEndInstant(promo.periodEnd), documentId: promo._id, kind: 'promo-end' });
  const future = candidates.filter((c) => !Number.isNaN(c.at.getTime()) && c.at.getTime() > now.getTime());
  future.sort((a, b) => a.at.getTime() - b.at.getTime() || a.documentId.localeCompare(b.documentId));
  return future[0] ?? null;
}

/**
 * The next time the server should rebuild the site, read from the same content source the build
 * uses (Sanity when configured, otherwise the bundled dataset).
 */
export async function nextScheduledChange(
  now: Date,
  content: Pick<Content, 'getScheduleTimes'> = createContent(readContentEnv()),
) {
  return nextChangeFrom(await content.getScheduleTimes(), now);
}

/**
 * Keeps one timer armed for the next scheduled change; when it fires it asks for a rebuild and
 * re-arms. Clock and timers are injected so tests can drive it.
 */
export function createRebuildScheduler(deps: {
  next: (now: Date) => Promise<{ at: Date; documentId: string; kind?: string } | null>;
  requestRebuild: (reason: string, change: { documentId: string; kind?: string }) => unknown;
  now?: () => Date;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Node timers overflow above ~24.8 days; longer waits re-check at this interval. */
  maxDelayMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms).unref());
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout));
  const maxDelay = deps.maxDelayMs ?? 2 ** 31 - 1;
  let handle: unknown;
  let armedFor: Date | null = null;

  async function arm(): Promise<Date | null> {
    if (handle !== undefined) clearTimer(handle);
    handle = undefined;
    const change = await deps.next(now());
    armedFor = change?.at ?? null;
    if (!change) return null;
    const delay = Math.max(0, change.at.getTime() - now().getTime());
    handle = setTimer(
      () => {
        handle = undefined;
        if (delay > maxDelay) void arm();
        else {
          deps.requestRebuild(`scheduled change of ${change.documentId} at ${change.at.toISOString()}`, change);
          void arm();
        }
      },
      Math.min(delay, maxDelay),
    );
    return change.at;
  }

  return {
    /** (Re)compute and arm the timer; call at start and after every rebuild. */
    arm,
    armedFor: () => armedFor,
    stop() {
      if (handle !== undefined) clearTimer(handle);
      handle = undefined;
    },
  };
}

/**
 * An embargoed document goes live: its draft (private until now, see site/lib/content/content-source.ts)
 * is published in Sanity with the project's write token (SANITY_TOKEN). False when there is nothing to
 * publish this way: the bundled dataset (read at a later instant it shows the draft as published) or
 * no token. The scheduled `content.publish` job calls it once, on one node, before the rebuild.
 */
export async function publishEmbargoed(documentId: string, env = readContentEnv()): Promise<boolean> {
  if (!env.projectId || !env.token) return false;
  const client = createClient({
    projectId: env.projectId,
    dataset: env.dataset,
    apiVersion: env.apiVersion,
    token: env.token,
    useCdn: false,
  });
  const draftId = `drafts.${documentId}`;
  if (!(await client.getDocument(draftId))) return false; // published already, or not embargoed
  await client.action({ actionType: 'sanity.action.document.publish', draftId, publishedId: documentId });
  return true;
}
