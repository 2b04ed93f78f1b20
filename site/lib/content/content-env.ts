import { resolve } from 'node:path';

/** Where content comes from, read once from the environment (see .env.example). */
export type ContentEnv = {
  /** Set: read the published perspective of this Sanity project through its CDN. */
  projectId?: string;
  dataset: string;
  apiVersion: string;
  token?: string;
  /** Path of the NDJSON used when no project is configured. */
  datasetFile: string;
  /** The instant schedules are evaluated at (CONTENT_NOW; tests pin it). */
  now: () => Date;
  /** Key of signed preview links (PREVIEW_SECRET); unset = no preview (site/lib/content/preview.ts). */
  previewSecret?: string;
};

// Resolved from the project root (where npm scripts, Astro and Vitest run): this module is
// bundled into dist/ during the build, so import.meta.url would point into the build output.
export const BUNDLED_DATASET_FILE = resolve(process.cwd(), 'content/dataset/production.ndjson');

export function readContentEnv(source: Record<string, string | undefined> = process.env): ContentEnv {
  const fixedNow = source.CONTENT_NOW ? new Date(source.CONTENT_NOW) : undefined;
  if (fixedNow && Number.isNaN(fixedNow.getTime()))
    throw new Error(`CONTENT_NOW is not an ISO date-time: ${source.CONTENT_NOW}`);
  if (source.PREVIEW_SECRET && source.PREVIEW_SECRET.length < 32)
    throw new Error('PREVIEW_SECRET must be at least 32 characters (or unset: no preview)');
  return {
    previewSecret: source.PREVIEW_SECRET || undefined,
    projectId: source.SANITY_PROJECT_ID || undefined,
    dataset: source.SANITY_DATASET || 'production',
    apiVersion: source.SANITY_API_VERSION || '2025-02-19',
    token: source.SANITY_TOKEN || undefined,
    datasetFile: source.CONTENT_DATASET || BUNDLED_DATASET_FILE,
    now: fixedNow ? () => fixedNow : () => new Date(),
  };
}
