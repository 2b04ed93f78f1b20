import { useState, type CSSProperties } from 'react';
import type { DocumentActionComponent, DocumentActionDescription, DocumentActionProps } from 'sanity';
import { PREVIEWABLE_TYPES } from '../content-schemas/constants.ts';

// The Studio's editor actions (issue 30, items 1 and 2), written against the document action
// contract only (types from `sanity`, nothing else of it at run time), so a harness can mount them
// in a browser without a Sanity project (tests/studio-harness/):
// - Preview: asks the site for signed preview links (POST <site>/api/site/preview-links with the
//   editor's Sanity token; the preview secret stays on the server) and shows the page in both
//   languages side by side, as it will look when it goes live.
// - Schedule: a document whose go-live time is in the future is not published by Publish; the button
//   becomes "Schedule", which leaves the document unpublished and asks the site to arm its schedule
//   (POST <site>/api/site/schedule); the server publishes it at its time. To publish now, the editor
//   clears the time first.

/** Every document type that renders a page (content-schemas/constants.ts). */
export const PREVIEW_TYPES = new Set<string>(PREVIEWABLE_TYPES);
/** The types whose go-live time (`publishAt`) the Studio enforces. */
export const SCHEDULED_TYPES = new Set(['promo', 'destinationPage', 'announcement', 'homePage']);

type Doc = { _id: string; _type: string; publishAt?: unknown } & Record<string, unknown>;
export type EditorActionOptions = {
  siteUrl: string;
  /** The editor's Sanity token (a hook: the Studio's client); none on the embedded default. */
  useToken: () => string | undefined;
  now?: () => Date;
};

const site = (siteUrl: string, path: string) => `${siteUrl.replace(/\/$/, '')}${path}`;

async function callSite<T>(siteUrl: string, path: string, token: string | undefined, body: unknown): Promise<T> {
  const res = await fetch(site(siteUrl, path), {
    method: 'POST',
    cache: 'no-store',
    credentials: 'omit',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || !answer) throw new Error(answer?.message ?? `The site answered ${res.status}.`);
  return answer;
}

export type PreviewLinks = { en: string; id: string; expiresAt: string };

/** Signed preview links of a document, minted by the site for the editor whose token this is. */
export const previewLinks = (siteUrl: string, token: string | undefined, id: string) =>
  callSite<PreviewLinks>(siteUrl, '/api/site/preview-links', token, { id });

const frame: CSSProperties = { width: '100%', height: '70vh', border: '1px solid #cbd5e1', borderRadius: 6 };

/** The page in both languages side by side, each with a link to open it in a tab. */
export function PreviewPanes({ siteUrl, links }: { siteUrl: string; links: PreviewLinks }) {
  const panes = [
    { lang: 'en', name: 'English', href: site(siteUrl, links.en) },
    { lang: 'id', name: 'Bahasa Indonesia', href: site(siteUrl, links.id) },
  ];
  return (
    <div data-preview-panes style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0.75rem' }}>
      {panes.map((p) => (
        <section key={p.lang} aria-label={p.name} data-preview-lang={p.lang}>
          <p style={{ margin: '0 0 0.4rem', display: 'flex', justifyContent: 'space-between' }}>
            <strong>{p.name}</strong>
            <a href={p.href} target="_blank" rel="noopener noreferrer">
              Open in a new tab
            </a>
          </p>
          <iframe title={`Preview: ${p.name}`} src={p.href} style={frame} />
        </section>
      ))}
    </div>
  );
}

/** "Preview": signed links from the site, then both languages side by side in a dialog. */
export function createPreviewAction(o: EditorActionOptions): DocumentActionComponent {
  const PreviewAction = (props: DocumentActionProps): DocumentActionDescription | null => {
    const token = o.useToken();
    const [state, setState] = useState<{ links?: PreviewLinks; error?: string; busy?: boolean } | null>(null);
    if (!PREVIEW_TYPES.has(props.type)) return null;
    // The draft when there is one: what the editor is working on.
    const id = props.draft?._id ?? props.published?._id ?? props.id;
    return {
      label: state?.busy ? 'Opening the preview…' : 'Preview',
      title: 'See this page in both languages as it will look when it goes live (never public, never cached)',
      disabled: !!state?.busy,
      onHandle: () => {
        setState({ busy: true });
        previewLinks(o.siteUrl, token, id)
          .then((links) => setState({ links }))
          .catch((e: unknown) => setState({ error: e instanceof Error ? e.message : String(e) }));
      },
      dialog:
        state && !state.busy
          ? {
              type: 'dialog',
              header: 'Preview',
              width: 'full',
              onClose: () => {
                setState(null);
                props.onComplete();
              },
              content: state.links ? (
                <PreviewPanes siteUrl={o.siteUrl} links={state.links} />
              ) : (
                <p role="alert" data-preview-error>
                  {state.error}
                </p>
              ),
            }
          : undefined,
    };
  };
  (PreviewAction as { action?: string }).action = 'preview' as never;
  return PreviewAction as DocumentActionComponent;
}

/** The go-live time of a document when it is still to come. */
export function futureGoLive(doc: Doc | null | undefined, now: Date): Date | null {
  const at = typeof doc?.publishAt === 'string' ? new Date(doc.publishAt) : null;
  return at && !Number.isNaN(at.getTime()) && at.getTime() > now.getTime() ? at : null;
}

const when = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Jakarta' }).format(at);

/**
 * Publish, guarded: for a document with a future go-live time the button is "Schedule", which
 * publishes nothing (the document stays a draft, out of the public dataset) and asks the site to arm
 * its schedule; otherwise the Studio's own Publish, unchanged.
 */
export function guardPublish(publish: DocumentActionComponent, o: EditorActionOptions): DocumentActionComponent {
  const GuardedPublish = (props: DocumentActionProps): DocumentActionDescription | null => {
    // The Studio's action is a hook-using component: always called, in the same order.
    const original = publish(props);
    const token = o.useToken();
    const [scheduled, setScheduled] = useState<{ at: Date; error?: string } | null>(null);
    const goLive = SCHEDULED_TYPES.has(props.type)
      ? futureGoLive((props.draft ?? props.published) as Doc | null, (o.now ?? (() => new Date()))())
      : null;
    if (!goLive) return original;
    return {
      label: 'Schedule',
      tone: 'primary',
      title: `Goes live by itself on ${when(goLive)} (Jakarta time). To publish now, clear "${props.type === 'announcement' ? 'Show from' : 'Publish at'}" first.`,
      disabled: !props.draft,
      onHandle: () => {
        callSite<{ armedFor: string | null }>(o.siteUrl, '/api/site/schedule', token, { id: props.id })
          .then(() => setScheduled({ at: goLive }))
          .catch((e: unknown) => setScheduled({ at: goLive, error: e instanceof Error ? e.message : String(e) }));
      },
      dialog: scheduled
        ? {
            type: 'dialog',
            header: 'Scheduled',
            onClose: () => {
              setScheduled(null);
              props.onComplete();
            },
            content: (
              <div data-schedule-result>
                <p>
                  Not published now: this stays a draft until <strong>{when(scheduled.at)}</strong> (Jakarta time), then
                  the site publishes it and rebuilds on its own.
                </p>
                <p>To publish it now instead, clear the go-live time and press Publish.</p>
                {scheduled.error && (
                  <p role="alert">
                    The site did not confirm the schedule ({scheduled.error}); it is armed at its next build.
                  </p>
                )}
              </div>
            ),
          }
        : undefined,
    };
  };
  (GuardedPublish as { action?: string }).action = 'publish' as never;
  return GuardedPublish as DocumentActionComponent;
}
