/**
 * The one script legacy pages include: `<script type="module" src="/widgets/atrium-widgets.js">`.
 *
 * It defines both tags at once. `<atrium-notification-bar>` is Lit only; `<atrium-dev-toolbar>` is a light
 * loader that imports the React toolbar (a separate chunk, React bundled in it: legacy pages have no
 * import map) only for root and headquarters users. Both read the page's existing legacy session, started
 * once per page through the global registry, however many times or versions of this script load.
 */
import { defineNotificationBar } from './notification-bar/define.js';
import { defineOnce, widgetsRegistry } from './registry.js';
import type { LegacySessionSnapshot } from './registry.js';
import { DevToolbarLoaderElement } from './legacy/dev-toolbar-loader.js';

const registry = widgetsRegistry();

/**
 * The page's one legacy session, shared through the registry by both tags and every copy. The API client
 * (and its validators) is a chunk of its own: it would otherwise double the notification bar's download.
 */
const loadSession = (): Promise<LegacySessionSnapshot | null> => {
  registry.legacySession ??= import(
    /* webpackChunkName: "atrium-session" */ './legacy/legacy-session.js'
  ).then(
    ({ startLegacySession }) => startLegacySession(),
    (error: unknown) => {
      console.warn('[atrium-widgets] could not load the session module', error);
      return null;
    },
  );
  return registry.legacySession;
};

defineNotificationBar({ loadSession });

DevToolbarLoaderElement.deps = {
  loadSession,
  loadToolbar: () => import(/* webpackChunkName: "atrium-dev-toolbar" */ './legacy/toolbar-chunk.js'),
};
defineOnce('atrium-dev-toolbar', DevToolbarLoaderElement);

export { NotificationBarElement } from './notification-bar/notification-bar.js';
export { DevToolbarLoaderElement } from './legacy/dev-toolbar-loader.js';
export { WIDGETS_VERSION } from './version.js';
