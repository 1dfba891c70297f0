import { describe, expect, it, vi } from 'vitest';
import type { LifeCycles } from 'single-spa';
import { startRootConfig } from './start';
import type { ApplicationRegistration, RootConfigDeps } from './start';

function setup(pathname: string, bootResult: unknown = 'started') {
  const calls: string[] = [];
  const registrations: ApplicationRegistration[] = [];
  const boot = vi.fn(async () => {
    calls.push('boot');
    return bootResult;
  });
  const deps: RootConfigDeps = {
    registerApplication: (config) => {
      calls.push(`register ${config.name}`);
      registrations.push(config);
    },
    addErrorHandler: () => calls.push('error handler'),
    start: () => calls.push('start'),
    getMountedApps: () => [],
    loadApplication: (name) => async () => ({ name }) as unknown as LifeCycles,
    errorHandler: vi.fn(),
    boot,
    location: { pathname },
  };
  return { deps, calls, registrations, boot };
}

describe('startRootConfig', () => {
  it('on a shell path registers both apps with the boot prop, boots, then starts', async () => {
    const { deps, calls, registrations, boot } = setup('/home');
    await expect(startRootConfig(deps)).resolves.toBe('started');
    expect(calls).toEqual([
      'error handler',
      'register @atrium/login',
      'register @atrium/shell',
      'boot',
      'start',
    ]);
    expect(registrations.every((r) => r.customProps.boot === boot)).toBe(true);
    const [login, shell] = registrations;
    expect(login?.activeWhen({ pathname: '/common/login/reset' } as Location)).toBe(true);
    expect(login?.activeWhen({ pathname: '/home' } as Location)).toBe(false);
    expect(shell?.activeWhen({ pathname: '/home' } as Location)).toBe(true);
    expect(shell?.activeWhen({ pathname: '/common/login' } as Location)).toBe(false);
    expect(shell?.activeWhen({ pathname: '/common/loginx' } as Location)).toBe(true);
  });

  it('on the login path starts without booting', async () => {
    const { deps, calls } = setup('/common/login');
    await startRootConfig(deps);
    expect(calls).not.toContain('boot');
    expect(calls.at(-1)).toBe('start');
  });

  it('does not start when boot is sending the browser elsewhere', async () => {
    for (const outcome of ['redirected', 'unauthorized']) {
      const { deps, calls } = setup('/home', outcome);
      await expect(startRootConfig(deps)).resolves.toBe('left-page');
      expect(calls).not.toContain('start');
    }
  });

  it('still starts (so the shell can offer Retry) when boot throws, and reports the error', async () => {
    const { deps, calls } = setup('/home');
    const failure = new Error('boom');
    deps.boot = async () => {
      throw failure;
    };
    await startRootConfig(deps);
    expect(deps.errorHandler).toHaveBeenCalledWith(failure);
    expect(calls.at(-1)).toBe('start');
  });

  it('runs beforeRegister (dev overrides) before any app is registered', async () => {
    const { deps, calls } = setup('/common/login');
    deps.beforeRegister = async () => calls.push('overrides');
    await startRootConfig(deps);
    expect(calls.slice(0, 3)).toEqual(['error handler', 'overrides', 'register @atrium/login']);
  });
});
