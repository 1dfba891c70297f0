/**
 * The page's one legacy session, shared by both tags and every copy of the bundle through the registry.
 *
 * The entry imports this right after the start mark, before Lit and the elements evaluate: when the page
 * already holds a tag that will ask for the session (module scripts run once the document is parsed), the
 * request starts here and travels while the rest of the script runs and the page paints. This file
 * must stay free of Lit and React for that reason.
 */
import { isApiError } from '@atrium/api/errors';
import { widgetsRegistry } from '../registry.js';
import type { LegacySessionSnapshot } from '../registry.js';
import { isInsideAtriumShell } from './embedded.js';
import { fetchLegacySession } from './lite-session.js';
import { deploymentProblem, widgetsApiOrigin } from './api-origin.js';

const registry = widgetsRegistry();

/** Atrium's origin: where this script came from, which may be another origin than the page's. */
export const apiOrigin: string = widgetsApiOrigin();

/** Inside the Atrium shell, whose own bar and toolbar show: both tags render nothing there. */
export const embedded: boolean = isInsideAtriumShell();

/**
 * initialize's answer as this copy read it, for the toolbar chunk; module memory only (it holds the bearer
 * token), never the shared registry. Undefined when another copy started the session.
 */
let initializeAnswer: unknown = undefined;

export function initializeAnswerOfThisCopy(): unknown {
  return initializeAnswer;
}

/** The session on the bar's critical path: one fetch in the entry, no client chunk (lite-session.ts). */
async function startLiteSession(): Promise<LegacySessionSnapshot | null> {
  try {
    const { snapshot, initialize } = await fetchLegacySession(globalThis.fetch, apiOrigin);
    initializeAnswer = initialize;
    return snapshot;
  } catch (error) {
    // Nobody signed in here is normal on a legacy page: show nothing, say nothing. A deployment fault
    // (a refused origin) is an error naming the setting to fix.
    const problem = deploymentProblem(error, apiOrigin, globalThis.location.origin);
    if (problem !== null) console.error(problem);
    else if (!isApiError(error) || error.code !== 'unauthorized') {
      console.warn('[atrium-widgets] could not read the legacy session', error);
    }
    return null;
  }
}

/** The page's one legacy session, started on first use. */
export function loadSession(): Promise<LegacySessionSnapshot | null> {
  // Inside the shell the frame shows no widgets, so it has no reason to trade the cookie either.
  if (embedded) return Promise.resolve(null);
  registry.legacySession ??= startLiteSession();
  return registry.legacySession;
}

/** Tags that will ask for the session: the toolbar always, the bar unless it was given its list. */
const SESSION_TAGS = 'atrium-dev-toolbar, atrium-notification-bar:not([notifications]):not([source="none"])';

if (typeof document !== 'undefined' && document.querySelector(SESSION_TAGS) !== null) void loadSession();
