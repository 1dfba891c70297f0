/**
 * The root config's start-up, framework-free with every side effect injected (single-spa, SystemJS, boot,
 * location, document), so each branch is tested without a browser. index.ts wires the real ones.
 */
import type { LifeCycles } from 'single-spa';
import { LOGIN_APP, SHELL_APP, isLoginPath, loginActive, shellActive } from './routes';
import { syncFrame } from './frame';

/** boot.ts's outcomes; on these two the page is already navigating away, so nothing should mount. */
const LEAVING_OUTCOMES = new Set(['redirected', 'unauthorized']);

export interface ApplicationRegistration {
  name: string;
  app: () => Promise<LifeCycles>;
  activeWhen: (location: Location) => boolean;
  customProps: { boot: () => Promise<unknown>; prepare?: () => Promise<unknown> };
}

export interface RootConfigDeps {
  registerApplication: (config: ApplicationRegistration) => void;
  addErrorHandler: (handler: (error: unknown) => void) => void;
  start: (options: { urlRerouteOnly: boolean }) => void;
  getMountedApps: () => string[];
  /** Loading function for an import-map name (SystemJS in the page). */
  loadApplication: (name: string) => () => Promise<LifeCycles>;
  errorHandler: (error: unknown) => void;
  boot: () => Promise<unknown>;
  /**
   * Loads what a boot and the first screen after it need, without starting a session (lazy-boot.ts):
   * the login app calls it on the password step, so Sign In waits on the server and a render only.
   */
  prepare?: () => Promise<unknown>;
  /** Runs before anything registers (import-map-overrides in development). */
  beforeRegister?: () => Promise<unknown>;
  location: Pick<Location, 'pathname'>;
  getDocument?: () => Document | undefined;
  /** single-spa fires `single-spa:app-change` on window after apps mount or unmount. */
  addWindowListener?: (type: string, listener: () => void) => void;
}

export type RootConfigOutcome = 'started' | 'left-page';

export async function startRootConfig(deps: RootConfigDeps): Promise<RootConfigOutcome> {
  deps.addErrorHandler(deps.errorHandler);
  await deps.beforeRegister?.();

  const customProps = deps.prepare ? { boot: deps.boot, prepare: deps.prepare } : { boot: deps.boot };
  deps.registerApplication({
    name: LOGIN_APP,
    app: deps.loadApplication(LOGIN_APP),
    activeWhen: loginActive,
    customProps,
  });
  deps.registerApplication({
    name: SHELL_APP,
    app: deps.loadApplication(SHELL_APP),
    activeWhen: shellActive,
    customProps,
  });

  const frameDeps = {
    mountedApps: deps.getMountedApps,
    ...(deps.getDocument ? { getDocument: deps.getDocument } : {}),
  };
  deps.addWindowListener?.('single-spa:app-change', () => syncFrame(frameDeps));

  if (!isLoginPath(deps.location.pathname)) {
    // The shell needs a started session: boot first (it shows and removes the blocking message itself).
    let outcome: unknown;
    try {
      outcome = await deps.boot();
    } catch (error) {
      // boot() reports its own failures and resolves 'error'; a throw here is a bug, but the shell must
      // still mount so the user sees its Retry rather than a blank page.
      deps.errorHandler(error);
    }
    if (typeof outcome === 'string' && LEAVING_OUTCOMES.has(outcome)) return 'left-page';
  }
  deps.start({ urlRerouteOnly: true });
  return 'started';
}
