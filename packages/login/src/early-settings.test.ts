import { describe, expect, it, vi } from 'vitest';
import type { LoginSettings } from '@atrium/api';
import { sendSettingsEarly, withEarlySettings } from './early-settings';

const settings = (lockdown: boolean) => ({ lockdown }) as unknown as LoginSettings;

describe('the early login settings request', () => {
  it('the first call takes the request sent at bootstrap; later calls ask again', async () => {
    const loginSettings = vi
      .fn()
      .mockResolvedValueOnce(settings(true))
      .mockResolvedValueOnce(settings(false));
    const api = { loginSettings, lookup: vi.fn() };
    sendSettingsEarly(api);
    sendSettingsEarly(api);
    expect(loginSettings).toHaveBeenCalledTimes(1);
    const wrapped = withEarlySettings(api);
    expect(await wrapped.loginSettings({ signal: new AbortController().signal })).toEqual(settings(true));
    expect(loginSettings).toHaveBeenCalledTimes(1);
    expect(await wrapped.loginSettings()).toEqual(settings(false));
    expect(loginSettings).toHaveBeenCalledTimes(2);
    // The other methods are the api's own.
    expect(wrapped.lookup).toBe(api.lookup);
  });

  it("a failed early request is the taker's failure, and no unhandled rejection before that", async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const api = { loginSettings: vi.fn().mockRejectedValueOnce(new Error('offline')) };
    sendSettingsEarly(api);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
    await expect(withEarlySettings(api).loginSettings()).rejects.toThrow('offline');
    process.off('unhandledRejection', unhandled);
  });

  it("without an early request every call is the api's", async () => {
    const api = { loginSettings: vi.fn().mockResolvedValue(settings(false)) };
    await withEarlySettings(api).loginSettings();
    expect(api.loginSettings).toHaveBeenCalledTimes(1);
  });
});
