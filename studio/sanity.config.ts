import { defineConfig, useClient, type DocumentActionComponent, type DocumentActionProps } from 'sanity';
import { structureTool, type StructureBuilder, type StructureResolver } from 'sanity/structure';
import { schemaTypes, SINGLETON_IDS } from '../content-schemas/index.ts';
import { sitePathFor } from '../content-schemas/site-path.ts';
import { buildStatusBadge, buildStatusTool } from './build-status.tsx';
import { translationsTool } from './translation-tool.tsx';
import {
  createPreviewAction,
  futureGoLive,
  guardPublish,
  PREVIEW_TYPES,
  previewLinks,
  type EditorActionOptions,
} from './editor-actions.tsx';
import { funnelTool } from './funnel-tool.tsx';

const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'offline';
const dataset = process.env.SANITY_STUDIO_DATASET || 'production';
const siteUrl = (process.env.SANITY_STUDIO_SITE_URL || 'http://127.0.0.1:4321').replace(/\/$/, '');

const NOW = 'now()';

/** Lists grouped by the task an editor has in mind, with scheduled items easy to find. */
const structure: StructureResolver = (S: StructureBuilder) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Promos')
        .child(
          S.list()
            .title('Promos')
            .items([
              S.listItem()
                .title('Live now')
                .child(
                  S.documentList()
                    .title('Live now')
                    .filter(
                      `_type == "promo" && active == true && (!defined(publishAt) || publishAt <= ${NOW}) && (!defined(unpublishAt) || unpublishAt > ${NOW})`,
                    ),
                ),
              S.listItem()
                .title('Scheduled')
                .child(
                  S.documentList()
                    .title('Scheduled to publish')
                    .filter(`_type == "promo" && publishAt > ${NOW}`)
                    .defaultOrdering([{ field: 'publishAt', direction: 'asc' }]),
                ),
              S.listItem()
                .title('Switched off')
                .child(S.documentList().title('Switched off').filter('_type == "promo" && active != true')),
              S.divider(),
              S.documentTypeListItem('promo').title('All promos'),
            ]),
        ),
      S.documentTypeListItem('faqCategory').title('FAQ'),
      S.listItem().title('Legal').child(S.documentTypeList('legalDocument').title('Legal documents')),
      S.listItem()
        .title('Destinations')
        .child(
          S.list()
            .title('Destinations')
            .items([
              S.listItem()
                .title('Destinations')
                .child(
                  S.documentList().title('Destinations').filter('_type == "destinationPage" && kind == "destination"'),
                ),
              S.listItem()
                .title('Collections')
                .child(
                  S.documentList().title('Collections').filter('_type == "destinationPage" && kind == "collection"'),
                ),
              S.listItem()
                .title('Scheduled')
                .child(
                  S.documentList()
                    .title('Scheduled')
                    .filter(`_type == "destinationPage" && (publishAt > ${NOW} || unpublishAt > ${NOW})`)
                    .defaultOrdering([{ field: 'publishAt', direction: 'asc' }]),
                ),
              S.divider(),
              S.documentTypeListItem('hotelContent').title('Hotel editorial content'),
            ]),
        ),
      S.documentTypeListItem('landingPage').title('Landing pages'),
      S.listItem()
        .title('Pages')
        .child(
          S.list()
            .title('Pages')
            .items([
              S.listItem()
                .title('Home page')
                .child(S.document().schemaType('homePage').documentId(SINGLETON_IDS.homePage)),
              S.documentTypeListItem('page').title('Company and info pages'),
              S.documentTypeListItem('announcement').title('Announcements'),
            ]),
        ),
      S.documentTypeListItem('placeAlias').title('Place names (search)'),
      S.listItem()
        .title('Settings')
        .child(S.document().schemaType('siteSettings').documentId(SINGLETON_IDS.siteSettings)),
    ]);

function openOnSiteAction(props: DocumentActionProps) {
  const doc = (props.published ?? props.draft) as Parameters<typeof sitePathFor>[0] | null;
  const path = doc ? sitePathFor(doc) : undefined;
  return {
    label: 'Open on site',
    title: path ? `${siteUrl}${path}` : 'This document has no page of its own',
    disabled: !path || !props.published,
    onHandle: () => {
      if (path) window.open(`${siteUrl}${path}`, '_blank', 'noopener');
      props.onComplete();
    },
  };
}
const OpenOnSite = openOnSiteAction as DocumentActionComponent;

const singletonTypes = new Set<string>(Object.keys(SINGLETON_IDS));

// The editor's own Sanity token goes with the site calls (preview links, schedule, funnel): the site
// checks it with Sanity. The Studio's client holds it when the Studio signs in with a token.
const editorActions: EditorActionOptions = {
  siteUrl,
  useToken: () => useClient({ apiVersion: '2025-02-19' }).config().token,
};
const Preview = createPreviewAction(editorActions);

export default defineConfig({
  name: 'bobobox',
  title: 'Bobobox content',
  projectId,
  dataset,
  plugins: [structureTool({ structure })],
  // The live site's build state (and a badge on the document that stopped the last publish), and
  // the translation-completeness view.
  tools: (prev) => [...prev, buildStatusTool(siteUrl), translationsTool, funnelTool(editorActions)],
  schema: {
    types: schemaTypes,
    // Singletons are opened from the structure only; they cannot be created twice.
    templates: (templates) => templates.filter((t) => !singletonTypes.has(t.schemaType)),
  },
  document: {
    badges: (prev) => [...prev, buildStatusBadge(siteUrl)],
    actions: (prev, context) => {
      const base = singletonTypes.has(context.schemaType)
        ? prev.filter((a) => !['duplicate', 'delete', 'unpublish'].includes(String(a.action)))
        : prev;
      // Publish schedules a document whose go-live time is still to come (studio/editor-actions.tsx).
      const guarded = base.map((a) => (a.action === 'publish' ? guardPublish(a, editorActions) : a));
      return [...guarded, Preview, OpenOnSite];
    },
    // "Open preview" in the document menu: a draft or a scheduled document opens its signed preview
    // (minted by the site for this editor), never the live page; a published one opens the live page.
    productionUrl: async (prev, { document, getClient }) => {
      const doc = document as Parameters<typeof sitePathFor>[0] & { _id: string; _type: string; publishAt?: string };
      const pending = doc._id.startsWith('drafts.') || futureGoLive(doc, new Date()) !== null;
      if (pending && PREVIEW_TYPES.has(doc._type)) {
        const token = getClient({ apiVersion: '2025-02-19' }).config().token;
        const links = await previewLinks(siteUrl, token, doc._id).catch(() => null);
        if (links) return `${siteUrl}${links.en}`;
      }
      const path = sitePathFor(doc);
      return path ? `${siteUrl}${path}` : prev;
    },
  },
});
