import { describe, expect, it, vi } from 'vitest';
import type { BootSession } from './boot.js';
import { createLazyPageBoot } from './lazy-boot.js';

const pageSession = { session: {}, startFromBoot: vi.fn() } as unknown as BootSession;

/** The boot chunk's module, with a boot that starts (or `run`) and a warm-up that does nothing (or `prepareLanding`). */
function bootModule(
  run: () => Promise<'started'> = async () => 'started',
  prepareLanding: () => Promise<void> = async () => {},
) {
  return { createPageBoot: () => run, prepareLanding };
}

describe('createLazyPageBoot', () => {
  it('loads the boot chunk and the session on the first call only, together, and runs the boot they make', async () => {
    const order: string[] = [];
    const run = vi.fn(async () => 'started' as const);
    const createPageBoot = vi.fn(() => run);
    const loadBootModule = vi.fn(async () => {
      order.push('chunk');
      return { createPageBoot, prepareLanding: async () => {} };
    });
    const loadSession = vi.fn(async () => {
      order.push('session');
      return pageSession;
    });
    const reportError = () => {};
    const boot = createLazyPageBoot(loadBootModule, loadSession, reportError);

    expect(loadBootModule).not.toHaveBeenCalled();
    expect(loadSession).not.toHaveBeenCalled();
    const first = boot();
    // Both requested before either has arrived: one round trip, not two in a row.
    expect(order).toEqual(['chunk', 'session']);
    await expect(first).resolves.toBe('started');
    await expect(boot()).resolves.toBe('started');
    expect(loadBootModule).toHaveBeenCalledTimes(1);
    expect(loadSession).toHaveBeenCalledTimes(1);
    expect(createPageBoot).toHaveBeenCalledTimes(1);
    expect(createPageBoot).toHaveBeenCalledWith(pageSession, reportError);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("resolves 'error' when the chunk fails to load, and loads again on the next call (Retry)", async () => {
    const failure = new Error('ChunkLoadError');
    const loadBootModule = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce(bootModule());
    const reportError = vi.fn();
    const boot = createLazyPageBoot(loadBootModule, async () => pageSession, reportError);

    await expect(boot()).resolves.toBe('error');
    expect(reportError).toHaveBeenCalledWith(failure);
    await expect(boot()).resolves.toBe('started');
    expect(loadBootModule).toHaveBeenCalledTimes(2);
  });

  it("resolves 'error' when the session module fails to load, and loads it again on the next call", async () => {
    const failure = new Error('session module did not load');
    const loadSession = vi.fn(() => Promise.reject(failure));
    const reportError = vi.fn();
    const boot = createLazyPageBoot(async () => bootModule(), loadSession, reportError);

    await expect(boot()).resolves.toBe('error');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(failure);
    await expect(boot()).resolves.toBe('error');
    expect(loadSession).toHaveBeenCalledTimes(2);
  });

  it('a load failure goes to reportLoadFailure (the page shows its load error), a boot failure to reportError', async () => {
    const failure = new Error('ChunkLoadError');
    const createPageBoot = vi.fn(() => async () => 'started' as const);
    const loadBootModule = vi
      .fn()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({ createPageBoot, prepareLanding: async () => {} });
    const reportError = vi.fn();
    const reportLoadFailure = vi.fn();
    const boot = createLazyPageBoot(loadBootModule, async () => pageSession, reportError, reportLoadFailure);

    await expect(boot()).resolves.toBe('error');
    expect(reportLoadFailure).toHaveBeenCalledWith(failure);
    expect(reportError).not.toHaveBeenCalled();
    await expect(boot()).resolves.toBe('started');
    // The boot itself reports to reportError (its failures show the shell's Retry).
    expect(createPageBoot).toHaveBeenCalledWith(pageSession, reportError);
    expect(reportLoadFailure).toHaveBeenCalledTimes(1);
  });

  it('prepares ahead of a boot with the same load: the chunk and the session once, the landing warmed', async () => {
    const run = vi.fn(async () => 'started' as const);
    const prepareLanding = vi.fn(async () => {});
    const loadBootModule = vi.fn(async () => bootModule(run, prepareLanding));
    const loadSession = vi.fn(async () => pageSession);
    const boot = createLazyPageBoot(loadBootModule, loadSession, () => {});

    await boot.prepare();
    expect(prepareLanding).toHaveBeenCalledTimes(1);
    // Preparing starts no session.
    expect(run).not.toHaveBeenCalled();
    await expect(boot()).resolves.toBe('started');
    expect(loadBootModule).toHaveBeenCalledTimes(1);
    expect(loadSession).toHaveBeenCalledTimes(1);
  });

  it('never rejects a failed preparation, and the boot loads again and reports its own failure', async () => {
    const failure = new Error('ChunkLoadError');
    const loadBootModule = vi
      .fn()
      .mockRejectedValueOnce(failure)
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(bootModule());
    const reportError = vi.fn();
    const boot = createLazyPageBoot(loadBootModule, async () => pageSession, reportError);

    await expect(boot.prepare()).resolves.toBeUndefined();
    // A warm-up's failure is nobody's to see: the boot that follows reports its own.
    expect(reportError).not.toHaveBeenCalled();
    await expect(boot()).resolves.toBe('error');
    expect(reportError).toHaveBeenCalledWith(failure);
    await expect(boot()).resolves.toBe('started');
    expect(loadBootModule).toHaveBeenCalledTimes(3);
  });
});
