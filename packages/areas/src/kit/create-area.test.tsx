// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { adoptedStyleCount } from '@atrium/ui';
import { session } from '@atrium/session';
import { migrationMapSource } from '@atrium/migration';
import type { AreaProps } from '@atrium/ui';
import { AREA_NAMES } from '@atrium/api/routes';
import type { AreaLifecycles } from './create-area';
import { createArea } from './create-area';
import { AreaLayout } from './AreaLayout';
import { fakeAreaProps, sampleSis } from './testing';

/** What single-spa's mountParcel hands a parcel, plus the shell's AreaProps. */
function parcelProps(name: string, domElement: HTMLElement, overrides: Partial<AreaProps> = {}) {
  return {
    name,
    domElement,
    singleSpa: { navigateToUrl: vi.fn() },
    mountParcel: vi.fn(),
    ...fakeAreaProps(overrides),
  };
}

/** Where each area is mounted from in the shell's route table. */
const ROUTE_OF: Record<string, { routePath: string; path: string }> = {
  home: { routePath: 'home', path: '/home' },
  start: { routePath: 'start', path: '/start' },
  help: { routePath: 'system/help', path: '/system/help' },
  profile: { routePath: 'profile', path: '/profile' },
  ext: { routePath: 'ext/**', path: '/ext/legacy/lms/' },
  'not-found': { routePath: '**', path: '/nowhere' },
  lms: { routePath: 'educate', path: '/educate' },
  evaluations: { routePath: 'evaluations', path: '/evaluations' },
  curriculum: { routePath: 'curriculum', path: '/curriculum' },
  exams: { routePath: 'examn', path: '/examn' },
  scheduling: { routePath: 'scheduling', path: '/scheduling' },
  clinical: { routePath: 'eclas', path: '/eclas' },
  credentials: { routePath: 'core', path: '/core' },
  reports: { routePath: 'reports', path: '/reports' },
  admin: { routePath: 'violet', path: '/violet/obuilder/hub/common/admin_panel' },
};

afterEach(() => {
  document.body.innerHTML = '';
  session.setState({ sis: null });
});

async function mountThroughLifecycles(lifecycles: AreaLifecycles, props: ReturnType<typeof parcelProps>) {
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}

describe('createArea', () => {
  it('gives the component the AreaProps, re-renders on update and catches render errors', async () => {
    function Echo() {
      return <AreaLayout title="Echo">{null}</AreaLayout>;
    }
    const lifecycles = createArea(Echo);
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = parcelProps('echo', domElement, { title: 'Echo' });
    await mountThroughLifecycles(lifecycles, props);
    expect(domElement.querySelector('h1')?.textContent).toBe('Echo');
    expect(adoptedStyleCount()).toBeGreaterThan(0);
    await lifecycles.update({ ...props, path: '/elsewhere' });
    await lifecycles.unmount(props);
    expect(domElement.innerHTML).toBe('');
    expect(adoptedStyleCount()).toBe(0);

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    const broken = createArea(Broken);
    const brokenProps = parcelProps('broken', domElement);
    await mountThroughLifecycles(broken, brokenProps);
    expect(domElement.querySelector('h1')?.textContent).toBe('This page could not be shown');
    expect(domElement.querySelector('[role="alert"]')).not.toBeNull();
    await broken.unmount(brokenProps);
    expect(domElement.innerHTML).toBe('');
    expect(error).toHaveBeenCalled();
  });

  it('offers Retry after a render error, which renders the area again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('boom');
      return <AreaLayout title="Back again">{null}</AreaLayout>;
    }
    const lifecycles = createArea(Flaky);
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = parcelProps('flaky', domElement);
    await mountThroughLifecycles(lifecycles, props);
    expect(domElement.querySelector('h1')?.textContent).toBe('This page could not be shown');
    broken = false;
    const retry = [...domElement.querySelectorAll('button')].find((button) => button.textContent === 'Retry');
    expect(retry).toBeDefined();
    await act(async () => retry?.click());
    expect(domElement.querySelector('h1')?.textContent).toBe('Back again');
    expect(domElement.querySelector('[role="alert"]')).toBeNull();
    await lifecycles.unmount(props);
  });

  it.each(AREA_NAMES)(
    'area %s mounts one h1 without a <main> and leaves no DOM and no stylesheets behind',
    async (name) => {
      session.setState({ sis: sampleSis({ is_hq: true }) });
      // No server here: a request an area sends (ext loads the migration map) fails as offline, rather than
      // leaving, after the api client has loaded its session chunk, for happy-dom's origin during a later test.
      const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
      const lifecycles = (await import(`../${name}/index.ts`)) as AreaLifecycles;
      const domElement = document.body.appendChild(document.createElement('div'));
      const route = ROUTE_OF[name];
      if (!route) throw new Error(`no route for ${name}`);
      const props = parcelProps(`@atrium/area-${name}`, domElement, route);
      for (let round = 0; round < 2; round++) {
        await mountThroughLifecycles(lifecycles, props);
        expect(domElement.querySelectorAll('h1')).toHaveLength(1);
        expect(domElement.querySelector('main')).toBeNull();
        expect(domElement.querySelector('[role="alert"]')).toBeNull();
        expect(adoptedStyleCount()).toBeGreaterThan(0);
        await lifecycles.unmount(props);
        expect(domElement.innerHTML).toBe('');
        expect(adoptedStyleCount()).toBe(0);
      }
      // Its request settles here, while fetch is still the offline stub (slow on a loaded machine).
      if (name === 'ext') {
        await vi.waitFor(() => expect(migrationMapSource.getState().settled).toBe(true), { timeout: 10_000 });
        expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/migration-map\.json$/);
      }
    },
  );
});
