/**
 * The shell's route table, as data (SPEC section 2, 'Top-level routes'; docs/architecture.md 'Areas').
 * Everything the shell draws about a route (the outlet, the side navigation, the mobile menu, the guard,
 * the logo) reads this one list, so a route is added in one place.
 *
 * Every route is a prefix route: `evaluations` also owns `/evaluations/forms/12`, because each area has
 * its own inner routes. More specific entries (`system/help`, the admin panel) win over their parents.
 */
import { ADMIN_PANEL_PATH, HELP_PATH, HOME_PATH, LOGIN_PATH, START_PATH } from '@atrium/api';
import type { AppKey, AreaName } from '@atrium/api';

/** The area modules (the route manifest's list): each is `@atrium/area-<name>` in the import map. */
export type { AreaName };

/** 'access' needs a started session; 'public' renders without one (the `site` route). */
export type GuardKind = 'access' | 'public';

/** Where a route appears in the side navigation and the mobile menu (absent: not listed). */
export type NavGroup = 'main' | 'apps' | 'tools' | 'account';

export interface RouteDef {
  /** The pattern without slashes: '' (empty path), 'system/help', 'ext/**'. */
  readonly path: string;
  readonly title: string;
  /** SPEC's note for the route, verbatim (empty when SPEC gives none). */
  readonly note: string;
  /** The area that renders the route; null for a redirect or an area the release adds (`module`). */
  readonly area: AreaName | null;
  /** The import-map name of an area the live release adds with its own routes (release-areas.ts). */
  readonly module?: string;
  readonly appKey: AppKey | null;
  /** SPEC's 'current application' of the route, when it names one. */
  readonly currentApplication: string | null;
  readonly guard: GuardKind;
  /** Redirect target (an absolute path) instead of an area. */
  readonly redirectTo?: string;
  /** Only root and headquarters users may open it. */
  readonly rootOnly?: boolean;
  readonly nav?: NavGroup;
}

// The paths other apps share come from the route manifest (@atrium/api).
export { ADMIN_PANEL_PATH, HELP_PATH, HOME_PATH, LOGIN_PATH, START_PATH };

interface Options {
  note?: string;
  appKey?: AppKey;
  currentApplication?: string;
  guard?: GuardKind;
  rootOnly?: boolean;
  nav?: NavGroup;
}

function route(path: string, title: string, area: AreaName, options: Options = {}): RouteDef {
  const def: RouteDef = {
    path,
    title,
    note: options.note ?? '',
    area,
    appKey: options.appKey ?? null,
    currentApplication: options.currentApplication ?? null,
    guard: options.guard ?? 'access',
    ...(options.rootOnly ? { rootOnly: true } : {}),
    ...(options.nav ? { nav: options.nav } : {}),
  };
  return Object.freeze(def);
}

export const ROUTES: readonly RouteDef[] = Object.freeze([
  Object.freeze<RouteDef>({
    path: '',
    title: 'Home',
    note: 'redirects to home',
    area: null,
    appKey: null,
    currentApplication: null,
    guard: 'access',
    redirectTo: HOME_PATH,
  }),
  route('start', 'Start', 'start', { note: 'start page', nav: 'main' }),
  route('home', 'Home', 'home', { nav: 'main' }),
  route('system', 'System', 'help', { note: 'includes system/help' }),
  route('system/help', 'Help', 'help'),
  route('evaluations', 'Evaluations', 'evaluations', {
    note: 'current application: evaluate3',
    appKey: 'evaluations',
    currentApplication: 'evaluate3',
    nav: 'apps',
  }),
  // ei3 is itself the application `enlight` points at, so it is its own current application.
  route('ei3', 'EI3', 'lms', { appKey: 'lms', currentApplication: 'ei3', nav: 'apps' }),
  route('enlight', 'Enlight', 'lms', {
    note: 'current application: ei3',
    appKey: 'lms',
    currentApplication: 'ei3',
  }),
  route('sites', 'Sites', 'credentials', { appKey: 'credentials', nav: 'apps' }),
  route('site', 'Site', 'credentials', {
    note: 'public, uses a different guard',
    appKey: 'credentials',
    guard: 'public',
  }),
  route('profile', 'Profile', 'profile', { nav: 'account' }),
  route('violet', 'Violet', 'admin', { note: 'includes violet/obuilder/hub/common/admin_panel' }),
  route('violet/obuilder/hub/common/admin_panel', 'Admin panel', 'admin', { rootOnly: true, nav: 'account' }),
  route('eclas', 'Clinical Hours', 'clinical', {
    note: 'clinical',
    appKey: 'clinical',
    currentApplication: 'clinical',
    nav: 'apps',
  }),
  route('examn', 'Exams', 'exams', {
    note: 'examnu',
    appKey: 'exams',
    currentApplication: 'examnu',
    nav: 'apps',
  }),
  route('educate', 'Educate', 'lms', { appKey: 'lms', nav: 'apps' }),
  route('engage', 'Engage', 'lms', { appKey: 'lms', nav: 'apps' }),
  route('curriculum', 'Curriculum', 'curriculum', {
    note: 'ecurriculum3',
    appKey: 'curriculum',
    currentApplication: 'ecurriculum3',
    nav: 'apps',
  }),
  route('reports', 'Reports', 'reports', { nav: 'tools' }),
  route('adhocs', 'Ad hoc reports', 'reports'),
  route('exports', 'Exports', 'reports'),
  route('oreports', 'Organisation reports', 'reports'),
  route('oreports-evaluations', 'Evaluation reports', 'evaluations', { appKey: 'evaluations' }),
  route('core', 'Credentials', 'credentials', {
    note: 'ekeeper',
    appKey: 'credentials',
    currentApplication: 'ekeeper',
    nav: 'apps',
  }),
  route('scheduling', 'Scheduling', 'scheduling', {
    note: 'edusched',
    appKey: 'scheduling',
    currentApplication: 'edusched',
    nav: 'apps',
  }),
  route('ext/**', 'External page', 'ext', { note: 'catch-all external page' }),
  route('schedules/home', 'Schedules', 'scheduling', {
    note: 'edusched',
    appKey: 'scheduling',
    currentApplication: 'edusched',
  }),
  route('hub', 'Hub', 'admin', { nav: 'tools' }),
  route('support', 'Support', 'admin', { nav: 'tools' }),
  route('calendar', 'Calendar', 'scheduling', { appKey: 'scheduling', nav: 'tools' }),
  route('query-builder', 'Query builder', 'reports', { nav: 'tools' }),
  route('vforms', 'Forms', 'admin', { nav: 'tools' }),
]);

/** Shown for any path no route owns: a page inside the shell, never a blank one. */
export const NOT_FOUND_ROUTE: RouteDef = route('**', 'Page not found', 'not-found');

/** The browser path of a route pattern: 'system/help' -> '/system/help', 'ext/**' -> '/ext'. */
export function routeHref(def: Pick<RouteDef, 'path'>): string {
  return `/${def.path.replace(/\/?\*\*$/, '')}`;
}

/** The import-map name of an area's module. */
export function areaModuleName(area: AreaName): string {
  return `@atrium/area-${area}`;
}

/** The module that renders a route: a built-in area's, or the one the release added it for. */
export function routeModule(def: RouteDef): string | null {
  return def.module ?? (def.area === null ? null : areaModuleName(def.area));
}
