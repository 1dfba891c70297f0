import { describe, expect, it, vi } from 'vitest';
import { areaEntry, createAreaLoader, toParcelConfig } from './area-loader';
import type { ModuleRegistry } from './area-loader';

const lifecycles = () => ({
  bootstrap: async () => {},
  mount: async () => {},
  unmount: async () => {},
});

/** A registry that, like SystemJS, remembers a failed load until the record is deleted. */
function fakeRegistry(behaviour: { fail: boolean }) {
  const records = new Map<string, Promise<unknown>>();
  const fetches = vi.fn();
  const registry: ModuleRegistry = {
    resolve: (name) => `http://x/${name}.js`,
    delete: (id) => records.delete(id),
    import(name) {
      const id = registry.resolve(name);
      let record = records.get(id);
      if (!record) {
        fetches(name);
        record = behaviour.fail ? Promise.reject(new Error('404')) : Promise.resolve(lifecycles());
        records.set(id, record);
      }
      return record;
    },
  };
  return { registry, fetches };
}

describe('area loader', () => {
  it('loads once and serves the cached config afterwards', async () => {
    const { registry, fetches } = fakeRegistry({ fail: false });
    const loader = createAreaLoader({ registry });
    const first = await loader.load('@atrium/area-home');
    const second = await loader.load('@atrium/area-home');
    expect(second).toBe(first);
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(areaEntry(loader.getState(), '@atrium/area-home').status).toBe('loaded');
  });

  it('reports a failure, and retry really fetches again', async () => {
    const behaviour = { fail: true };
    const { registry, fetches } = fakeRegistry(behaviour);
    const loader = createAreaLoader({ registry });
    await expect(loader.load('@atrium/area-lms')).rejects.toThrow('failed to load');
    expect(areaEntry(loader.getState(), '@atrium/area-lms').status).toBe('error');
    // Without deleting the record the registry would answer the old failure.
    behaviour.fail = false;
    await expect(loader.load('@atrium/area-lms')).rejects.toThrow();
    await loader.retry('@atrium/area-lms');
    expect(fetches).toHaveBeenCalledTimes(2);
    expect(areaEntry(loader.getState(), '@atrium/area-lms')).toMatchObject({ status: 'loaded', attempt: 3 });
  });

  it('retries through a fresh URL when the registry cannot delete (SystemJS s.js)', async () => {
    const imported: string[] = [];
    const carried: Array<[string, string]> = [];
    let fail = true;
    const registry: ModuleRegistry = {
      resolve: (name) => `http://x/${name}.js`,
      import(specifier) {
        imported.push(specifier);
        return fail ? Promise.reject(new Error('404')) : Promise.resolve(lifecycles());
      },
      carryIntegrity: (from, to) => carried.push([from, to]),
    };
    const loader = createAreaLoader({ registry });
    await expect(loader.load('@atrium/area-lms')).rejects.toThrow();
    fail = false;
    await loader.retry('@atrium/area-lms');
    expect(imported).toEqual(['@atrium/area-lms', 'http://x/@atrium/area-lms.js?atrium-retry=2']);
    // The fresh URL is checked against the same integrity hash as the original.
    expect(carried).toEqual([
      ['http://x/@atrium/area-lms.js', 'http://x/@atrium/area-lms.js?atrium-retry=2'],
    ]);
    expect(areaEntry(loader.getState(), '@atrium/area-lms').status).toBe('loaded');
  });

  it('a load a listener starts right after a quiet prefetch failure is the one load of that area', async () => {
    const imports: Array<{ resolve: (value: unknown) => void; reject: (error: unknown) => void }> = [];
    const registry: ModuleRegistry = {
      resolve: (name) => `http://x/${name}.js`,
      delete: () => true,
      import: () => new Promise((resolve, reject) => imports.push({ resolve, reject })),
    };
    const loader = createAreaLoader({ registry });
    const name = '@atrium/area-home';
    // What the shell's outlet does: an idle entry it shows gets loaded at once.
    let started: Promise<unknown> | null = null;
    loader.subscribe(() => {
      if (!started && areaEntry(loader.getState(), name).status === 'idle') started = loader.load(name);
    });
    const prefetched = loader.prefetch(name);
    imports[0]?.reject(new Error('offline'));
    await prefetched;
    expect(started).not.toBeNull();
    // Asked again while that load runs (another render): it joins it instead of importing a third time.
    const again = loader.load(name);
    expect(imports).toHaveLength(2);
    imports[1]?.resolve(lifecycles());
    expect(await again).toBe(await started);
    expect(areaEntry(loader.getState(), name)).toMatchObject({ status: 'loaded', attempt: 2 });
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const registry: ModuleRegistry = {
        resolve: (n) => n,
        delete: () => true,
        import: () => new Promise(() => {}),
      };
      const loader = createAreaLoader({ registry, timeoutMs: 1000 });
      const result = loader.load('@atrium/area-slow');
      const assertion = expect(result).rejects.toThrow('did not load in time');
      await vi.advanceTimersByTimeAsync(1000);
      await assertion;
      expect(areaEntry(loader.getState(), '@atrium/area-slow').status).toBe('error');
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts named or default lifecycles and rejects anything else', () => {
    expect(toParcelConfig('a', lifecycles()).mount).toBeTypeOf('function');
    expect(toParcelConfig('a', { default: lifecycles() }).unmount).toBeTypeOf('function');
    expect(() => toParcelConfig('a', { mount: () => {} })).toThrow('not a parcel module');
  });

  it('holds what `whileMounted` gives from the start of each mount until its unmount or failed mount', async () => {
    const steps: string[] = [];
    let failMount = false;
    const registry: ModuleRegistry = {
      resolve: (name) => `http://x/${name}.js`,
      import: async () => ({
        bootstrap: async () => {},
        // An array of lifecycles, as single-spa accepts: run in order, the hold taken before the first.
        mount: [
          async () => steps.push('mount 1'),
          async () => {
            if (failMount) throw new Error('mount failed');
            steps.push('mount 2');
          },
        ],
        unmount: async () => steps.push('unmount'),
      }),
    };
    const loader = createAreaLoader({
      registry,
      whileMounted: (name) => {
        steps.push(`hold ${name}`);
        return () => steps.push('release');
      },
    });
    const config = await loader.load('@atrium/area-peer-app');
    const props = { name: 'peer', mountParcel: vi.fn(), singleSpa: {} } as never;
    const mount = config.mount as (props: never) => Promise<unknown>;
    const unmount = config.unmount as (props: never) => Promise<unknown>;
    await mount(props);
    expect(steps).toEqual(['hold @atrium/area-peer-app', 'mount 1', 'mount 2']);
    await unmount(props);
    expect(steps.slice(3)).toEqual(['unmount', 'release']);
    failMount = true;
    await expect(mount(props)).rejects.toThrow('mount failed');
    expect(steps.slice(5)).toEqual(['hold @atrium/area-peer-app', 'mount 1', 'release']);
  });
});
