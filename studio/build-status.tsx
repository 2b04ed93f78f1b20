import { useClient, type DocumentBadgeComponent, type DocumentBadgeProps, type Tool } from 'sanity';
import { failureBadge } from './build-status-model.ts';
import { BuildStatusView, useBuildStatus } from './build-status-view.tsx';

// The "Site build" tool and the document badge in the Studio, with the editor's own Sanity token
// (studio/build-status-view.tsx says what they show).

const useToken = () => useClient({ apiVersion: '2025-02-19' }).config().token;

export function buildStatusTool(siteUrl: string): Tool {
  return {
    name: 'site-build',
    title: 'Site build',
    component: function SiteBuildTool() {
      return <BuildStatusView siteUrl={siteUrl} token={useToken()} />;
    },
  };
}

export function buildStatusBadge(siteUrl: string): DocumentBadgeComponent {
  return function BuildStatusBadge(props: DocumentBadgeProps) {
    const { status } = useBuildStatus(siteUrl, useToken());
    return failureBadge(status, props.id);
  };
}
