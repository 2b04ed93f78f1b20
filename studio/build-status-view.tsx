import { useEffect, useState } from 'react';
import {
  buildStatusRequest,
  buildStatusUrl,
  describeBuild,
  describeFailure,
  type BuildStatus,
} from './build-status-model.ts';

// The live site's build, seen from the Studio (the view; studio/build-status.tsx wires it into the
// Studio with the editor's token, and the harness of tests/studio-harness/ mounts it as is): a "Site build" tool (state, content version, the last
// failure with its document and field) and a badge on the document that stopped the last build. Both
// read the site's GET /api/site/build-status every 15 s with the editor's own Sanity token: the site
// checks it with Sanity and only then tells the failure (anyone else learns the state only).

const POLL_MS = 15_000;

export function useBuildStatus(
  siteUrl: string,
  token: string | undefined,
): { status: BuildStatus | null; error: string | null } {
  const [status, setStatus] = useState<BuildStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    const load = () =>
      fetch(buildStatusUrl(siteUrl), buildStatusRequest(token))
        .then((res) =>
          res.ok ? (res.json() as Promise<BuildStatus>) : Promise.reject(new Error(`HTTP ${res.status}`)),
        )
        .then((next) => {
          if (stopped) return;
          setStatus(next);
          setError(null);
        })
        .catch((e: unknown) => !stopped && setError(e instanceof Error ? e.message : String(e)));
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [siteUrl, token]);
  return { status, error };
}

const TONES = { positive: '#1f7a3d', caution: '#8a6100', critical: '#b3261e' } as const;

export function BuildStatusView({ siteUrl, token }: { siteUrl: string; token?: string }) {
  const { status, error } = useBuildStatus(siteUrl, token);
  const box = { maxWidth: '44rem', margin: '2rem auto', padding: '0 1rem', fontFamily: 'inherit', lineHeight: 1.5 };
  if (!status)
    return (
      <div style={box}>
        <h1>Site build</h1>
        <p>{error ? `The site (${siteUrl}) does not answer: ${error}` : 'Asking the site…'}</p>
      </div>
    );
  const headline = describeBuild(status);
  const failure = status.lastFailure;
  return (
    <div style={box} data-build-state={status.state}>
      <h1>Site build</h1>
      <p style={{ color: TONES[headline.tone], fontWeight: 600 }}>{headline.title}</p>
      <p>
        Live build made {new Date(status.builtAt).toLocaleString()} on {siteUrl}.
      </p>
      {failure && (
        <section>
          <h2>{status.state === 'failed' ? 'Why the last publish failed' : 'Last failure (since fixed)'}</h2>
          <p>{describeFailure(failure)}</p>
          <dl>
            <dt>Document</dt>
            <dd>{failure.documentId ?? '(not a content error)'}</dd>
            <dt>Field</dt>
            <dd>{failure.field ?? '-'}</dd>
            <dt>Message</dt>
            <dd>
              <code>{failure.message}</code>
            </dd>
            <dt>When</dt>
            <dd>
              {new Date(failure.at).toLocaleString()} ({failure.reason})
            </dd>
          </dl>
        </section>
      )}
      {status.state === 'failed' && status.lastFailure === undefined && (
        <p>The site did not accept this Studio's sign-in, so it tells only the state, not what failed.</p>
      )}
      {error && <p>Last refresh failed: {error}</p>}
    </div>
  );
}
