/**
 * From a set of modules to what a page needs: the import map (URLs, SRI integrity, depcache) and, per page,
 * the modules to preload in load order. The full build (scripts/build.ts) and the server serving a release
 * both use these, so a published release renders exactly like a full build.
 */
import type { AreaRoutes, ImportMap, MapArea, ModuleStyle } from './types.js';

/** What the map needs of a module, whether a build just made it or a release holds it. */
export interface MapModule {
  name: string;
  url: string;
  integrity: string;
  deps: readonly string[];
  chunks?: Readonly<Record<string, { url: string; integrity: string }>>;
  css?: readonly ModuleStyle[];
  area?: AreaRoutes;
}

function mapArea(mod: MapModule): MapArea | null {
  if (!mod.css?.length && !mod.area) return null;
  return {
    ...(mod.css?.length ? { css: mod.css.map(({ url, integrity }) => ({ url, integrity })) } : {}),
    ...(mod.area ? { ...mod.area, routes: [...mod.area.routes] } : {}),
  };
}

export interface Preload {
  name: string;
  href: string;
  integrity: string;
  /** Set when the module comes from another origin (CDN): SystemJS then loads it with crossorigin=anonymous. */
  crossorigin?: 'anonymous';
  /** An async chunk (an ES module the bundle loads with import()): preloaded as `modulepreload`. */
  module?: true;
}

export type PageKind = 'login' | 'shell';

export function createImportMap(modules: readonly MapModule[]): ImportMap {
  const map: ImportMap = { imports: {}, integrity: {}, depcache: {} };
  for (const mod of modules) {
    map.imports[mod.name] = mod.url;
    map.integrity[mod.url] = mod.integrity;
    // depcache lets SystemJS fetch a module's dependencies in parallel with the module itself.
    if (mod.deps.length > 0) map.depcache[mod.url] = [...mod.deps];
    const area = mapArea(mod);
    if (area) (map.areas ??= {})[mod.name] = area;
  }
  return map;
}

/**
 * What a page loads, in load order (each module after the ones it imports): root-config and the page's app,
 * with every dependency either imports, transitively. Names missing from the set are left out.
 */
export function pageModules<M extends MapModule>(modules: readonly M[], roots: readonly string[]): M[] {
  const byName = new Map(modules.map((mod) => [mod.name, mod]));
  const ordered: M[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const mod = byName.get(name);
    if (!mod) return;
    for (const dep of mod.deps) visit(dep);
    ordered.push(mod);
  };
  for (const root of roots) visit(root);
  return ordered;
}

export const PAGE_ROOTS: Record<PageKind, readonly string[]> = {
  login: ['@atrium/root-config', '@atrium/login'],
  shell: ['@atrium/root-config', '@atrium/shell'],
};

/**
 * Async chunks a page always loads, right after its modules: the shell page boots at once, so the boot
 * sequence and the session's answer schemas would otherwise be two more round trips, one after the other.
 * The login page loads neither until sign-in (login JS budget).
 */
export const PAGE_CHUNKS: Record<PageKind, readonly (readonly [module: string, chunk: string])[]> = {
  login: [],
  shell: [
    ['@atrium/root-config', 'boot'],
    ['@atrium/api', 'api-schemas'],
  ],
};

export function createPreloads(modules: readonly MapModule[], origin?: string): Record<PageKind, Preload[]> {
  const toPreload = (mod: MapModule): Preload => {
    const crossOrigin = /^[a-z][a-z0-9+.-]*:\/\//i.test(mod.url) && new URL(mod.url).origin !== origin;
    return {
      name: mod.name,
      href: mod.url,
      integrity: mod.integrity,
      ...(crossOrigin ? { crossorigin: 'anonymous' as const } : {}),
    };
  };
  const chunkPreloads = (page: PageKind): Preload[] =>
    PAGE_CHUNKS[page].flatMap(([name, chunk]) => {
      const built = modules.find((mod) => mod.name === name)?.chunks?.[chunk];
      return built
        ? [{ name: `${name}#${chunk}`, href: built.url, integrity: built.integrity, module: true as const }]
        : [];
    });
  return {
    login: [...pageModules(modules, PAGE_ROOTS.login).map(toPreload), ...chunkPreloads('login')],
    shell: [...pageModules(modules, PAGE_ROOTS.shell).map(toPreload), ...chunkPreloads('shell')],
  };
}
