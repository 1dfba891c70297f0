import { describe, expect, it, vi } from 'vitest';
import { createAreaLoader, areaEntry } from './area-loader';
import type { ModuleRegistry } from './area-loader';
import { prepareArea } from './prepare-area';

const lifecycles = { bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} };

/** The chrome's early work, recorded instead of done (no DOM in these tests). */
function fakeChrome() {
  return { prepareChrome: vi.fn(() => {}), warmFirstScreen: vi.fn(async () => {}) };
}

describe('prepareArea', () => {
  it("leaves the path's area loaded in the loader the shell renders from", async () => {
    const registry: ModuleRegistry = { import: vi.fn(async () => lifecycles), resolve: (name) => name };
    const loader = createAreaLoader({ registry });
    await prepareArea('/home', {}, loader, fakeChrome());
    expect(registry.import).toHaveBeenCalledWith('@atrium/area-home');
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('loaded');
  });

  it('loads nothing for a path without an area of its own', async () => {
    const registry: ModuleRegistry = { import: vi.fn(async () => lifecycles), resolve: (name) => name };
    // '/' only redirects to /home: that path's area is loaded when the shell gets there.
    await prepareArea('/', {}, createAreaLoader({ registry }), fakeChrome());
    expect(registry.import).not.toHaveBeenCalled();
  });

  it("ahead of a sign-in, leaves a failure to the shell's own load, which fetches the module afresh", async () => {
    let online = false;
    const records = new Map<string, Promise<unknown>>();
    const registry: ModuleRegistry = {
      resolve: (name) => `http://x/${name}.js`,
      delete: (id) => records.delete(id),
      // Like SystemJS: a failed record is remembered until it is deleted.
      import: vi.fn((name: string) => {
        const id = registry.resolve(name);
        if (!records.has(id))
          records.set(id, online ? Promise.resolve(lifecycles) : Promise.reject(new Error('offline')));
        return records.get(id)!;
      }),
    };
    const loader = createAreaLoader({ registry });
    await expect(prepareArea('/home', { ahead: true }, loader, fakeChrome())).resolves.toBeUndefined();
    // No error card waiting for the user: the entry is as if nothing had been tried.
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('idle');
    online = true;
    await loader.load('@atrium/area-home');
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('loaded');
    expect(registry.import).toHaveBeenCalledTimes(2);
  });

  it("prepares the chrome on every page, and looks up the first screen's fonts and images ahead of a sign-in only", async () => {
    const registry: ModuleRegistry = { import: vi.fn(async () => lifecycles), resolve: (name) => name };
    const chrome = fakeChrome();
    await prepareArea('/home', { ahead: true }, createAreaLoader({ registry }), chrome);
    // A landing without an area of its own still draws the chrome.
    await prepareArea('/', { ahead: true }, createAreaLoader({ registry }), chrome);
    expect(chrome.prepareChrome).toHaveBeenCalledTimes(2);
    expect(chrome.warmFirstScreen).toHaveBeenCalledTimes(2);
    // On a shell page the first render is next anyway: looking fonts up first would only delay it.
    await prepareArea('/home', {}, createAreaLoader({ registry }), chrome);
    expect(chrome.prepareChrome).toHaveBeenCalledTimes(3);
    expect(chrome.warmFirstScreen).toHaveBeenCalledTimes(2);
  });

  it("a failure in the chrome's early work leaves the page as it was: the area is still loaded", async () => {
    const registry: ModuleRegistry = { import: vi.fn(async () => lifecycles), resolve: (name) => name };
    const loader = createAreaLoader({ registry });
    const chrome = fakeChrome();
    chrome.prepareChrome.mockImplementation(() => {
      throw new Error('no CSSStyleSheet here');
    });
    await expect(prepareArea('/home', {}, loader, chrome)).resolves.toBeUndefined();
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('loaded');
  });

  it("on a shell page's boot, a failure is the shell's error card", async () => {
    const registry: ModuleRegistry = {
      import: vi.fn(async () => {
        throw new Error('offline');
      }),
      resolve: (name) => name,
    };
    const loader = createAreaLoader({ registry });
    await expect(prepareArea('/home', {}, loader, fakeChrome())).rejects.toThrow(
      '@atrium/area-home failed to load',
    );
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('error');
  });
});
