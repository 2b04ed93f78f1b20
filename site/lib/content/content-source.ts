import { readFile } from 'node:fs/promises';
import { createClient } from '@sanity/client';
import { evaluate, parse } from 'groq-js';
import type { ContentEnv } from './content-env.ts';

export type QueryParams = Record<string, string | number | boolean | string[] | number[]>;

/** Runs GROQ against either a Sanity project or the bundled NDJSON; same queries for both. */
export type ContentSource = {
  kind: 'sanity' | 'bundled';
  query(groq: string, params: QueryParams): Promise<unknown>;
};

const datasets = new Map<string, Promise<unknown[]>>();

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

function loadDataset(file: string): Promise<unknown[]> {
  let loaded = datasets.get(file);
  if (!loaded) {
    loaded = readFile(file, 'utf8').then((text) => parseNdjson(text, file));
    datasets.set(file, loaded);
  }
  return loaded;
}

export function bundledSource(documents: () => Promise<unknown[]>): ContentSource {
  return {
    kind: 'bundled',
    async query(groq, params) {
      const tree = parse(groq, { params });
      const value = await evaluate(tree, { dataset: await documents(), params });
      return value.get();
    },
  };
}

export function createContentSource(env: ContentEnv): ContentSource {
  if (!env.projectId) return bundledSource(() => loadDataset(env.datasetFile));
  const client = createClient({
    projectId: env.projectId,
    dataset: env.dataset,
    apiVersion: env.apiVersion,
    useCdn: true,
    perspective: 'published',
    token: env.token,
  });
  return { kind: 'sanity', query: (groq, params) => client.fetch(groq, params) };
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
