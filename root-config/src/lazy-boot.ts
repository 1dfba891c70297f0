/**
 * The page's `boot()`, loaded on its first call. Two things must arrive before the boot sequence can run:
 * its own code (boot.ts, a chunk of this module) and the page's session store (`@atrium/session`, through
 * SystemJS). Neither is part of the root config's first load: the login page boots only after sign-in, so
 * its cold load downloads neither (login JS budget); the shell page boots at once and fetches both together.
 *
 * The layers, outside in:
 * 1. here, one memo of the load: both arrive once, in parallel, and become the page's boot;
 * 2. boot.ts's `createBoot`: calls made while a run is in flight share it (the root config and a Retry).
 */
import type * as BootSequence from './boot';
import type { BootOutcome, BootSession } from './boot';

type BootModule = Pick<typeof BootSequence, 'createPageBoot' | 'prepareLanding'>;
type Boot = () => Promise<BootOutcome>;

/**
 * The page's boot, and its early start: `prepare()` loads what the boot and the screen after it need
 * (boot.ts's `prepareLanding`) without starting a session; the login page calls it on the password step.
 * It never rejects: a failed load is the boot's to report when it really runs.
 */
export interface PageBoot extends Boot {
  prepare(): Promise<void>;
}

/**
 * A failed load resolves 'error' like any other boot failure (no retry storm) and is forgotten, so the next
 * call loads again. It is reported through `reportLoadFailure`, not `reportError`: without its code the
 * boot has no session store, so the shell can show no Retry and the blocking message would spin on; the
 * page wires the application error handler there (its load error, with Reload).
 */
export function createLazyPageBoot(
  loadBootModule: () => Promise<BootModule>,
  loadSession: () => Promise<BootSession>,
  reportError: (error: unknown) => void = (error) => console.error('[atrium] boot failed', error),
  reportLoadFailure: (error: unknown) => void = reportError,
): PageBoot {
  let loaded: Promise<{ module: BootModule; run: Boot }> | null = null;
  const load = () =>
    (loaded ??= Promise.all([loadBootModule(), loadSession()]).then(([module, session]) => ({
      module,
      run: module.createPageBoot(session, reportError),
    })));

  async function boot(): Promise<BootOutcome> {
    let run: Boot;
    try {
      ({ run } = await load());
    } catch (error) {
      loaded = null;
      reportLoadFailure(error);
      return 'error';
    }
    return run();
  }

  async function prepare(): Promise<void> {
    try {
      const { module } = await load();
      await module.prepareLanding();
    } catch {
      loaded = null;
    }
  }

  return Object.assign(boot, { prepare });
}
