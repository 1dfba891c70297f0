// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { RESERVED_ROUTE_SEGMENTS } from '@atrium/releases';
import { matchRoute } from './match';
import { importMapAreas, mergeReleaseAreas } from './release-areas';
import { ROUTES, routeModule } from './route-table';
import { evaluateGuard } from './guards';

describe('areas the live release adds', () => {
  it('adds their routes after the built-in ones, with label, guard and module', () => {
    const table = mergeReleaseAreas({
      '@atrium/area-peer-app': {
        routes: ['peer-app', 'peer-app/reviews'],
        label: 'Peer review',
        guard: 'root',
      },
      '@atrium/area-open-day': { routes: ['open-day'], guard: 'public' },
    });
    const peer = matchRoute('/peer-app/reviews/12', table).route;
    expect(peer).toMatchObject({ path: 'peer-app/reviews', title: 'Peer review', rootOnly: true });
    expect(routeModule(peer)).toBe('@atrium/area-peer-app');
    // Listed once in the navigation, under its first route.
    expect(table.filter((def) => def.module === '@atrium/area-peer-app' && def.nav === 'apps')).toHaveLength(
      1,
    );
    const open = matchRoute('/open-day', table).route;
    expect(evaluateGuard(open, { status: 'idle', sis: null })).toEqual({ kind: 'allow' });
    expect(routeModule(matchRoute('/home', table).route)).toBe('@atrium/area-home');
  });

  it('leaves out a route a built-in route or an earlier area owns: built-in routes win', () => {
    const table = mergeReleaseAreas({
      '@atrium/area-peer-app': { routes: ['home/peer', 'peer-app'] },
      '@atrium/area-copycat': { routes: ['peer-app/x', 'copycat'] },
    });
    expect(routeModule(matchRoute('/home/peer', table).route)).toBe('@atrium/area-home');
    expect(routeModule(matchRoute('/peer-app/x', table).route)).toBe('@atrium/area-peer-app');
    expect(routeModule(matchRoute('/copycat', table).route)).toBe('@atrium/area-copycat');
  });

  it('reads the areas from the page import map', () => {
    const script = document.createElement('script');
    script.type = 'systemjs-importmap';
    script.textContent = JSON.stringify({ imports: {}, areas: { '@atrium/area-x': { routes: ['x'] } } });
    document.head.append(script);
    expect(importMapAreas(document)).toEqual({ '@atrium/area-x': { routes: ['x'] } });
    script.remove();
  });

  it('publish refuses every first segment of the built-in table (the list the release checks use)', () => {
    const firsts = new Set(
      ROUTES.map((def) => def.path.replace(/\/?\*\*$/, '').split('/')[0]).filter((first) => first !== ''),
    );
    for (const first of firsts) expect(RESERVED_ROUTE_SEGMENTS).toContain(first);
  });
});
