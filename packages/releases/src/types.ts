/**
 * The release model (docs/releases.md). A *module* is one System module of the import map as one build
 * made it; a *release* is an immutable, complete set of modules (so a complete import map) with an id, a
 * time, an author and what changed. The live release is one pointer; publishing, rolling back and starting
 * or ending a canary each write a new release and move the pointer with a compare-and-swap.
 */

/** What a module is, which decides the lifecycles it must export and the budget it must fit. */
/** `widgets` is the legacy pages' bundle: a plain ES module outside the import map (docs/embedding.md). */
export type ModuleKind = 'vendor' | 'shared' | 'root-config' | 'application' | 'area' | 'widgets';

/** One file of a module as published: its name under the assets store and its SRI hash. */
export interface ReleaseFile {
  /** File name under the assets directory (content-hashed, so never reused for other content). */
  file: string;
  integrity: string;
  bytes: number;
}

/** An async chunk of a module (a webpackChunkName), preloaded on the pages that always need it. */
export interface ModuleChunk {
  file: string;
  url: string;
  integrity: string;
}

/** A stylesheet a module's page needs before the module mounts (a built CSS file, mini-css-extract's). */
export interface ModuleStyle {
  file: string;
  url: string;
  integrity: string;
}

/** Who may open an area's routes: anyone, a signed-in user, or root and headquarters users only. */
export type AreaGuard = 'public' | 'signed-in' | 'root';

/**
 * What an area serves, for an area the shell does not know by name (`release pack --route`): the shell
 * adds its routes to its table at page start (docs/area-teams.md).
 */
export interface AreaRoutes {
  /** Route patterns without slashes at either end: 'peer-app', 'peer-app/reviews'. Each owns its subpaths. */
  routes: string[];
  /** The side navigation's label; absent: not listed. */
  label?: string;
  guard: AreaGuard;
}

/** One module as a release holds it. */
export interface ReleaseModule {
  /** Import-map name, e.g. `@atrium/area-exams`. */
  name: string;
  kind: ModuleKind;
  /** `<package version>+<content hash>` unless the build was given one (`--version`). */
  version: string;
  /** The entry file (a System.register module). */
  file: string;
  url: string;
  integrity: string;
  /** Import-map names it imports (its System.register dependencies). */
  deps: string[];
  chunks: Record<string, ModuleChunk>;
  /** Every file the module needs: the entry, its chunks and their assets. */
  files: ReleaseFile[];
  /** The shared modules it was built against and their versions (`react` -> `19.3.1`). */
  builtAgainst: Record<string, string>;
  /** Total bytes of its JavaScript, raw and gzip-compressed. */
  size: { bytes: number; gzipBytes: number };
  /** The git commit the build was made from, when it was made in a git checkout. */
  commit?: string;
  /** Stylesheets linked (with their integrity) before the module mounts. */
  css?: ModuleStyle[];
  /** Routes an area adds to the shell (areas packed with `--route`). */
  area?: AreaRoutes;
}

/** What `npm run build -- --app <name>` writes beside the app's files: manifest.json. */
export interface AppManifest {
  manifestVersion: 1;
  module: ReleaseModule;
  builtAt: string;
  /** The release whose shared modules the build compiled against (null when none was live). */
  builtOnRelease: string | null;
}

/** Who gets a canary candidate: users with one of these roles, or this share of users (sticky per user). */
export type CanaryAudience = { roles: string[] } | { percent: number };

export interface Canary {
  module: ReleaseModule;
  audience: CanaryAudience;
  startedAt: string;
  author: string;
  /** The update stamp of the pages that get it (later than the release's own when it started). */
  stamp: string;
}

export type ChangeKind =
  'baseline' | 'publish' | 'rollback' | 'rollback-release' | 'canary' | 'promote' | 'abort';

export interface ReleaseChange {
  kind: ChangeKind;
  /** The app it concerns; absent for a baseline and a whole-release rollback. */
  app?: string;
  /** The version it set live (publish, rollback, promote) or offered (canary). */
  version?: string;
  /** The version it replaced. */
  from?: string;
  /** For rollbacks: the release it went back to. */
  toRelease?: string;
  /** The git commit of the build it set live (or offered), when the build recorded one. */
  commit?: string;
  /** One line for people: "@atrium/area-exams 0.1.0+ab12 -> 0.1.0+cd34". */
  summary: string;
}

export interface Release {
  /** `r000042`: a sequence number, so ids sort by time and a race over the next id is visible. */
  id: string;
  /** The release this one was made from (null for the first). */
  parent: string | null;
  createdAt: string;
  /** The update stamp pages compare (`<meta name="atrium-build">`, /build.json): strictly increasing. */
  stamp: string;
  author: string;
  change: ReleaseChange;
  modules: Record<string, ReleaseModule>;
  /** Candidates on trial, by import-map name. */
  canaries: Record<string, Canary>;
}

/** A release as lists show it. */
export interface ReleaseSummary {
  id: string;
  createdAt: string;
  author: string;
  change: ReleaseChange;
}

/** What the shell needs to know of an area beyond its URL: its stylesheets, and its routes when it brings some. */
export interface MapArea {
  css?: { url: string; integrity: string }[];
  routes?: string[];
  label?: string;
  guard?: AreaGuard;
}

/**
 * The import map a page inlines: SystemJS reads `integrity` and `depcache`; the shell reads `areas` at page
 * start (SystemJS ignores keys it does not know).
 */
export interface ImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
  depcache: Record<string, string[]>;
  areas?: Record<string, MapArea>;
}
