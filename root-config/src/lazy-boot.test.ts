import { describe, expect, it, vi } from 'vitest';
import type { BootSession } from './boot.js';
import { createLazyPageBoot } from './lazy-boot.js';

const loadSession = (): Promise<BootSession> => Promise.reject(new Error('not used'));

describe('createLazyPageBoot', () => {
  it('loads the boot chunk on the first call only, and runs the page boot it makes', async () => {
    const run = vi.fn(async () => 'started' as const);
    const createPageBoot = vi.fn(() => run);
    const loadBootModule = vi.fn(async () => ({ createPageBoot }));
    const boot = createLazyPageBoot(loadBootModule, loadSession, () => {});

    expect(loadBootModule).not.toHaveBeenCalled();
    await expect(boot()).resolves.toBe('started');
    await expect(boot()).resolves.toBe('started');
    expect(loadBootModule).toHaveBeenCalledTimes(1);
    expect(createPageBoot).toHaveBeenCalledTimes(1);
    expect(createPageBoot).toHaveBeenCalledWith(loadSession, expect.any(Function));
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("resolves 'error' when the chunk fails to load, and loads again on the next call (Retry)", async () => {
    const failure = new Error('ChunkLoadError');
    const loadBootModule = vi
      .fn()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({ createPageBoot: () => async () => 'started' as const });
    const reportError = vi.fn();
    const boot = createLazyPageBoot(loadBootModule, loadSession, reportError);

    await expect(boot()).resolves.toBe('error');
    expect(reportError).toHaveBeenCalledWith(failure);
    await expect(boot()).resolves.toBe('started');
    expect(loadBootModule).toHaveBeenCalledTimes(2);
  });
});
