import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { readContentEnv, type ContentEnv } from './content-env.ts';
import { bundledSource, readAllDocuments, type ContentSource } from './content-source.ts';
import { createContent, validateResult, type Content } from './content.ts';
import { PREVIEWABLE_TYPES } from '../../../content-schemas/constants.ts';

// Preview of a draft or a scheduled document on the site before it goes live, for editors only:
// every type that renders a page (PREVIEWABLE), with the live page's components.
// A preview link names one document and an expiry and carries an HMAC of both under
// PREVIEW_SECRET; without that secret (production unless an operator sets one) there is no preview
// at all. On a development server the dev tools set a random secret and sign the links
// (/dev/preview/). The page renders with the drafts laid over the published documents and the
// clock at the document's publish time, so it shows exactly what will go live.

/** Every document type that renders a page. */
export const PREVIEWABLE = PREVIEWABLE_TYPES;
export type PreviewableType = (typeof PREVIEWABLE)[number];
/** How long a signed link works. */
export const PREVIEW_LINK_SECONDS = 60 * 60;

const sign = (secret: string, id: string, expires: number) =>
  createHmac('sha256', secret).update(`preview:${id}:${expires}`).digest('hex');

/** The query string of a preview link for document `id` (published id or drafts.id). */
export function signPreview(secret: string, id: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + PREVIEW_LINK_SECONDS;
  return new URLSearchParams({ id, expires: String(expires), sig: sign(secret, id, expires) }).toString();
}

/**
 * A hotel's editorial content previews on the hotel page itself (rendered on demand): the link's
 * query under names the hotel page does not use for itself (`preview`, `expires`, `sig`).
 */
export function hotelPreviewQuery(query: URLSearchParams): URLSearchParams {
  return new URLSearchParams({
    preview: query.get('id') ?? '',
    expires: query.get('expires') ?? '',
    sig: query.get('sig') ?? '',
  });
}
/** The preview link query a hotel page address carries (back under the names verifyPreview reads). */
export function previewQueryOfHotelPage(query: URLSearchParams): URLSearchParams | null {
  const id = query.get('preview');
  if (!id) return null;
  return new URLSearchParams({ id, expires: query.get('expires') ?? '', sig: query.get('sig') ?? '' });
}

/** The document id a preview link may show, or null (no secret, bad or expired signature). */
export function verifyPreview(secret: string | undefined, query: URLSearchParams, now: Date): string | null {
  const id = query.get('id') ?? '';
  const expires = Number(query.get('expires'));
  const sig = query.get('sig') ?? '';
  if (!secret || !/^[A-Za-z0-9._-]{1,128}$/.test(id) || !Number.isInteger(expires) || !/^[0-9a-f]{64}$/.test(sig))
    return null;
  if (expires * 1000 < now.getTime()) return null;
  const expected = Buffer.from(sign(secret, id, expires), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex')) ? id : null;
}

/**
 * The content as it will be once this document is published: the published documents, with the
 * previewed draft (when the link names one) in place of its published version. Other documents'
 * drafts stay out: they are not part of this publish (an unfinished one elsewhere must not spoil it).
 */
export function overlayDraft(docs: readonly Record<string, unknown>[], id: string): Record<string, unknown>[] {
  const published = docs.filter((d) => !String(d._id).startsWith('drafts.'));
  const draft = id.startsWith('drafts.') ? docs.find((d) => d._id === id) : undefined;
  if (!draft) return published;
  const publishedId = id.slice('drafts.'.length);
  return [...published.filter((d) => d._id !== publishedId), { ...draft, _id: publishedId }];
}

/** What the pages read besides the document itself: the home page its promos, destinations and
 * announcements; every page the settings. */
const PREVIEW_READS = [...PREVIEWABLE, 'siteSettings', 'placeAlias'];

/** The preview's documents: read raw (drafts included) from the bundle or from Sanity with the token. */
function previewSource(env: ContentEnv, id: string): ContentSource {
  return bundledSource(async () => overlayDraft(await readAllDocuments(env, PREVIEW_READS), id));
}

const TargetModel = v.nullable(
  v.object({
    _type: v.picklist(PREVIEWABLE),
    slug: v.nullish(v.string()),
    section: v.nullish(v.string()),
    key: v.nullish(v.string()),
    hotelId: v.nullish(v.number()),
    publishAt: v.nullish(v.string()),
    draft: v.boolean(),
  }),
);

export type PreviewTarget = {
  type: PreviewableType;
  slug: string | null;
  section: string | null;
  /** The landing page's, legal document's or company page's key. */
  key: string | null;
  /** A hotel's editorial content: the hotel it belongs to (its page is the hotel page). */
  hotelId: number | null;
  draft: boolean;
  /** When it goes live, if that is later than now. */
  scheduledFor: Date | null;
  /** The content as it will be: drafts laid over, the clock at the publish time. */
  content: Content;
};

/** The document a verified preview link names, with the content to render it from; null when none. */
export async function previewTarget(
  id: string,
  now: Date,
  env: ContentEnv = readContentEnv(),
): Promise<PreviewTarget | null> {
  const published = id.replace(/^drafts\./, '');
  const source = previewSource(env, id);
  const found = validateResult(
    TargetModel,
    await source.query(
      `*[_id == $id && _type in $types][0]{ _type, "slug": slug.current, section, key, hotelId, publishAt, "draft": $draft }`,
      { id: published, types: [...PREVIEWABLE], draft: id.startsWith('drafts.') },
    ),
    'PREVIEW_TARGET',
  );
  if (!found) return null;
  const publishAt = found.publishAt ? new Date(found.publishAt) : null;
  const scheduledFor = publishAt && publishAt.getTime() > now.getTime() ? publishAt : null;
  const at = scheduledFor ?? now;
  return {
    type: found._type,
    slug: found.slug ?? null,
    section: found.section ?? null,
    key: found.key ?? null,
    hotelId: found.hotelId ?? null,
    draft: found.draft,
    scheduledFor,
    content: createContent({ ...env, now: () => at }, source),
  };
}
