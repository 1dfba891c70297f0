/**
 * The checks a module passes before any release can serve it. Each throws a ReleaseError naming the file,
 * export or module at fault; none writes anything (service.ts runs them all before the first write).
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ReleaseError } from './errors.js';
import { inspectSystemModule, SystemModuleError } from './system-module.js';
import type { AppManifest, ModuleKind, Release, ReleaseModule } from './types.js';

const FileSchema = v.object({
  file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'is not a plain file name')),
  integrity: v.pipe(v.string(), v.regex(/^sha(256|384|512)-[A-Za-z0-9+/]+=*$/, 'is not an SRI hash')),
  bytes: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const ModuleSchema = v.object({
  name: v.pipe(v.string(), v.regex(/^(@atrium\/[a-z0-9-]+|[a-z][a-z0-9/-]*)$/, 'is not an import-map name')),
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
  for (const style of mod.css ?? [])
    if (mod.files.find((f) => f.file === style.file)?.integrity !== style.integrity)
      throw new ReleaseError(
        'bad-manifest',
        `the manifest of ${mod.name} gives the stylesheet ${style.file} two different hashes`,
      );
  if (mod.files.find((f) => f.file === mod.file)?.integrity !== mod.integrity)
    throw new ReleaseError(
      'bad-manifest',
      `the manifest of ${mod.name} gives its entry two different hashes`,
    );
  return manifest;
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

/**
 * The entry is a System module whose dependencies are the manifest's, exporting the lifecycles its kind
 * needs (loaded in Node with stand-ins: system-module.ts). A shared module must keep every export the live
 * version has, since apps built against the live one import them.
 */
export async function checkSystemModule(
  mod: ReleaseModule,
  source: string,
  dependencyExports: (name: string) => readonly string[] | undefined,
  liveExports?: readonly string[],
): Promise<Record<string, string>> {
  let info;
  try {
    info = await inspectSystemModule(source, { dependencyExports });
  } catch (error) {
    const reason = error instanceof SystemModuleError ? error.message : String(error);
    throw new ReleaseError(
      'not-system-module',
      `${mod.name} ${mod.version}: ${mod.file} is not a System module: ${reason}`,
    );
  }
  if (JSON.stringify([...info.deps].sort()) !== JSON.stringify([...mod.deps].sort()))
    throw new ReleaseError(
      'bad-manifest',
      `${mod.name} ${mod.version}: the module imports ${info.deps.join(', ') || 'nothing'}, the manifest says ${mod.deps.join(', ') || 'nothing'}`,
    );
  const missing = REQUIRED_LIFECYCLES[mod.kind].filter((name) => info.exports[name] !== 'function');
  if (missing.length > 0)
    throw new ReleaseError(
      'missing-lifecycles',
      `${mod.name} ${mod.version} does not export the single-spa lifecycle${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (a${mod.kind === 'area' ? 'n area' : 'n ' + mod.kind} needs ${REQUIRED_LIFECYCLES[mod.kind].join(', ')})`,
    );
  const dropped = (liveExports ?? []).filter((name) => !(name in info.exports));
  if (dropped.length > 0)
    throw new ReleaseError(
      'missing-exports',
      `${mod.name} ${mod.version} no longer exports ${dropped.join(', ')}, which the live version exports and apps import`,
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
