/**
 * The checks a module passes before any release can serve it. Each throws a ReleaseError naming the file,
 * export or module at fault; none writes anything (service.ts runs them all before the first write).
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ReleaseError } from './errors.js';
import { FILE_NAME_RULE, isFileName, isModuleName, MODULE_NAME_RULE } from './names.js';
import { describeValue, readSystemModule, SystemModuleError, type ExportValue } from './system-module.js';
import type { AppManifest, ModuleKind, Release, ReleaseModule } from './types.js';

const FileSchema = v.object({
  file: v.pipe(v.string(), v.check(isFileName, `is not a file name a release can hold: ${FILE_NAME_RULE}`)),
  integrity: v.pipe(v.string(), v.regex(/^sha(256|384|512)-[A-Za-z0-9+/]+=*$/, 'is not an SRI hash')),
  bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const ModuleSchema = v.object({
  name: v.pipe(v.string(), v.check(isModuleName, `is not an import-map name: ${MODULE_NAME_RULE}`)),
  kind: v.picklist(['vendor', 'shared', 'root-config', 'application', 'area', 'widgets']),
  version: v.pipe(v.string(), v.regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/, 'is not a version')),
  file: v.string(),
  url: v.string(),
  integrity: v.string(),
  deps: v.array(v.string()),
  chunks: v.record(v.string(), v.object({ file: v.string(), url: v.string(), integrity: v.string() })),
  files: v.pipe(v.array(FileSchema), v.minLength(1)),
  builtAgainst: v.record(v.string(), v.string()),
  size: v.object({ bytes: v.number(), gzipBytes: v.number() }),
  commit: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'is not a git commit id'))),
  css: v.optional(v.array(v.object({ file: v.string(), url: v.string(), integrity: v.string() }))),
  area: v.optional(
    v.object({
      routes: v.pipe(v.array(v.string()), v.minLength(1)),
      label: v.optional(v.string()),
      guard: v.picklist(['public', 'signed-in', 'root']),
    }),
  ),
});

const ManifestSchema = v.object({
  manifestVersion: v.literal(1),
  module: ModuleSchema,
  builtAt: v.string(),
  builtOnRelease: v.nullable(v.string()),
});

/** manifest.json as `npm run build -- --app` writes it, or a refusal saying which field is wrong. */
export function parseManifest(value: unknown): AppManifest {
  const result = v.safeParse(ManifestSchema, value);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    throw new ReleaseError(
      'bad-manifest',
      `the manifest is not one npm run build -- --app writes: ${where ?? 'it'} ${issue?.message ?? ''}`.trim(),
    );
  }
  const manifest = result.output as AppManifest;
  const mod = manifest.module;
  const listed = new Set(mod.files.map((f) => f.file));
  for (const file of [
    mod.file,
    ...Object.values(mod.chunks).map((c) => c.file),
    ...(mod.css ?? []).map((c) => c.file),
  ]) {
    if (!listed.has(file))
      throw new ReleaseError(
        'bad-manifest',
        `the manifest of ${mod.name} loads ${file} but does not list it`,
      );
  }
  if (listed.size !== mod.files.length)
    throw new ReleaseError('bad-manifest', `the manifest of ${mod.name} lists a file twice`);
  const integrityOf = new Map(mod.files.map((f) => [f.file, f.integrity]));
  for (const style of mod.css ?? [])
    if (integrityOf.get(style.file) !== style.integrity)
      throw new ReleaseError(
        'bad-manifest',
        `the manifest of ${mod.name} gives the stylesheet ${style.file} two different hashes`,
      );
  if (integrityOf.get(mod.file) !== mod.integrity)
    throw new ReleaseError(
      'bad-manifest',
      `the manifest of ${mod.name} gives its entry two different hashes`,
    );
  for (const [name, chunk] of Object.entries(mod.chunks))
    if (integrityOf.get(chunk.file) !== chunk.integrity)
      throw new ReleaseError(
        'bad-manifest',
        `the manifest of ${mod.name} gives chunk ${name} (${chunk.file}) another hash than its file's`,
      );
  return manifest;
}

/** Where the full build and `npm run build -- --app` place files: the server serves them at /assets/. */
export const ASSETS_BASE = '/assets/';

/**
 * Every URL a release puts in the import map is one of its own verified files under the release's base:
 * `/assets/<file>`, or where the asset store serves it (`urlOf`, object storage or a CDN). A manifest
 * that names any other URL (another origin, another file, an HTML page) is refused.
 */
export function checkUrls(mod: ReleaseModule, urlOf?: (file: string) => string): void {
  const allowed = (file: string): string[] => [`${ASSETS_BASE}${file}`, ...(urlOf ? [urlOf(file)] : [])];
  const named: [where: string, url: string, file: string][] = [
    ['url', mod.url, mod.file],
    ...Object.entries(mod.chunks).map(([name, chunk]): [string, string, string] => [
      `chunks.${name}.url`,
      chunk.url,
      chunk.file,
    ]),
  ];
  for (const [where, url, file] of named)
    if (!allowed(file).includes(url))
      throw new ReleaseError(
        'bad-manifest',
        `${mod.name} ${mod.version}: ${where} is "${url}", but the map may name only the release's own verified files under its base: it must be ${allowed(
          file,
        )
          .map((u) => `"${u}"`)
          .join(' or ')}`,
      );
}

function sriOf(algorithm: string, data: Buffer): string {
  return `${algorithm}-${createHash(algorithm).update(data).digest('base64')}`;
}

/** Every file present, of the size and SRI hash the manifest gives. Returns the bytes by file name. */
export async function checkFiles(
  mod: ReleaseModule,
  read: (file: string) => Promise<Buffer | null>,
): Promise<Map<string, Buffer>> {
  const contents = new Map<string, Buffer>();
  for (const expected of mod.files) {
    const data = await read(expected.file);
    if (!data)
      throw new ReleaseError('missing-file', `${mod.name} ${mod.version}: ${expected.file} is missing`);
    if (data.length < expected.bytes)
      throw new ReleaseError(
        'truncated-file',
        `${mod.name} ${mod.version}: ${expected.file} is truncated (${data.length} of ${expected.bytes} bytes)`,
      );
    const algorithm = expected.integrity.slice(0, expected.integrity.indexOf('-'));
    if (data.length !== expected.bytes || sriOf(algorithm, data) !== expected.integrity)
      throw new ReleaseError(
        'integrity-mismatch',
        `${mod.name} ${mod.version}: ${expected.file} does not match its SRI hash ${expected.integrity}`,
      );
    contents.set(expected.file, data);
  }
  return contents;
}

/**
 * Stored files never change: browsers keep them forever (immutable caching) and a rollback must restore
 * exactly what was live. A file name already stored with other bytes is refused; one stored with the
 * same bytes is not written again. Returns the files still to store.
 */
export async function checkImmutable(
  mod: ReleaseModule,
  contents: ReadonlyMap<string, Buffer>,
  readStored: (file: string) => Promise<Buffer | null>,
): Promise<Map<string, Buffer>> {
  const fresh = new Map<string, Buffer>();
  for (const [file, data] of contents) {
    const stored = await readStored(file);
    if (!stored) fresh.set(file, data);
    else if (!stored.equals(data))
      throw new ReleaseError(
        'file-exists',
        `${mod.name} ${mod.version}: ${file} is already stored with other bytes, and stored files never change (browsers cache them for good, rollbacks restore them byte for byte): give the new build's files new names, with a content hash in each (npm run release -- pack does that)`,
      );
  }
  return fresh;
}

/** The exports each kind of module must have for single-spa to run it. */
export const REQUIRED_LIFECYCLES: Record<ModuleKind, readonly string[]> = {
  area: ['bootstrap', 'mount', 'unmount'],
  application: ['bootstrap', 'mount', 'unmount'],
  'root-config': [],
  shared: [],
  vendor: [],
  widgets: [],
};

/** The custom elements the legacy pages' bundle must define (DESIGN.md, fixed names). */
export const WIDGET_TAGS = ['atrium-notification-bar', 'atrium-dev-toolbar'] as const;

/**
 * The widgets bundle is an ES module for pages without SystemJS: it must not be a System module, and it
 * must define both elements legacy pages use.
 */
export function checkWidgetsModule(mod: ReleaseModule, source: string): void {
  if (/\bSystem\.register\(/.test(source))
    throw new ReleaseError(
      'not-system-module',
      `${mod.name} ${mod.version}: the widgets bundle must be an ES module, not a System module`,
    );
  const missing = WIDGET_TAGS.filter((tag) => !source.includes(`"${tag}"`) && !source.includes(`'${tag}'`));
  if (missing.length > 0)
    throw new ReleaseError(
      'missing-exports',
      `${mod.name} ${mod.version} does not define <${missing.join('>, <')}>`,
    );
}

/** Lifecycles single-spa calls when present, which the check then holds to the same rule. */
export const OPTIONAL_LIFECYCLES: Record<ModuleKind, readonly string[]> = {
  area: ['update'],
  application: ['update', 'unload'],
  'root-config': [],
  shared: [],
  vendor: [],
  widgets: [],
};

/** The largest entry the check reads (characters); budgets keep real ones far below. */
export const MAX_ENTRY_CHARS = 4 * 1024 * 1024;

/**
 * The entry is a System module whose dependencies are the manifest's, exporting the lifecycles its kind
 * needs, each a function or an array of functions as single-spa accepts them. It is read, never run
 * (system-module.ts): uploaded code must not execute in the server or the CLI. A shared module must keep
 * every export the live version has, since apps built against the live one import them.
 */
export async function checkSystemModule(
  mod: ReleaseModule,
  source: string,
  liveExports?: readonly string[],
): Promise<Record<string, ExportValue>> {
  const at = `${mod.name} ${mod.version}: ${mod.file}`;
  // Parsing is linear but not free, and it runs in the server: far above any budgeted module's entry.
  if (source.length > MAX_ENTRY_CHARS)
    throw new ReleaseError(
      'over-budget',
      `${at} is ${(source.length / 1024 / 1024).toFixed(1)} MB: an entry over ${MAX_ENTRY_CHARS / 1024 / 1024} MB is not read`,
    );
  let info;
  try {
    info = readSystemModule(source);
  } catch (error) {
    if (error instanceof SystemModuleError)
      throw new ReleaseError('not-system-module', `${at} is not a System module: ${error.message}`);
    // The parser or the scope analysis ran out of stack: nesting no System build has.
    if (error instanceof RangeError)
      throw new ReleaseError('not-system-module', `${at} is nested too deeply to be read`);
    // Anything else the reader trips on is refused too: an upload is never let through unread.
    throw new ReleaseError(
      'not-system-module',
      `${at} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (JSON.stringify([...info.deps].sort()) !== JSON.stringify([...mod.deps].sort()))
    throw new ReleaseError(
      'bad-manifest',
      `${mod.name} ${mod.version}: the module imports ${info.deps.join(', ') || 'nothing'}, the manifest says ${mod.deps.join(', ') || 'nothing'}`,
    );
  const unread =
    info.unread.length > 0
      ? `; what the check could not read without running it: ${info.unread.join('; ')}`
      : '';
  const required = REQUIRED_LIFECYCLES[mod.kind];
  const missing = required.filter((name) => !Object.hasOwn(info.exports, name));
  if (missing.length > 0)
    throw new ReleaseError(
      'missing-lifecycles',
      `${mod.name} ${mod.version} does not export the single-spa lifecycle${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (a${mod.kind === 'area' ? 'n area' : 'n ' + mod.kind} needs ${required.join(', ')}${OPTIONAL_LIFECYCLES[mod.kind].length ? `; ${OPTIONAL_LIFECYCLES[mod.kind].join(', ')} optional` : ''})${unread}`,
    );
  for (const name of [...required, ...OPTIONAL_LIFECYCLES[mod.kind]]) {
    const value = info.exports[name];
    if (value?.kind === 'other')
      throw new ReleaseError(
        'missing-lifecycles',
        `${mod.name} ${mod.version} exports ${name} as ${describeValue(value)}: a single-spa lifecycle is a function or an array of functions`,
      );
  }
  const dropped = (liveExports ?? []).filter((name) => !Object.hasOwn(info.exports, name));
  if (dropped.length > 0)
    throw new ReleaseError(
      'missing-exports',
      `${mod.name} ${mod.version} no longer exports ${dropped.join(', ')}, which the live version exports and apps import${unread}`,
    );
  return info.exports;
}

/** `19.3.1+abc` -> [19, 3]. */
function majorMinor(version: string): [number, number] | null {
  const m = /^(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Built against `builtWith`, can it run with `live`? Same major and minor: a new minor of React or of our
 * shared modules can change internals that compiled code relies on (React's do). */
export function compatible(builtWith: string, live: string): boolean {
  const a = majorMinor(builtWith);
  const b = majorMinor(live);
  return a !== null && b !== null && a[0] === b[0] && a[1] === b[1];
}

/**
 * Every shared module it imports is live at a compatible version; and when it is itself shared, every live
 * module that imports it was built against a compatible version of it.
 */
export function checkShared(mod: ReleaseModule, live: Release | null): void {
  if (!live) return;
  for (const dep of mod.deps) {
    const liveDep = live.modules[dep];
    if (!liveDep)
      throw new ReleaseError(
        'incompatible-shared',
        `${mod.name} ${mod.version} imports ${dep}, which release ${live.id} does not have`,
      );
    const builtWith = mod.builtAgainst[dep];
    const liveVersion = liveDep.version.split('+')[0] ?? liveDep.version;
    if (!builtWith || !compatible(builtWith, liveVersion))
      throw new ReleaseError(
        'incompatible-shared',
        `${mod.name} ${mod.version} was built against ${dep} ${builtWith ?? '(unknown)'}, but release ${live.id} has ${dep} ${liveVersion}: rebuild it against the live shared modules`,
      );
  }
  const ownVersion = mod.version.split('+')[0] ?? mod.version;
  for (const other of Object.values(live.modules)) {
    const builtWith = other.builtAgainst[mod.name];
    if (other.name === mod.name || builtWith === undefined) continue;
    if (!compatible(builtWith, ownVersion))
      throw new ReleaseError(
        'incompatible-shared',
        `${mod.name} ${ownVersion} would break ${other.name} ${other.version}, built against ${mod.name} ${builtWith}`,
      );
  }
}

/** gzip bytes of all of a module's JavaScript, by kind (docs/releases.md, "Budgets"). */
export const SIZE_BUDGETS: Record<ModuleKind, number> = {
  vendor: 120 * 1024,
  shared: 40 * 1024,
  'root-config': 20 * 1024,
  application: 80 * 1024,
  area: 40 * 1024,
  // The entry alone has its own budget in the full build (scripts/budgets.json); this is entry + chunks.
  widgets: 120 * 1024,
};

export function checkSize(mod: ReleaseModule, budgets: Record<ModuleKind, number> = SIZE_BUDGETS): void {
  const budget = budgets[mod.kind];
  if (mod.size.gzipBytes > budget)
    throw new ReleaseError(
      'over-budget',
      `${mod.name} ${mod.version} is ${(mod.size.gzipBytes / 1024).toFixed(1)} KB gzip, over the ${(budget / 1024).toFixed(0)} KB budget of a${mod.kind === 'area' ? 'n' : ''} ${mod.kind}`,
    );
}
