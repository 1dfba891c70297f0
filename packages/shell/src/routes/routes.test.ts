import { describe, expect, it } from 'vitest';
import type { Sis } from '@atrium/api';
import { ROUTES, routeHref } from './route-table';
import { areaModuleFor, matchRoute } from './match';
import { evaluateGuard } from './guards';

const SPEC_ROUTES = [
  '',
  'start',
  'home',
  'system',
  'evaluations',
  'ei3',
  'enlight',
  'sites',
  'site',
  'profile',
  'violet',
  'eclas',
  'examn',
  'educate',
  'engage',
  'curriculum',
  'reports',
  'adhocs',
  'exports',
  'oreports',
  'oreports-evaluations',
  'core',
  'scheduling',
  'ext/**',
  'schedules/home',
  'hub',
  'support',
  'calendar',
  'query-builder',
  'vforms',
];

function sis(overrides: Partial<Sis> = {}, user: Partial<Sis['user']> = {}): Sis {
  return {
    user: {
      user_id: 1,
      username: 'u',
      is_root: false,
      first_name: 'A',
      last_name: 'B',
      preferred_name: null,
      ...user,
    },
    sis_school_id: 1,
    company_id: 1,
    telescope_enabled: false,
    is_hq: false,
    current_term_name: 'Fall',
    access_restricted: false,
    acting_as: null,
    environment: 'production',
    min_build_stamp: null,
    ...overrides,
  };
}

const started = (s: Sis) => ({ status: 'started' as const, sis: s });

describe('route table', () => {
  it('holds every route of SPEC section 2 plus the nested ones', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of [...SPEC_ROUTES, 'system/help', 'violet/obuilder/hub/common/admin_panel']) {
      expect(paths).toContain(path);
    }
  });

  it('puts every route but site behind the access guard', () => {
    for (const route of ROUTES) expect(route.guard).toBe(route.path === 'site' ? 'public' : 'access');
  });

  it("records SPEC's current application of each route", () => {
    const current = (path: string) => matchRoute(`/${path}`).route.currentApplication;
    expect(current('evaluations')).toBe('evaluate3');
    expect(current('enlight')).toBe('ei3');
    expect(current('eclas')).toBe('clinical');
    expect(current('examn')).toBe('examnu');
    expect(current('curriculum')).toBe('ecurriculum3');
    expect(current('core')).toBe('ekeeper');
    expect(current('scheduling')).toBe('edusched');
    expect(current('schedules/home')).toBe('edusched');
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', ''],
    ['/home', 'home'],
    ['/home/', 'home'],
    ['/system', 'system'],
    ['/system/help', 'system/help'],
    ['/violet', 'violet'],
    ['/violet/other', 'violet'],
    ['/violet/obuilder/hub/common/admin_panel', 'violet/obuilder/hub/common/admin_panel'],
    ['/ext/legacy/lms/', 'ext/**'],
    ['/schedules/home', 'schedules/home'],
    ['/evaluations/forms/12?x=1', 'evaluations'],
    ['/oreports-evaluations', 'oreports-evaluations'],
    ['/oreports', 'oreports'],
  ])('%s belongs to %s', (pathname, pattern) => {
    const match = matchRoute(pathname);
    expect(match.notFound).toBe(false);
    expect(match.route.path).toBe(pattern);
  });

  it.each(['/nope', '/schedules', '/homework', '/common/admin'])('%s is not found', (pathname) => {
    const match = matchRoute(pathname);
    expect(match.notFound).toBe(true);
    expect(match.route.area).toBe('not-found');
  });

  it('maps routes to the areas of docs/architecture.md', () => {
    const area = (p: string) => matchRoute(p).route.area;
    expect(area('/educate')).toBe('lms');
    expect(area('/enlight')).toBe('lms');
    expect(area('/oreports-evaluations')).toBe('evaluations');
    expect(area('/calendar')).toBe('scheduling');
    expect(area('/site')).toBe('credentials');
    expect(area('/query-builder')).toBe('reports');
    expect(area('/vforms')).toBe('admin');
    expect(area('/system/help')).toBe('help');
    expect(area('/ext/x')).toBe('ext');
  });

  it('gives each route a browser path', () => {
    expect(routeHref({ path: 'ext/**' })).toBe('/ext');
    expect(routeHref({ path: 'system/help' })).toBe('/system/help');
  });
});

describe('evaluateGuard', () => {
  const route = (p: string) => matchRoute(p).route;

  it('redirects the empty path home', () => {
    expect(evaluateGuard(route('/'), started(sis()))).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('waits while the session starts, shows the boot error, sends a signed-out user to login', () => {
    expect(evaluateGuard(route('/home'), { status: 'starting', sis: null }).kind).toBe('pending');
    expect(evaluateGuard(route('/home'), { status: 'idle', sis: null }).kind).toBe('pending');
    expect(evaluateGuard(route('/home'), { status: 'error', sis: null }).kind).toBe('boot-error');
    expect(evaluateGuard(route('/home'), { status: 'signed-out', sis: null })).toEqual({
      kind: 'redirect',
      to: '/common/login',
    });
  });

  it('lets site render without a session (public guard)', () => {
    for (const status of ['idle', 'starting', 'error', 'signed-out'] as const) {
      expect(evaluateGuard(route('/site'), { status, sis: null }).kind).toBe('allow');
    }
  });

  it('sends restricted users to start from everywhere but start and site', () => {
    const restricted = started(sis({ access_restricted: true }));
    expect(evaluateGuard(route('/start'), restricted).kind).toBe('allow');
    expect(evaluateGuard(route('/site'), restricted).kind).toBe('allow');
    for (const path of ['/home', '/system/help', '/evaluations', '/nope', '/profile']) {
      expect(evaluateGuard(route(path), restricted)).toEqual({ kind: 'redirect', to: '/start' });
    }
  });

  it('opens the admin panel to root and hq only', () => {
    const panel = route('/violet/obuilder/hub/common/admin_panel');
    expect(evaluateGuard(panel, started(sis())).kind).toBe('forbidden');
    expect(evaluateGuard(panel, started(sis({}, { is_root: true }))).kind).toBe('allow');
    expect(evaluateGuard(panel, started(sis({ is_hq: true }))).kind).toBe('allow');
    expect(evaluateGuard(route('/violet'), started(sis())).kind).toBe('allow');
  });

  it('allows every other route of the table to a started user', () => {
    for (const path of SPEC_ROUTES.filter((p) => p !== '')) {
      const decision = evaluateGuard(matchRoute(`/${path.replace('/**', '/x')}`).route, started(sis()));
      expect(decision.kind, path).toBe('allow');
    }
  });
});

describe('areaModuleFor', () => {
  it('names the module of the area a path shows, for the root config to fetch early', () => {
    expect(areaModuleFor('/home')).toBe('@atrium/area-home');
    expect(areaModuleFor('/evaluations/forms/12')).toBe('@atrium/area-evaluations');
    expect(areaModuleFor('/no/such/page')).toBe('@atrium/area-not-found');
  });
});

describe('the migration map against the route table', () => {
  it('names only pages some route of the shell owns', async () => {
    const { DEFAULT_MIGRATION_MAP } = await import('@atrium/migration');
    for (const entry of DEFAULT_MIGRATION_MAP.entries) {
      const sample = entry.route.replace(/:[A-Za-z_]+/g, 'x1');
      expect(matchRoute(sample).notFound, entry.route).toBe(false);
    }
  });
});
