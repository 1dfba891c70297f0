import { afterNextPaint } from '@atrium/ui';

/**
 * Starts a background job (its first request included) once the shell's first frame is on screen: the mount
 * after Sign In renders synchronously and React runs its effects before that paint. Returns the effect's
 * cleanup, which also covers an unmount before the paint.
 */
export function startAfterPaint(start: () => () => void): () => void {
  let stop: (() => void) | null = null;
  const cancel = afterNextPaint(() => {
    stop = start();
  });
  return () => {
    cancel();
    stop?.();
  };
}
