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

type BootModule = Pick<typeof BootSequence, 'createPageBoot'>;
type Boot = () => Promise<BootOutcome>;

/**
 * A failed load resolves 'error' like any other boot failure (reported, no retry storm) and is forgotten,
 * so the next call (the shell's Retry) loads again.
 */
export function createLazyPageBoot(
  loadBootModule: () => Promise<BootModule>,
  loadSession: () => Promise<BootSession>,
  reportError: (error: unknown) => void = (error) => console.error('[atrium] boot failed', error),
): Boot {
  let loaded: Promise<Boot> | null = null;
  return async function boot(): Promise<BootOutcome> {
    loaded ??= Promise.all([loadBootModule(), loadSession()]).then(([module, session]) =>
      module.createPageBoot(session, reportError),
    );
    let run: Boot;
    try {
      run = await loaded;
    } catch (error) {
      loaded = null;
      reportError(error);
      return 'error';
    }
    return run();
  };
}
