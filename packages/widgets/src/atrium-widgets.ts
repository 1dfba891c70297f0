/**
 * The one script legacy pages include: `<script type="module" src="/widgets/atrium-widgets.js">`.
 *
 * It defines both tags at once. `<atrium-notification-bar>` is Lit only; `<atrium-dev-toolbar>` is a light
 * loader that imports the React toolbar (a separate chunk, React bundled in it: legacy pages have no
 * import map) only for root and headquarters users. Both read the page's existing legacy session, started
 * once per page through the global registry, however many times or versions of this script load.
 */
// First, so it sees the page's globals before Lit adds its own (removed again below).
import { dropLibraryGlobals } from './legacy/library-globals.js';
// Then the start mark, before the evaluation of everything else.
import './legacy/start-mark.js';
// Second: starts the session's request (when the page has a tag) before Lit and the elements evaluate.
import { embedded, initializeAnswerOfThisCopy, pageSession } from './legacy/cookie-session.js';
import { defineNotificationBar } from './notification-bar/define.js';
import { NotificationBarElement } from './notification-bar/notification-bar.js';
import { defineOnce } from './registry.js';
import { DevToolbarLoaderElement } from './legacy/dev-toolbar-loader.js';

// The bars read the page's session store; a bar with no list of its own starts the session.
NotificationBarElement.embedded = embedded;
defineNotificationBar({ session: { store: pageSession.store, start: () => void pageSession.start() } });

DevToolbarLoaderElement.deps = {
  loadSession: () => pageSession.start(),
  loadToolbar: async () => {
    const chunk = await import(/* webpackChunkName: "atrium-dev-toolbar" */ './legacy/toolbar-chunk.js');
    // The full client takes the token from the answer already read (validated in full there), so
    // initialize is not asked twice; the toolbar reads the same store as the bar.
    if (!(await chunk.adoptCookieAnswer(initializeAnswerOfThisCopy(), pageSession.store))) {
      throw new Error('invalid legacy session');
    }
    return chunk;
  },
};
defineOnce('atrium-dev-toolbar', DevToolbarLoaderElement);
// The bar's class is finalised by its definition above: Lit no longer needs its globals.
dropLibraryGlobals();

export { NotificationBarElement } from './notification-bar/notification-bar.js';
export { DevToolbarLoaderElement } from './legacy/dev-toolbar-loader.js';
export { WIDGETS_VERSION } from './version.js';
