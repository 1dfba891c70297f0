import type { BootOutcome } from './boot';

/**
 * A `boot()` whose sequence must first be loaded (a chunk, the session module). Loaded once; a failed load
 * resolves 'error' like any other boot failure (reported, no retry storm) and is forgotten, so the next
 * call (the shell's Retry) loads again.
 */
export function deferredBoot(
  load: () => Promise<() => Promise<BootOutcome>>,
  reportError: (error: unknown) => void,
): () => Promise<BootOutcome> {
  let ready: Promise<() => Promise<BootOutcome>> | null = null;
  return async function boot(): Promise<BootOutcome> {
    ready ??= load();
    let run: () => Promise<BootOutcome>;
    try {
      run = await ready;
    } catch (error) {
      ready = null;
      reportError(error);
      return 'error';
    }
    return run();
  };
}
