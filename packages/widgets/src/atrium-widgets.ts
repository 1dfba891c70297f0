/**
 * The one script legacy pages include: `<script type="module" src="/widgets/atrium-widgets.js">`.
 *
 * It defines both tags at once. `<atrium-notification-bar>` is Lit only; `<atrium-dev-toolbar>` is a light
 * loader that imports the React toolbar (a separate chunk, React bundled in it: legacy pages have no
 * import map) only for root and headquarters users. Both read the page's existing legacy session, started
 * once per page through the global registry, however many times or versions of this script load.
 */
// First, so the start mark precedes the evaluation of everything else.
import './legacy/start-mark.js';
import { defineNotificationBar } from './notification-bar/define.js';
import { NotificationBarElement } from './notification-bar/notification-bar.js';
import { defineOnce, widgetsRegistry } from './registry.js';
import type { LegacySessionSnapshot } from './registry.js';
import { DevToolbarLoaderElement } from './legacy/dev-toolbar-loader.js';
import { isInsideAtriumShell } from './legacy/embedded.js';
import { fetchLegacySession } from './legacy/lite-session.js';
import { isApiError } from '../../api/src/errors.js';

const registry = widgetsRegistry();
const embedded = isInsideAtriumShell();

/**
 * initialize's answer as this copy read it, for the toolbar chunk; module memory only (it holds the bearer
 * token), never the shared registry. Undefined when another copy started the session.
 */
let initializeAnswer: unknown = undefined;

/** The session on the bar's critical path: two fetches in this file, no client chunk (lite-session.ts). */
async function startLiteSession(): Promise<LegacySessionSnapshot | null> {
  try {
    const { snapshot, initialize } = await fetchLegacySession();
    initializeAnswer = initialize;
    return snapshot;
  } catch (error) {
    // Nobody signed in here is normal on a legacy page: show nothing, say nothing.
    if (!isApiError(error) || error.code !== 'unauthorized') {
      console.warn('[atrium-widgets] could not read the legacy session', error);
    }
    return null;
  }
}

/** The page's one legacy session, shared through the registry by both tags and every copy. */
const loadSession = (): Promise<LegacySessionSnapshot | null> => {
  // Inside the shell the frame shows no widgets, so it has no reason to trade the cookie either.
  if (embedded) return Promise.resolve(null);
  registry.legacySession ??= startLiteSession();
  return registry.legacySession;
};

NotificationBarElement.embedded = embedded;
defineNotificationBar({ loadSession });

DevToolbarLoaderElement.deps = {
  loadSession,
  loadToolbar: async () => {
    const chunk = await import(/* webpackChunkName: "atrium-dev-toolbar" */ './legacy/toolbar-chunk.js');
    // The toolbar reads the full client and store: fill them from the answer already read (validated in
    // full there), so initialize is not asked twice.
    if (!(await chunk.adoptLegacySession(initializeAnswer))) {
      throw new Error('the legacy session did not pass validation');
    }
    return chunk;
  },
};
defineOnce('atrium-dev-toolbar', DevToolbarLoaderElement);

export { NotificationBarElement } from './notification-bar/notification-bar.js';
export { DevToolbarLoaderElement } from './legacy/dev-toolbar-loader.js';
export { WIDGETS_VERSION } from './version.js';
