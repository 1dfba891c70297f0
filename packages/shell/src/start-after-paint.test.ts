// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { startAfterPaint } from './start-after-paint';

/** The next frame, and the task after it: when afterNextPaint's callback has run. */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));

describe('startAfterPaint', () => {
  it('starts the job only after the next frame, and its cleanup stops it', async () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const cleanup = startAfterPaint(start);
    expect(start).not.toHaveBeenCalled();
    await painted();
    expect(start).toHaveBeenCalledTimes(1);
    cleanup();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('an unmount before the paint means the job never starts', async () => {
    const start = vi.fn(() => () => {});
    startAfterPaint(start)();
    await painted();
    expect(start).not.toHaveBeenCalled();
  });
});
