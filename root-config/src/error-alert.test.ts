// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorHandler, describeApplicationError } from './error-alert';
import { syncFrame } from './frame';
import { applicationLoader } from './system-loader';

beforeEach(() => {
  document.body.innerHTML = `
    <div id="single-spa-application:@atrium/login" data-atrium-prerendered><input name="username"></div>
    <div id="atrium-frame"></div>
    <div id="atrium-blocking" role="status">Setting up the product, please wait...</div>
    <div id="atrium-load-error" role="alert" hidden>Part of the page failed to load. <a href="">Reload</a></div>`;
});

describe('createErrorHandler', () => {
  it('logs code and app name, hides the blocking message and shows the alert', () => {
    const log = vi.fn();
    const error = Object.assign(new Error('boom'), {
      appOrParcelName: '@atrium/shell',
      code: 'LOADING_SOURCE_CODE',
    });
    createErrorHandler({ log })(error);
    expect(log).toHaveBeenCalledWith('[atrium] LOADING_SOURCE_CODE in @atrium/shell: boom', error);
    expect(document.getElementById('atrium-load-error')?.hidden).toBe(false);
    expect(document.getElementById('atrium-load-error')?.dataset.app).toBe('@atrium/shell');
    expect(document.getElementById('atrium-blocking')?.hasAttribute('hidden')).toBe(true);
    // The login page's HTML screen goes too: without its app it is a form that does nothing.
    expect(document.querySelector('[data-atrium-prerendered]')?.hasAttribute('hidden')).toBe(true);
  });

  it('describes errors that are not Errors', () => {
    expect(describeApplicationError('text')).toEqual({
      app: 'unknown application',
      code: 'application-error',
      message: 'text',
    });
  });
});

describe('syncFrame', () => {
  it('hides the placeholder frame once an app is mounted, and shows it when none is', () => {
    syncFrame({ mountedApps: () => ['@atrium/shell'] });
    expect(document.getElementById('atrium-frame')?.hidden).toBe(true);
    syncFrame({ mountedApps: () => [] });
    expect(document.getElementById('atrium-frame')?.hidden).toBe(false);
  });
});

describe('applicationLoader', () => {
  it('returns the lifecycles a System module exports', async () => {
    const module = { bootstrap: async () => {}, mount: [async () => {}], unmount: async () => {} };
    const system = { import: vi.fn(async () => module), prepareImport: async () => {} };
    await expect(applicationLoader('@atrium/login', () => system)()).resolves.toBe(module);
    expect(system.import).toHaveBeenCalledWith('@atrium/login');
  });

  it('fails with the module name when the lifecycles are missing', async () => {
    const system = { import: async () => ({ mount: () => {} }), prepareImport: async () => {} };
    await expect(applicationLoader('@atrium/shell', () => system)()).rejects.toMatchObject({
      code: 'not-an-application',
      message: expect.stringContaining('@atrium/shell'),
    });
  });
});
