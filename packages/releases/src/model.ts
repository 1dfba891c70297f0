/**
 * Pure functions over releases: the next id and stamp, who gets a canary, the map a viewer gets, and what
 * differs between two releases. No I/O here (service.ts does that).
 */
import { createHash } from 'node:crypto';
import { createImportMap, createPreloads } from './import-map.js';
import type { PageKind, Preload } from './import-map.js';
import type { Canary, CanaryAudience, ImportMap, Release, ReleaseModule } from './types.js';

export function releaseNumber(id: string): number {
  return Number(id.slice(1));
}

export function nextReleaseId(parent: string | null): string {
  return `r${String(parent ? releaseNumber(parent) + 1 : 1).padStart(6, '0')}`;
}

/** The stamp format pages compare (shell update checker): 2025_10_27_103446, UTC. */
export function stampOf(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}_${pad(date.getUTCMonth() + 1)}_${pad(date.getUTCDate())}_` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

function parseStamp(stamp: string): Date {
  const m = /^(\d{4})_(\d{2})_(\d{2})_(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) return new Date(0);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** The newest stamp a release shows anyone (its own or one of its canaries'). */
export function latestStamp(release: Release | null): string | null {
  if (!release) return null;
  return [release.stamp, ...Object.values(release.canaries).map((c) => c.stamp)].sort().at(-1) ?? null;
}

/**
 * A stamp later than every stamp `parent` shows: two releases in one second still differ, so an open tab
 * always sees "Update available" after a change that reaches it.
 */
export function nextStamp(now: Date, parent: Release | null): string {
  const previous = latestStamp(parent);
  if (!previous || stampOf(now) > previous) return stampOf(now);
  return stampOf(new Date(parseStamp(previous).getTime() + 1000));
}

/** Who is asking for a page: enough to place them in or out of a canary, the same way every time. */
export interface Viewer {
  /** A stable key for the person: the username when signed in, else a random cookie. Null: no key yet. */
  key: string | null;
  roles: readonly string[];
  /** Apps whose canary this person chose to try (root only: the Releases panel). */
  tryCanaries?: readonly string[];
}

/** 0..99 from the app and the person, so each canary splits users independently and stably. */
export function bucketOf(app: string, key: string): number {
  return createHash('sha256').update(`${app}\0${key}`).digest().readUInt32BE(0) % 100;
}

export function audienceIncludes(app: string, audience: CanaryAudience, viewer: Viewer): boolean {
  if ('roles' in audience) return audience.roles.some((role) => viewer.roles.includes(role));
  return viewer.key !== null && bucketOf(app, viewer.key) < audience.percent;
}

export function canaryApplies(app: string, canary: Canary, viewer: Viewer): boolean {
  return viewer.tryCanaries?.includes(app) === true || audienceIncludes(app, canary.audience, viewer);
}

/** The modules, stamp and canaries a viewer gets from a release. */
export interface ReleaseView {
  releaseId: string;
  stamp: string;
  modules: ReleaseModule[];
  /** Apps this viewer gets the canary of. */
  canaries: string[];
}

export function viewFor(release: Release, viewer: Viewer): ReleaseView {
  const canaries: string[] = [];
  let stamp = release.stamp;
  const modules = Object.values(release.modules).map((mod) => {
    const canary = release.canaries[mod.name];
    if (!canary || !canaryApplies(mod.name, canary, viewer)) return mod;
    canaries.push(mod.name);
    if (canary.stamp > stamp) stamp = canary.stamp;
    return canary.module;
  });
  return { releaseId: release.id, stamp, modules, canaries };
}

/** The widgets bundle is loaded by a script tag on legacy pages, never through the import map. */
const inMap = (mod: ReleaseModule): boolean => mod.kind !== 'widgets';

export function importMapOf(view: ReleaseView): ImportMap {
  return createImportMap(view.modules.filter(inMap));
}

export function preloadsOf(view: ReleaseView): Record<PageKind, Preload[]> {
  return createPreloads(view.modules.filter(inMap));
}

/** The legacy pages' widgets bundle of this view, when one was published (else the full build's). */
export function widgetsOf(view: ReleaseView): ReleaseModule | null {
  return view.modules.find((mod) => mod.kind === 'widgets') ?? null;
}

/** One line per module that differs between two releases. */
export interface ModuleDiff {
  name: string;
  from: string | null;
  to: string | null;
}

export function diffReleases(a: Release, b: Release): ModuleDiff[] {
  const names = [...new Set([...Object.keys(a.modules), ...Object.keys(b.modules)])].sort();
  return names.flatMap((name) => {
    const from = a.modules[name]?.version ?? null;
    const to = b.modules[name]?.version ?? null;
    return from === to ? [] : [{ name, from, to }];
  });
}

/** Every asset file a release needs, its canaries' included. */
export function filesOf(release: Release): Set<string> {
  const files = new Set<string>();
  const modules = [
    ...Object.values(release.modules),
    ...Object.values(release.canaries).map((c) => c.module),
  ];
  for (const mod of modules) for (const file of mod.files) files.add(file.file);
  return files;
}
