/**
 * Runs `callback` once the next frame has been painted: requestAnimationFrame runs just before the frame,
 * the task queued from it runs after. A render right after a click or a key is synchronous, and React then
 * runs that render's effects in the same task, before the browser paints; work those effects start that
 * the user does not wait for (the toolbar's user list, the shell's update check and unread count) goes
 * after the paint instead. Returns a cancel for an effect's cleanup.
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
