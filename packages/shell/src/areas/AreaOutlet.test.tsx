// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as React from 'react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { mountRootParcel } from 'single-spa';
import { migrationMapSource } from '@atrium/migration';
import { createReactLifecycles, SingleSpaContext } from '@atrium/lifecycles/react';
import { createAreaLoader } from './area-loader';
import type { ModuleRegistry } from './area-loader';
import { matchRoute } from '../routes/match';
import { createSearchSlot } from '../search/search-slot';
import { ServicesContext } from '../services';
import type { ShellServices } from '../services';
import { AreaOutlet } from './AreaOutlet';
import { ServerRenderContext } from '../server-render';

/** An area module as the build makes them: React lifecycles around a component. */
function areaModule(heading: string) {
  function Area({ path }: { path?: string }) {
    return React.createElement('section', null, React.createElement('h1', null, heading), path);
  }
  return createReactLifecycles<{ path?: string }>({
    root: Area,
    fallback: () => React.createElement('p', null, 'failed'),
  });
}

const MODULES: Record<string, unknown> = {
  '@atrium/area-evaluations': areaModule('Evaluations'),
  '@atrium/area-curriculum': areaModule('Curriculum'),
};

/** In the page the shell app's props (with its mountParcel) are in the lifecycle helper's SingleSpaContext. */
const APP_PROPS = { mountParcel: mountRootParcel } as unknown as React.ContextType<typeof SingleSpaContext>;
/** The address as the outlet's own hooks read it (the outlet itself takes the pathname as a prop). */
const LOCATION = { pathname: '/', search: '' };

function fakeServices(modules: Record<string, unknown> = MODULES): ShellServices {
  const registry: ModuleRegistry = {
    resolve: (name) => `http://x/${name}.js`,
    import: (name) => Promise.resolve(modules[name]),
  };
  return {
    loader: createAreaLoader({ registry }),
    unsaved: { setDirty: vi.fn(), release: vi.fn() },
    search: createSearchSlot(),
    navigate: vi.fn(),
    location: { subscribe: () => () => {}, getState: () => LOCATION },
  } as unknown as ShellServices;
}

/**
 * Listener registrations still in place, per target: wraps EventTarget's add/remove so the test sees what
 * React (which registers its whole delegated set on each new root container) and the areas leave behind.
 */
function trackListeners() {
  const active = new Map<EventTarget, number>();
  // happy-dom's elements inherit from its own EventTarget, not the global one: patch whichever they use.
  let proto: object | null = document.createElement('div');
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'addEventListener')) {
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  const target = proto as EventTarget;
  const add = target.addEventListener;
  const remove = target.removeEventListener;
  vi.spyOn(target, 'addEventListener').mockImplementation(function (
    this: EventTarget,
    ...args: Parameters<EventTarget['addEventListener']>
  ) {
    active.set(this, (active.get(this) ?? 0) + 1);
    add.apply(this, args);
  });
  vi.spyOn(target, 'removeEventListener').mockImplementation(function (
    this: EventTarget,
    ...args: Parameters<EventTarget['removeEventListener']>
  ) {
    const count = active.get(this) ?? 0;
    if (count > 0) active.set(this, count - 1);
    remove.apply(this, args);
  });
  return {
    total: () => [...active.values()].reduce((sum, count) => sum + count, 0),
    targets: () => [...active.entries()].filter(([, count]) => count > 0).length,
  };
}

const ROUTES = ['/evaluations', '/curriculum'].map((path) => {
  const { route } = matchRoute(path);
  return { path, route, title: route.title };
});

/** The outlet showing ROUTES[index], with the given services. */
function outletAt(services: ShellServices, index: number) {
  const { path, route } = ROUTES[index]!;
  return (
    <ServicesContext.Provider value={services}>
      <AreaOutlet route={route} area={route.area!} pathname={path} />
    </ServicesContext.Provider>
  );
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => cleanup());

describe('AreaOutlet', () => {
  it("hydrating a drawn page whose area failed to load: the server's slot first, no mismatch, then the card", async () => {
    const registry: ModuleRegistry = {
      resolve: (name) => `http://x/${name}.js`,
      import: () => Promise.reject(new Error('404')),
    };
    const services = { ...fakeServices(), loader: createAreaLoader({ registry }) } as ShellServices;
    const { route } = matchRoute('/curriculum');
    const outlet = (
      <ServicesContext.Provider value={services}>
        <AreaOutlet route={route} area={route.area!} pathname="/curriculum" />
      </ServicesContext.Provider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ServerRenderContext value={{ renderArea: null, nonce: 'n' }}>{outlet}</ServerRenderContext>,
    );
    document.body.appendChild(container);
    // As on the page: the area's module has failed before the shell hydrates.
    await services.loader.load('@atrium/area-curriculum').catch(() => {});
    const mismatches: unknown[] = [];
    const root = hydrateRoot(container, outlet, { onRecoverableError: (error) => mismatches.push(error) });
    await waitFor(() => expect(container.querySelector('button')?.textContent).toBe('Retry'));
    expect(mismatches).toEqual([]);
    act(() => root.unmount());
  });

  it("offers the page's classic screen once Retry has failed too, where the migration map names one", async () => {
    // No server here: the map's request fails as offline, and the suite's own map stays (source.ts). Left to
    // the test environment, the request went to happy-dom's default origin during the next test.
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    let imports = 0;
    const registry: ModuleRegistry = {
      resolve: (name) => `http://x/${name}.js`,
      import: () => {
        imports += 1;
        return Promise.reject(new Error('offline'));
      },
    };
    const services = { ...fakeServices(), loader: createAreaLoader({ registry }) } as ShellServices;
    const view = (pathname: string) => {
      const { route } = matchRoute(pathname);
      return (
        <ServicesContext.Provider value={services}>
          <AreaOutlet route={route} area={route.area!} pathname={pathname} />
        </ServicesContext.Provider>
      );
    };
    const { getByRole, queryByRole, rerender } = render(view('/evaluations/forms/5'));
    await waitFor(() => expect(getByRole('button', { name: 'Retry' })).toBeTruthy());
    // The first failure: Retry only, the new page may well load on a second try.
    expect(queryByRole('link', { name: 'Open the classic page' })).toBeNull();
    act(() => getByRole('button', { name: 'Retry' }).click());
    await waitFor(() => expect(imports).toBeGreaterThanOrEqual(2));
    const classic = await waitFor(() => getByRole('link', { name: 'Open the classic page' }));
    expect(classic.getAttribute('href')).toBe('/legacy/evaluations/form.php?id=5');
    // The api client loads its session chunk before the request leaves: slow on a loaded machine.
    await waitFor(() => expect(migrationMapSource.getState().settled).toBe(true), { timeout: 10_000 });
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/migration-map\.json$/);
    // A page the map does not name has no classic screen to offer.
    rerender(view('/hub'));
    await waitFor(() => expect(getByRole('button', { name: 'Retry' })).toBeTruthy());
    act(() => getByRole('button', { name: 'Retry' }).click());
    await waitFor(() => expect(getByRole('heading', { name: 'Hub' })).toBeTruthy());
    expect(queryByRole('link', { name: 'Open the classic page' })).toBeNull();
  });

  it('switching areas many times leaves no listeners, containers or nodes behind', async () => {
    const listeners = trackListeners();
    const services = fakeServices();
    const view = (index: number) => {
      const { path, route } = ROUTES[index % 2]!;
      return (
        <SingleSpaContext.Provider value={APP_PROPS}>
          <ServicesContext.Provider value={services}>
            <main>
              <AreaOutlet route={route} area={route.area!} pathname={path} />
            </main>
          </ServicesContext.Provider>
        </SingleSpaContext.Provider>
      );
    };
    const { container, rerender } = render(view(0));
    const heading = (index: number) => (index % 2 === 0 ? 'Evaluations' : 'Curriculum');
    const switchTo = async (index: number) => {
      rerender(view(index));
      await waitFor(() => {
        const headings = [...container.querySelectorAll('.atrium-area h1')].map((h) => h.textContent);
        expect(headings).toEqual([heading(index)]);
      });
      // The previous area's unmount may finish after the next one shows (single-spa settles parcel lifecycles
      // asynchronously): let it, so each measurement sees a settled page.
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    };

    // Warm-up: each area's first visit creates its host and React's listeners on it, once.
    for (let i = 1; i <= 4; i += 1) await switchTo(i);
    const before = {
      listeners: listeners.total(),
      targets: listeners.targets(),
      nodes: container.querySelectorAll('*').length,
      documentNodes: document.querySelectorAll('*').length,
    };
    for (let i = 5; i <= 34; i += 1) await switchTo(i);
    const after = {
      listeners: listeners.total(),
      targets: listeners.targets(),
      nodes: container.querySelectorAll('*').length,
      documentNodes: document.querySelectorAll('*').length,
    };

    // 30 switches: a fresh React root container per switch would add its whole listener set each time.
    expect(after).toEqual(before);
    expect(container.querySelectorAll('.atrium-area')).toHaveLength(1);
    // Each switch waits for the page to settle, which is slow on a busy machine: counts are asserted, never timings.
  }, 60_000);

  it('passes new props to the mounted area as an update, without remounting it', async () => {
    const services = fakeServices();
    const { route } = matchRoute('/evaluations');
    const view = (pathname: string) => (
      <ServicesContext.Provider value={services}>
        <AreaOutlet route={route} area={route.area!} pathname={pathname} />
      </ServicesContext.Provider>
    );
    const { container, rerender } = render(view('/evaluations'));
    await waitFor(() => expect(container.querySelector('.atrium-area h1')?.textContent).toBe('Evaluations'));
    const host = container.querySelector('.atrium-area');
    rerender(view('/evaluations/forms/12'));
    await waitFor(() =>
      expect(container.querySelector('.atrium-area section')?.textContent).toContain('/forms/12'),
    );
    expect(container.querySelector('.atrium-area')).toBe(host);
  });

  it('mounts an area without update again with the new props, so its path never goes stale', async () => {
    const events: string[] = [];
    const { update: _update, ...lifecycles } = areaModule('Peer review');
    const services = fakeServices({
      '@atrium/area-evaluations': {
        ...lifecycles,
        mount: async (props: { path?: string }) => {
          events.push(`mount ${props.path}`);
          await lifecycles.mount(props as never);
        },
      },
    });
    const { route } = matchRoute('/evaluations');
    const view = (pathname: string) => (
      <ServicesContext.Provider value={services}>
        <AreaOutlet route={route} area={route.area!} pathname={pathname} />
      </ServicesContext.Provider>
    );
    const { container, rerender } = render(view('/evaluations'));
    await waitFor(() => expect(events).toEqual(['mount /evaluations']));
    rerender(view('/evaluations/forms/12'));
    await waitFor(() =>
      expect(container.querySelector('.atrium-area section')?.textContent).toContain('/forms/12'),
    );
    expect(events).toEqual(['mount /evaluations', 'mount /evaluations/forms/12']);
  });

  it('shows the Retry card when a mounted area goes blank (a render crash its own boundary hides)', async () => {
    let crash = (): void => {};
    const services = fakeServices({
      '@atrium/area-evaluations': {
        bootstrap: async () => {},
        mount: async ({ domElement }: { domElement: HTMLElement }) => {
          const view = document.createElement('p');
          view.textContent = 'Peer review';
          domElement.append(view);
          // What React leaves after a render crash: the root's element emptied.
          crash = () => view.remove();
        },
        unmount: async ({ domElement }: { domElement: HTMLElement }) => domElement.replaceChildren(),
      },
    });
    const { route } = matchRoute('/evaluations');
    const { container, findByRole } = render(
      <ServicesContext.Provider value={services}>
        <AreaOutlet route={route} area={route.area!} pathname="/evaluations" />
      </ServicesContext.Provider>,
    );
    await waitFor(() => expect(container.querySelector('.atrium-area p')?.textContent).toBe('Peer review'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => crash());
    expect(await findByRole('button', { name: 'Retry' })).toBeTruthy();
    logged.mockRestore();
  });

  it('unmounts the previous area once the next one has mounted', async () => {
    const events: string[] = [];
    const logged = (name: string, heading: string) => {
      const lifecycles = areaModule(heading);
      return {
        ...lifecycles,
        mount: async (props: never) => {
          await lifecycles.mount(props);
          events.push(`mount ${name}`);
        },
        unmount: async (props: never) => {
          events.push(`unmount ${name}`);
          await lifecycles.unmount(props);
        },
      };
    };
    const services = fakeServices({
      '@atrium/area-evaluations': logged('evaluations', 'Evaluations'),
      '@atrium/area-curriculum': logged('curriculum', 'Curriculum'),
    });
    const view = (index: number) => outletAt(services, index);
    // Both areas loaded first: a first visit shows a spinner while loading, and nothing waits for that.
    const { container, rerender } = render(view(1));
    await waitFor(() => expect(events).toEqual(['mount curriculum']));
    rerender(view(0));
    await waitFor(() => expect(events).toContain('unmount curriculum'));
    events.length = 0;
    rerender(view(1));
    await waitFor(() => expect(events).toContain('unmount evaluations'));
    expect(events).toEqual(['mount curriculum', 'unmount evaluations']);
    expect([...container.querySelectorAll('.atrium-area h1')].map((h) => h.textContent)).toEqual([
      'Curriculum',
    ]);
  });

  it('comes back to an area even when the mount of the area it left never settles', async () => {
    const stuck = areaModule('Curriculum');
    const services = fakeServices({
      ...MODULES,
      '@atrium/area-curriculum': { ...stuck, mount: () => new Promise<never>(() => {}) },
    });
    const view = (index: number) => outletAt(services, index);
    // Curriculum loaded first (its mount never settles), so leaving evaluations for it waits on that mount.
    const { container, rerender } = render(view(1));
    await waitFor(() => expect(container.querySelector('.atrium-area-slot')).not.toBeNull());
    rerender(view(0));
    await waitFor(() => expect(container.querySelector('.atrium-area h1')?.textContent).toBe('Evaluations'));
    rerender(view(1));
    await waitFor(() => expect(container.querySelector('.atrium-area h1')).toBeNull());
    rerender(view(0));
    await waitFor(() => expect(container.querySelector('.atrium-area h1')?.textContent).toBe('Evaluations'));
  });
});
