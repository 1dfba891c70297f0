/** The developer toolbar's Releases panel (root only) and its API client. */
export { ReleasesPanel } from './ReleasesPanel.js';
export type { ReleasesPanelProps } from './ReleasesPanel.js';
export { createReleasesClient, ReleasesApiError } from './releases-client.js';
export type { ReleasesClient, ReleasesOverview } from './releases-client.js';
