/**
 * The page's `boot()` without boot.ts in the root-config module: the boot sequence (and what only it uses)
 * is a separate chunk, loaded when boot first runs. The shell page boots at once, so it costs it one small
 * request; the login page boots only after sign-in, so its cold load never downloads it (login JS budget).
 */
import type * as BootSequence from './boot';
import type { BootOutcome, BootSession } from './boot';
import { deferredBoot } from './deferred-boot';

type BootModule = Pick<typeof BootSequence, 'createPageBoot'>;

/**
 * Same contract as `createPageBoot`: a failed chunk load resolves 'error' like any other boot failure
 * (reported, no retry storm), and the next call (the shell's Retry) loads again.
 */
export function createLazyPageBoot(
  loadBootModule: () => Promise<BootModule>,
  loadSession: () => Promise<BootSession>,
  reportError: (error: unknown) => void = (error) => console.error('[atrium] boot failed', error),
): () => Promise<BootOutcome> {
  return deferredBoot(
    () => loadBootModule().then((module) => module.createPageBoot(loadSession, reportError)),
    reportError,
  );
}
