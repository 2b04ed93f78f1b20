import { createRoot } from 'react-dom/client';
import type { DocumentActionComponent, DocumentActionDescription, DocumentActionProps } from 'sanity';
import { createPreviewAction, guardPublish, type EditorActionOptions } from '../../studio/editor-actions.tsx';
import { FunnelView } from '../../studio/funnel-tool.tsx';
import { BuildStatusView } from '../../studio/build-status-view.tsx';
import { TranslationsView } from '../../studio/translation-view.tsx';

// A stand-in for the Studio's document pane and tool area (tests/e2e/studio.e2e.ts): it mounts the
// Studio's own custom actions and tools (studio/) with the document the test hands it, as the Studio
// would, with a stub in place of Sanity's Publish that records what it would have published. No
// Sanity project is reachable here; the actions talk to the site server the page was served by.

type Scenario = {
  tool?: 'funnel' | 'build-status' | 'translations';
  /** The documents the Translations tool reads (the Studio reads them from its project). */
  documents?: Record<string, unknown>[];
  id: string;
  type: string;
  draft: Record<string, unknown> | null;
  published: Record<string, unknown> | null;
};
declare global {
  interface Window {
    __HARNESS__: Scenario;
    __published: string[];
  }
}

window.__published = [];
const options: EditorActionOptions = { siteUrl: '', useToken: () => undefined };

/** Sanity's own Publish, stubbed: it records the document it would publish. */
const StubPublish = ((props: DocumentActionProps): DocumentActionDescription => ({
  label: 'Publish',
  onHandle: () => {
    window.__published.push(props.id);
    props.onComplete();
  },
})) as DocumentActionComponent;
(StubPublish as { action?: string }).action = 'publish';

const ACTIONS = [guardPublish(StubPublish, options), createPreviewAction(options)];

function Action({ use, props }: { use: DocumentActionComponent; props: DocumentActionProps }) {
  const d = use(props);
  if (!d) return null;
  const dialog = d.dialog && d.dialog.type === 'dialog' ? d.dialog : null;
  return (
    <>
      <button type="button" title={d.title as string | undefined} disabled={d.disabled} onClick={() => d.onHandle?.()}>
        {d.label}
      </button>
      {dialog && (
        <div role="dialog" aria-label={String(dialog.header ?? d.label)} data-action-dialog>
          <h2>{dialog.header}</h2>
          {dialog.content}
          <button type="button" onClick={() => dialog.onClose?.()}>
            Close
          </button>
        </div>
      )}
    </>
  );
}

function Pane({ s }: { s: Scenario }) {
  const props = {
    id: s.id,
    type: s.type,
    draft: s.draft,
    published: s.published,
    liveEdit: false,
    onComplete: () => {},
  } as unknown as DocumentActionProps;
  return (
    <section aria-label="Document actions" data-document-actions>
      <h1>{s.id}</h1>
      {ACTIONS.map((use, i) => (
        <Action key={i} use={use} props={props} />
      ))}
    </section>
  );
}

const s = window.__HARNESS__;
const TOOLS = {
  funnel: () => <FunnelView siteUrl="" />,
  'build-status': () => <BuildStatusView siteUrl="" />,
  translations: () => <TranslationsView load={async () => s.documents ?? []} />,
};
createRoot(document.getElementById('root')!).render(s.tool ? TOOLS[s.tool]() : <Pane s={s} />);
