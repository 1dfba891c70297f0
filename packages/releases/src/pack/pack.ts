/**
 * `npm run release -- pack`: a release directory (manifest.json + assets/) from any System build, so a team
 * whose build Atrium did not make can publish it (docs/area-teams.md). Every file gets a content-hashed
 * name (a stored file is never overwritten with other bytes), the references to renamed files are
 * rewritten where a parser finds them, and every check runs before the first write.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ReleaseError } from '../errors.js';
import type {
  AppManifest,
  AreaGuard,
  AreaRoutes,
  ModuleStyle,
  ReleaseFile,
  ReleaseModule,
} from '../types.js';
import { entryName, readBuild } from './build-files.js';
import { parseScript, rewriteCss, rewriteScript, systemRegisterDeps } from './rewrite.js';

export interface PackOptions {
  buildDir: string;
  /** The import-map name, e.g. `@uni/peer-app` (publish checks its rules). */
  name: string;
  /** The System module to load, when the build has more than one (a name inside the build directory). */
  entry?: string;
  /** Where to write; it must not exist yet, or be empty. */
  outDir: string;
  /** Default: `<package version>+<12 hex of the entry's hash>`. */
  version?: string;
  packageVersion?: string;
  routes?: readonly string[];
  label?: string;
  guard?: string;
  /** The version of each shared module it imports that the build was compiled against. */
  builtAgainst: (dep: string) => string | undefined | Promise<string | undefined>;
  builtOnRelease: string | null;
  publicPath?: string;
  now?: () => Date;
}

export interface PackResult {
  dir: string;
  manifest: AppManifest;
  /** Files given a content-hashed name: [old, new]. */
  renamed: [string, string][];
  /** Files left out (source maps, HTML). */
  skipped: string[];
}

export const AREA_GUARDS: readonly AreaGuard[] = ['public', 'signed-in', 'root'];

/** A route pattern: path segments of lower-case letters, digits and '-', without slashes at the ends. */
export const ROUTE_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** `--route /peer-app/` -> `peer-app`; refused unless it is a plain path (every route owns its subpaths). */
export function normaliseRoute(route: string): string {
  const trimmed = route
    .replace(/^\/+/, '')
    .replace(/\/\*\*$/, '')
    .replace(/\/+$/, '');
  if (!ROUTE_PATTERN.test(trimmed))
    throw new ReleaseError(
      'bad-arguments',
      `--route ${route}: a route is a path of lower-case letters, digits and '-' segments, such as peer-app or peer-app/reviews (it owns every path below it)`,
    );
  return trimmed;
}

/** The routes, label and guard an area is packed with (none: it replaces an area the shell knows). */
export function areaRoutes(options: Pick<PackOptions, 'routes' | 'label' | 'guard'>): AreaRoutes | undefined {
  const routes = (options.routes ?? []).map(normaliseRoute);
  if (routes.length === 0) {
    if (options.label !== undefined || options.guard !== undefined)
      throw new ReleaseError(
        'bad-arguments',
        '--label and --guard describe routes: give at least one --route',
      );
    return undefined;
  }
  const guard = options.guard ?? 'signed-in';
  if (!(AREA_GUARDS as readonly string[]).includes(guard))
    throw new ReleaseError('bad-arguments', `--guard ${guard}: one of ${AREA_GUARDS.join(', ')}`);
  const label = options.label?.trim();
  if (label !== undefined && (label.length === 0 || label.length > 40 || /[<>]|\p{Cc}/u.test(label)))
    throw new ReleaseError('bad-arguments', '--label is 1 to 40 characters of plain text');
  return { routes: [...new Set(routes)], guard: guard as AreaGuard, ...(label ? { label } : {}) };
}

function sri(data: Buffer): string {
  return `sha384-${createHash('sha384').update(data).digest('base64')}`;
}

function hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A name webpack (or another bundler) already made from the content: a segment of 8+ hex digits. */
export function hasContentHash(name: string): boolean {
  return name.split(/[._-]/).some((segment) => /^[0-9a-f]{8,}$/i.test(segment));
}

function hashedName(name: string, data: Buffer): string {
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)}.${hex(data).slice(0, 16)}${ext}`;
}

/** The build's System modules: the one it has is the entry (or the one `--entry` names). */
function findEntry(files: ReadonlyMap<string, Buffer>, entry: string | undefined): string {
  if (entry !== undefined) {
    if (!files.has(entry)) throw new ReleaseError('bad-build', `--entry ${entry} is not a file of the build`);
    return entry;
  }
  const scripts = [...files.keys()].filter((name) => name.endsWith('.js'));
  const systemModules = scripts.filter((name) =>
    /\bSystem\s*\.\s*register\s*\(/.test(files.get(name)!.toString('utf8')),
  );
  if (systemModules.length > 1)
    throw new ReleaseError(
      'bad-build',
      `the build has two entries (${systemModules.join(', ')}): an area is one System module, so name it with --entry <file>`,
    );
  if (systemModules.length === 0) {
    // Say why: an ES module build is the usual cause, and its refusal names the fix.
    for (const name of scripts) parseScript(files.get(name)!.toString('utf8'), name);
    throw new ReleaseError(
      'not-system-module',
      `the build has no System module (no file calls System.register): build it with webpack's output.library.type 'system', or create-single-spa's outputSystemJS: true`,
    );
  }
  return systemModules[0]!;
}

async function emptyOrAbsent(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => null);
  if (entries && entries.length > 0)
    throw new ReleaseError('bad-arguments', `${dir} is not empty: pack writes a new directory (--out)`);
}

export async function pack(options: PackOptions): Promise<PackResult> {
  const publicPath = options.publicPath ?? '/assets/';
  const area = areaRoutes(options);
  const { files, skipped } = await readBuild(options.buildDir);
  const entry = findEntry(
    files,
    options.entry === undefined ? undefined : await entryName(options.buildDir, options.entry),
  );
  const entrySource = files.get(entry)!.toString('utf8');
  const deps = systemRegisterDeps(parseScript(entrySource, entry), entry);
  if (deps === null)
    throw new ReleaseError(
      'not-system-module',
      `${entry} does not call System.register at its top level: build it with webpack's output.library.type 'system', or create-single-spa's outputSystemJS: true`,
    );
  const builtAgainst: Record<string, string> = {};
  for (const dep of deps) {
    const version = await options.builtAgainst(dep);
    if (!version)
      throw new ReleaseError(
        'bad-build',
        `${entry} imports ${dep}, but no installed package tells which version it was built against: install it in the project (npm install --save-dev ${packageOf(dep)})`,
      );
    builtAgainst[dep] = version;
  }
  await emptyOrAbsent(options.outDir);

  // Leaves first: a file's new name is the hash of its bytes after its own references are rewritten.
  const renamed = new Map<string, string>();
  const out = new Map<string, Buffer>();
  const kindOf = (name: string): number =>
    name === entry ? 3 : name.endsWith('.js') ? 2 : name.endsWith('.css') ? 1 : 0;
  const ordered = [...files.keys()].sort((a, b) => kindOf(a) - kindOf(b) || a.localeCompare(b));
  const referenced = new Set<string>();
  const wrapped = new Set<string>();
  for (const name of ordered) {
    let data = files.get(name)!;
    if (name.endsWith('.css')) {
      const result = rewriteCss(data.toString('utf8'), name, renamed);
      result.named.forEach((n) => referenced.add(n));
      data = Buffer.from(result.source);
    } else if (name.endsWith('.js')) {
      const result = rewriteScript(data.toString('utf8'), name, renamed, name === entry);
      result.named.forEach((n) => referenced.add(n));
      result.wrapped.forEach((n) => wrapped.add(n));
      data = Buffer.from(result.source);
    }
    const final = hasContentHash(name) ? name : hashedName(name, data);
    if (final !== name) renamed.set(name, final);
    out.set(final, data);
  }
  // A renamed chunk the entry reaches neither by name nor through webpack's runtime would be lost.
  for (const [old] of renamed) {
    if (old === entry || referenced.has(old) || !old.endsWith('.js')) continue;
    if (!wrapped.has('u'))
      throw new ReleaseError(
        'bad-build',
        `${old} has no content hash and ${entry} does not load it by a name pack can rewrite: give chunks hashed names (webpack: output.chunkFilename '[name].[contenthash].js')`,
      );
  }

  const finalEntry = renamed.get(entry) ?? entry;
  const entryData = out.get(finalEntry)!;
  const releaseFiles: ReleaseFile[] = [...out].map(([file, data]) => ({
    file,
    integrity: sri(data),
    bytes: data.length,
  }));
  const css: ModuleStyle[] = [...out]
    .filter(([file]) => file.endsWith('.css'))
    .map(([file, data]) => ({ file, url: `${publicPath}${file}`, integrity: sri(data) }));
  let bytes = 0;
  let gzipBytes = 0;
  for (const [file, data] of out) {
    if (!file.endsWith('.js')) continue;
    bytes += data.length;
    gzipBytes += gzipSync(data, { level: 9 }).length;
  }
  const mod: ReleaseModule = {
    name: options.name,
    kind: 'area',
    version: options.version ?? `${options.packageVersion ?? '0.0.0'}+${hex(entryData).slice(0, 12)}`,
    file: finalEntry,
    url: `${publicPath}${finalEntry}`,
    integrity: sri(entryData),
    deps,
    chunks: {},
    files: releaseFiles,
    builtAgainst,
    size: { bytes, gzipBytes },
    ...(css.length > 0 ? { css } : {}),
    ...(area ? { area } : {}),
  };
  const manifest: AppManifest = {
    manifestVersion: 1,
    module: mod,
    builtAt: (options.now ?? (() => new Date()))().toISOString(),
    builtOnRelease: options.builtOnRelease,
  };

  // Written beside the target and renamed into place: a reader never sees half a release directory.
  const staging = `${path.resolve(options.outDir)}.packing-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(path.join(staging, 'assets'), { recursive: true });
    for (const [file, data] of out) await writeFile(path.join(staging, 'assets', file), data);
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rm(options.outDir, { recursive: true, force: true });
    await mkdir(path.dirname(path.resolve(options.outDir)), { recursive: true });
    await rename(staging, options.outDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { dir: options.outDir, manifest, renamed: [...renamed], skipped };
}

/** `react-dom/client` -> `react-dom`; `@atrium/session` -> `@atrium/session`. */
export function packageOf(dep: string): string {
  return /^(@[^/]+\/[^/]+|[^/]+)/.exec(dep)?.[1] ?? dep;
}
