// What the Studio says about the live site build (GET <site>/api/site/build-status): plain data and
// words, no React, so tests/studio-build-status.test.ts can hold it to the server's answer.

// The answer's shape is the API's own contract (type only: nothing of it enters the Studio bundle).
export type { BuildFailure, BuildStatus } from '../core/contracts/responses.ts';
import type { BuildFailure, BuildStatus } from '../core/contracts/responses.ts';

export function buildStatusUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/$/, '')}/api/site/build-status`;
}

/**
 * The request: the editor's Sanity token (when the Studio signs in with one) as a bearer token, which
 * the site checks with Sanity before it tells the last failure; no cookies, nothing cached.
 */
export function buildStatusRequest(token: string | undefined): RequestInit {
  return {
    cache: 'no-store',
    credentials: 'omit',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  };
}

/** A published id: drafts and versions of a document share the failure of the published one. */
export function publishedId(id: string): string {
  return id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '');
}

/** The headline of the tool: what the site shows now and whether the last publish went live. */
export function describeBuild(status: BuildStatus): { tone: 'positive' | 'caution' | 'critical'; title: string } {
  if (status.state === 'building')
    return {
      tone: 'caution',
      title: `Publishing: the site is rebuilding (live: content version ${status.contentVersion})`,
    };
  if (status.state === 'failed')
    return {
      tone: 'critical',
      title: 'The last publish did not go live: the site still shows the previous content',
    };
  return { tone: 'positive', title: `Live: content version ${status.contentVersion}` };
}

/** The sentence that tells an editor what to fix. */
export function describeFailure(failure: BuildFailure): string {
  if (failure.documentId && failure.field)
    return `Fix the field "${failure.field}" of the document "${failure.documentId}" and publish it again.`;
  return 'The site build failed for a reason outside the content; a developer has to look at the server log.';
}

/** The badge of a document whose content stopped the last build (null: nothing to say). */
export function failureBadge(
  status: BuildStatus | null,
  documentId: string,
): { label: string; title: string; color: 'danger' } | null {
  const failure = status?.lastFailure;
  if (!status || status.state !== 'failed' || !failure?.documentId) return null;
  if (failure.documentId !== publishedId(documentId)) return null;
  return {
    label: 'Not live: build failed',
    title: `${failure.message}. ${describeFailure(failure)}`,
    color: 'danger',
  };
}
