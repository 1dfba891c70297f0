/**
 * The legacy page's one session: `@atrium/session/core`'s store, filled by `startFromCookie` (initialize on
 * the user's legacy cookie, through the bare transport), shared by both tags and every copy of the bundle
 * through the registry. The bar reads this store; the toolbar chunk hands it to the React toolbar.
 *
 * The entry imports this right after the start mark, before Lit and the elements evaluate: when the page
 * already holds a tag that will ask for the session (module scripts run once the document is parsed), the
 * request starts here and travels while the rest of the script runs and the page paints. This file
 * must stay free of Lit and React for that reason.
 */
import { createCookieTransport, isApiError } from '@atrium/api/transport';
import { session, startFromCookie } from '@atrium/session/core';
import { widgetsRegistry } from '../registry.js';
import type { LegacySessionSnapshot, PageSession } from '../registry.js';
import { isInsideAtriumShell } from './embedded.js';
import { widgetsApiOrigin } from './api-origin.js';

const registry = widgetsRegistry();

/** Atrium's origin: where this script came from, which may be another origin than the page's. */
export const apiOrigin: string = widgetsApiOrigin();

/** Inside the Atrium shell, whose own bar and toolbar show: both tags render nothing there. */
export const embedded: boolean = isInsideAtriumShell();

/**
 * initialize's answer as this copy read it, for the toolbar chunk; module memory only (it holds the bearer
 * token), never the shared registry. Undefined when another copy's start ran.
 */
let initializeAnswer: unknown = undefined;

export function initializeAnswerOfThisCopy(): unknown {
  return initializeAnswer;
}

function reportFailure(error: unknown): void {
  // Nobody signed in here is normal on a legacy page: show nothing, say nothing, load nothing. Anything
  // else is explained by a chunk of its own (a deployment fault names the setting to fix).
  if (isApiError(error) && error.code === 'unauthorized') return;
  // No chunk name: the entry lists every chunk's file name, and each name costs bytes there.
  import('./session-diagnostics.js').then(
    (diagnostics) => diagnostics.reportSessionFailure(error, apiOrigin, globalThis.location.origin),
    // The explanation itself did not load (Atrium unreachable): the failure still shows.
    () => console.warn('[atrium-widgets]', error),
  );
}

const noop = (): void => undefined;
/** The chunk with what a page tells Atrium besides its start (session-sync.ts), loaded on first need. */
const sync = () => import(/* webpackChunkName: "atrium-sync" */ './session-sync.js');

function createPageSession(): PageSession {
  // The bundle's one store, the same `session` the toolbar chunk's React code reads: a second store on the
  // page would hear this one's cross-tab messages as another tab's (a school swap would reload the page
  // under the toolbar's own navigation). Other tabs' messages are handled as in the new app.
  const store = session;
  const transport = createCookieTransport({ serverOrigin: apiOrigin });
  // A dismissal is kept in the session on the server too, so the other hosts of the site leave it out.
  store.setDismissalSender((id) => sync().then((chunk) => chunk.sendDismissal(transport, id), noop));
  let started: Promise<LegacySessionSnapshot | null> | null = null;
  function start(): Promise<LegacySessionSnapshot | null> {
    // Inside the shell the frame shows no widgets, so it has no reason to ask either.
    if (embedded) return Promise.resolve(null);
    started ??= startFromCookie(store, transport)
      .then(
        (answer) => {
          initializeAnswer = answer;
          const { sis, systemNotifications } = store.getState();
          return sis === null ? null : { sis, notifications: systemNotifications };
        },
        (error: unknown) => {
          reportFailure(error);
          return null;
        },
      )
      // On a page of another host, the notice feed's cookie follows the session (session-sync.ts).
      .finally(() => {
        if (apiOrigin !== globalThis.location.origin)
          sync().then((chunk) => chunk.keepFeedCookie(transport, store.getState().status), noop);
      });
    registry.legacySession ??= started;
    return started;
  }
  return { store, start };
}

/** The page's session: the registry's when another copy created it first. */
export const pageSession: PageSession = (registry.session ??= createPageSession());

/** Tags that will ask for the session: the toolbar always, the bar unless it was given its list. */
const SESSION_TAGS = 'atrium-dev-toolbar, atrium-notification-bar:not([notifications]):not([source="none"])';

if (typeof document !== 'undefined' && document.querySelector(SESSION_TAGS) !== null) {
  void pageSession.start();
}
