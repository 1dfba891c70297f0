/**
 * Runs `callback` once the next frame has been painted: requestAnimationFrame runs just before the frame,
 * the task queued from it runs after. The toolbar's first render is synchronous (the user pressed
 * Ctrl+Shift+A and waits for it), and React then runs that render's effects in the same task; the calls
 * they start (users, roster, migration map) only fill in lists, so they start after the toolbar is on screen
 * instead of before. Returns a cancel for an effect's cleanup.
 */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (!cancelled) callback();
    }, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
