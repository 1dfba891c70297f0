/**
 * The boot sequence of every non-login page (SPEC section 4, docs/architecture.md "Page boot"):
 * blocking message, initialize, legacy initialize, started, message removed. Framework-free, with every
 * side effect injected, so each branch is tested without a browser.
 *
 * On failure it never retries by itself: a server in trouble would otherwise get a retry storm from every
 * open tab. The shell shows a Retry button (status 'error') that calls `boot()` again.
 */
import {
  ApiError,
  DISMISS_NOTIFICATION_PATH,
  LOGIN_PATH,
  START_PATH,
  api as defaultApi,
  isPathUnder,
  loadSessionChunk,
  toSafeSameOriginUrl,
} from '@atrium/api';
import type { ApiClient } from '@atrium/api';
import type { SessionStore, startFromBoot } from '@atrium/session';
import { navigateToUrl } from 'single-spa';
import { BLOCKING_ELEMENT_ID } from './error-alert';
import { landingPath, warmShell } from './warm-shell';
import { takePageStart } from './page-start';
import type { ModuleImporter } from './warm-shell';

/**
 * 'anonymous': no session, on a public route (`/site`): the page renders without one instead of being sent
 * to the login page.
 */
export type BootOutcome = 'started' | 'redirected' | 'unauthorized' | 'anonymous' | 'error';

export interface BlockingMessage {
  show(): void;
  hide(): void;
}

export interface BootLocation {
  readonly pathname: string;
  readonly search: string;
  readonly origin: string;
  assign(url: string): void;
}

export interface BootDeps {
  api: Pick<ApiClient, 'initialize' | 'legacyInitialize' | 'setAccessToken' | 'holdStart'>;
  session: Pick<SessionStore, 'getState' | 'setState'>;
  /** @atrium/session's `startFromBoot`: the page's one way to fill the store from the start-up calls. */
  startSession: typeof startFromBoot;
  blocking: BlockingMessage;
  location: BootLocation;
  /** single-spa's `navigateToUrl`: a client-side route change. */
  navigate: (url: string) => void;
  /** Routes that render without a session (SPEC: the public `site` route and its own guard). */
  isPublicPath?: (pathname: string) => boolean;
  /** Where failures are reported for developers (default console.error); users see the Retry. */
  reportError?: (error: unknown) => void;
  /**
   * The start-up answer the page came with, taken out of it (page-start.ts), or undefined: a signed-in
   * page the server drew has it, and its boot then has nothing to wait for.
   */
  takePageStart?: () => unknown;
}

/** The `#atrium-blocking` element of index.html, shown and hidden through its `hidden` attribute. */
export function createBlockingMessage(
  getDocument: () => Document | undefined = () => globalThis.document,
): BlockingMessage {
  // Looked up on each call: the element may be absent (a test page, a legacy host) and that is fine.
  const element = () => getDocument()?.getElementById(BLOCKING_ELEMENT_ID) ?? null;
  return {
    show: () => element()?.removeAttribute('hidden'),
    hide: () => element()?.setAttribute('hidden', ''),
  };
}

/** The public `site` route (not `sites`, which is guarded). */
export function isPublicSitePath(pathname: string): boolean {
  return isPathUnder(pathname, '/site');
}

export function createBoot(deps: BootDeps): () => Promise<BootOutcome> {
  const reportError = deps.reportError ?? ((error: unknown) => console.error('[atrium] boot failed', error));
  let inFlight: Promise<BootOutcome> | null = null;

  async function run(): Promise<BootOutcome> {
    const { api, session, blocking, location, navigate } = deps;
    // The server has done the start-up for a page that carries its answer: no wait, so no message (the
    // page came with it hidden). A Retry, or a page without one, asks and waits as SPEC section 4 says.
    const carried = deps.takePageStart?.();
    if (carried === undefined) blocking.show();
    else api.holdStart(carried);
    session.setState({ status: 'starting' });
    try {
      const init = await deps.startSession(session, api);
      const { sis } = init;
      blocking.hide();

      if (sis.access_restricted) {
        // SPEC section 4: restricted users go to the legacy redirect first (same-origin only), else /start.
        const redirect =
          init.legacy_redirect === null ? null : toSafeSameOriginUrl(init.legacy_redirect, location.origin);
        if (redirect !== null) {
          location.assign(redirect);
          return 'redirected';
        }
        if (!isPathUnder(location.pathname, START_PATH)) navigate(START_PATH);
      }
      return 'started';
    } catch (error) {
      blocking.hide();
      session.setState({ status: 'error' });
      if (error instanceof ApiError && error.code === 'unauthorized') {
        api.setAccessToken(null);
        if ((deps.isPublicPath ?? isPublicSitePath)(location.pathname)) {
          session.setState({ status: 'signed-out' });
          return 'anonymous';
        }
        const returnUrl = encodeURIComponent(`${location.pathname}${location.search}`);
        location.assign(`${LOGIN_PATH}?returnUrl=${returnUrl}`);
        return 'unauthorized';
      }
      reportError(error);
      return 'error';
    }
  }

  return function boot(): Promise<BootOutcome> {
    // Two callers at once (the root config and a Retry click) share one run rather than racing.
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/** What the boot needs of the shared @atrium/session module: the page's store and its start. */
export interface BootSession {
  session: BootDeps['session'] & Partial<Pick<SessionStore, 'setDismissalSender'>>;
  startFromBoot: BootDeps['startSession'];
}

/** The warm-up under way or done (once per page; forgotten when it fails). */
let landingWarmed: Promise<void> | null = null;

/**
 * What the page will show once a boot is done, loaded and run ahead of it (warm-shell.ts): the shell's
 * module, the area at the landing path, and the api's session-call schemas the boot's first answer is
 * validated with. The login page's early start calls it while the user types the password, so
 * Sign In waits on the server and the first render only (each module's body runs in a task of its own, so
 * keystrokes are handled between them); the boot asks again when it starts (a no-op then). SystemJS and a
 * location are absent outside a browser (unit tests): nothing to warm there.
 */
export function prepareLanding(): Promise<void> {
  const system = (globalThis as { System?: ModuleImporter }).System;
  const here = globalThis.location as Location | undefined;
  if (!system || !here) return Promise.resolve();
  landingWarmed ??= Promise.all([
    loadSessionChunk().then(() => undefined),
    // On the login page (prepare, or the boot after a sign-in) nothing is on screen to fail yet.
    warmShell(landingPath(here), system, isPathUnder(here.pathname, LOGIN_PATH)),
  ]).then(
    () => undefined,
    () => {
      // A warm-up only ever saves time; the boot and the shell report their own failures, and may retry.
      landingWarmed = null;
    },
  );
  return landingWarmed;
}

/**
 * The boot, which also loads the shell and its area while the session starts: the shell mounts only once
 * the boot is done, and neither module depends on the session. Started a task after the boot's run, so
 * the boot's work on the start-up answer goes first instead of waiting behind the shell's evaluation (a
 * trace at 4x CPU: starting together put the shell's evaluation before the request, about 200 ms).
 *
 * On a page the server rendered (`served`: the shell's markup is in its container) the boot also waits
 * for that load: the shell then hydrates the markup with the area's module at hand, instead of drawing a
 * loading state over it; the page shows the server's screen meanwhile.
 */
export function warmingShell(
  boot: () => Promise<BootOutcome>,
  served: () => boolean = servedShell,
  prepare: () => Promise<void> = prepareLanding,
): () => Promise<BootOutcome> {
  return () => {
    const outcome = boot();
    const warmed = new Promise((resolve) => setTimeout(resolve, 0)).then(prepare);
    return served() ? Promise.all([outcome, warmed]).then(([result]) => result) : outcome;
  };
}

/** The shell's container holds markup the server rendered (the server's html/signed-in-page.ts). */
function servedShell(): boolean {
  return !!globalThis.document?.getElementById('atrium-shell')?.hasAttribute('data-atrium-prerendered');
}

/**
 * The page's boot, wired to the real api singleton, the document, the window location and single-spa, for
 * the session module the lazy boot has loaded (lazy-boot.ts).
 */
export function createPageBoot(
  { session, startFromBoot }: BootSession,
  reportError?: (error: unknown) => void,
): () => Promise<BootOutcome> {
  // A notice dismissed in the new app is kept in the session on the server (the signed-in cookie of this
  // origin), so the legacy pages of every host of the site leave it out too.
  session.setDismissalSender?.((id) =>
    defaultApi.transport
      .request({ method: 'POST', path: DISMISS_NOTIFICATION_PATH, body: { id } })
      .catch(() => undefined),
  );
  return warmingShell(
    createBoot({
      api: defaultApi,
      session,
      startSession: startFromBoot,
      blocking: createBlockingMessage(),
      location: {
        get pathname() {
          return globalThis.location.pathname;
        },
        get search() {
          return globalThis.location.search;
        },
        get origin() {
          return globalThis.location.origin;
        },
        assign: (url: string) => globalThis.location.assign(url),
      },
      navigate: (url: string) => navigateToUrl(url),
      takePageStart: () => takePageStart(globalThis.document),
      ...(reportError ? { reportError } : {}),
    }),
  );
}
