import { readFile } from 'node:fs/promises';
import { createClient } from '@sanity/client';
import { evaluate, parse } from 'groq-js';
import type { ContentEnv } from './content-env.ts';

export type QueryParams = Record<string, string | number | boolean | string[] | number[]>;

/** Runs GROQ against either a Sanity project or the bundled NDJSON; same queries for both. */
export type ContentSource = {
  kind: 'sanity' | 'bundled';
  query(groq: string, params: QueryParams): Promise<unknown>;
  /**
   * Embargoed documents: kept as drafts (never in the public dataset) until their `publishAt`, listed
   * by their published id for the rebuild schedule. Sanity needs a read token to see them (none: []).
   */
  embargoed?(now: Date): Promise<EmbargoedDocument[]>;
};

/** A document that goes live at `publishAt` and is private (a draft) until then. */
export type EmbargoedDocument = { _id: string; publishAt: string; unpublishAt: string | null };

const DRAFT = 'drafts.';

/**
 * The drafts that carry a `publishAt`: embargoed documents. An editor schedules a promo or page by
 * leaving it unpublished with a publish time; at that time it is published (server/content-hooks).
 */
export function parseEmbargoed(text: string): Record<string, unknown>[] {
  const docs: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(line);
    } catch {
      continue; // parseNdjson names the broken line
    }
    if (typeof doc._id === 'string' && doc._id.startsWith(DRAFT) && typeof doc.publishAt === 'string') docs.push(doc);
  }
  return docs;
}

/**
 * What the published dataset holds at `now`: the published documents, and each embargoed draft whose
 * publish time has come as the published document it then is (the bundle cannot be written to, so
 * reading it at a later instant stands for the publish the schedule makes in Sanity).
 */
export function liveDocuments(published: unknown[], embargoed: Record<string, unknown>[], now: Date): unknown[] {
  const due = embargoed
    .filter((doc) => new Date(String(doc.publishAt)).getTime() <= now.getTime())
    .map((doc) => ({ ...doc, _id: String(doc._id).slice(DRAFT.length) }));
  if (!due.length) return published;
  const ids = new Set(due.map((doc) => doc._id));
  return [...published.filter((doc) => !ids.has(String((doc as { _id?: unknown })._id))), ...due];
}

/**
 * A dataset as it may be uploaded at `now` (`npm run dataset:import`): every document scheduled to
 * publish later goes up as a draft, so the public dataset holds nothing before its time.
 */
export function embargoFutureDocuments<D extends Record<string, unknown>>(docs: D[], now: Date): D[] {
  return docs.map((doc) =>
    typeof doc.publishAt === 'string' &&
    new Date(doc.publishAt).getTime() > now.getTime() &&
    typeof doc._id === 'string' &&
    !doc._id.startsWith(DRAFT)
      ? { ...doc, _id: `${DRAFT}${doc._id}` }
      : doc,
  );
}

/** The embargoed drafts still waiting at `now`, by published id. */
export function waitingEmbargoes(embargoed: Record<string, unknown>[], now: Date): EmbargoedDocument[] {
  return embargoed
    .filter((doc) => new Date(String(doc.publishAt)).getTime() > now.getTime())
    .map((doc) => ({
      _id: String(doc._id).slice(DRAFT.length),
      publishAt: String(doc.publishAt),
      unpublishAt: typeof doc.unpublishAt === 'string' ? doc.unpublishAt : null,
    }));
}

type Dataset = { published: unknown[]; embargoed: Record<string, unknown>[] };
const datasets = new Map<string, Promise<Dataset>>();

/** Parse an NDJSON export; drafts are dropped so the bundle reads like the published perspective. */
export function parseNdjson(text: string, fileLabel = 'dataset', keepDrafts = false): Record<string, unknown>[] {
  const docs: Record<string, unknown>[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(line);
    } catch (error) {
      throw new Error(`${fileLabel}:${index + 1} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof doc._id === 'string' && (keepDrafts || !doc._id.startsWith('drafts.'))) docs.push(doc);
  });
  return docs;
}

function loadDataset(file: string): Promise<Dataset> {
  let loaded = datasets.get(file);
  if (!loaded) {
    loaded = readFile(file, 'utf8').then((text) => ({
      published: parseNdjson(text, file),
      embargoed: parseEmbargoed(text),
    }));
    datasets.set(file, loaded);
  }
  return loaded;
}

export function bundledSource(
  documents: () => Promise<unknown[]>,
  embargo: { drafts: () => Promise<Record<string, unknown>[]>; now: () => Date } = {
    drafts: async () => [],
    now: () => new Date(),
  },
): ContentSource {
  return {
    kind: 'bundled',
    async query(groq, params) {
      const tree = parse(groq, { params });
      const dataset = liveDocuments(await documents(), await embargo.drafts(), embargo.now());
      const value = await evaluate(tree, { dataset, params });
      return value.get();
    },
    embargoed: async (now) => waitingEmbargoes(await embargo.drafts(), now),
  };
}

export function createContentSource(env: ContentEnv): ContentSource {
  if (!env.projectId)
    return bundledSource(async () => (await loadDataset(env.datasetFile)).published, {
      drafts: async () => (await loadDataset(env.datasetFile)).embargoed,
      now: env.now,
    });
  const client = createClient({
    projectId: env.projectId,
    dataset: env.dataset,
    apiVersion: env.apiVersion,
    useCdn: true,
    perspective: 'published',
    token: env.token,
  });
  // Drafts are private: only a token reads the embargoed ones (for the schedule), never the CDN.
  const drafts = env.token ? client.withConfig({ useCdn: false, perspective: 'raw', token: env.token }) : null;
  return {
    kind: 'sanity',
    query: (groq, params) => client.fetch(groq, params),
    embargoed: async (now) =>
      drafts
        ? drafts.fetch<EmbargoedDocument[]>(
            `*[_id in path("drafts.**") && defined(publishAt) && dateTime(publishAt) > dateTime($now)]{
               "_id": string::split(_id, "drafts.")[1], publishAt, "unpublishAt": coalesce(unpublishAt, null) }`,
            { now: now.toISOString() },
          )
        : [],
  };
}

/**
 * Every document with its drafts, for editors' tools (the translation report, preview): the raw
 * perspective of the Sanity project (drafts need SANITY_TOKEN), or every line of the bundle.
 */
export async function readAllDocuments(env: ContentEnv, types: string[]): Promise<Record<string, unknown>[]> {
  if (!env.projectId) {
    const text = await readFile(env.datasetFile, 'utf8');
    return parseNdjson(text, env.datasetFile, true).filter((d) => types.includes(String(d._type)));
  }
  const client = createClient({
    projectId: env.projectId,
    dataset: env.dataset,
    apiVersion: env.apiVersion,
    useCdn: false,
    perspective: 'raw',
    token: env.token,
  });
  return client.fetch('*[_type in $types]', { types });
}
