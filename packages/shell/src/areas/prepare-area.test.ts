import { describe, expect, it, vi } from 'vitest';
import { createAreaLoader, areaEntry } from './area-loader';
import type { ModuleRegistry } from './area-loader';
import { prepareArea } from './prepare-area';

const lifecycles = { bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} };

describe('prepareArea', () => {
  it("leaves the path's area loaded in the loader the shell renders from", async () => {
    const registry: ModuleRegistry = { import: vi.fn(async () => lifecycles), resolve: (name) => name };
    const loader = createAreaLoader({ registry });
    await prepareArea('/home', loader);
    expect(registry.import).toHaveBeenCalledWith('@atrium/area-home');
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('loaded');
  });

  it('loads nothing for a path without an area of its own, and rejects a module that fails', async () => {
    const registry: ModuleRegistry = {
      import: vi.fn(async () => {
        throw new Error('offline');
      }),
      resolve: (name) => name,
    };
    const loader = createAreaLoader({ registry });
    // '/' only redirects to /home: that path's area is loaded when the shell gets there.
    await prepareArea('/', loader);
    expect(registry.import).not.toHaveBeenCalled();
    await expect(prepareArea('/home', loader)).rejects.toThrow('@atrium/area-home failed to load');
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('error');
  });
});
