/**
 * Small System modules and uploads for the tests of this package and of the server's release API: real
 * files with real SRI hashes, as `npm run build -- --app` would hand them over. Not exported by index.ts.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { AppUpload, ReleaseService } from './service.js';
import type { AppManifest, ModuleKind, ReleaseModule } from './types.js';

export function sri(data: Buffer | string): string {
  return `sha384-${createHash('sha384').update(data).digest('base64')}`;
}

/** A System module exporting the given names (functions), importing `deps`. */
export function systemSource(deps: readonly string[], exportNames: readonly string[], marker = ''): string {
  const setters = deps.map(() => 'function (m) { imported.push(m); }').join(', ');
  const exported = exportNames.map((name) => `${name}: function () { return Promise.resolve(); }`).join(', ');
  return (
    `System.register(${JSON.stringify(deps)}, function (_export) { var imported = [];` +
    ` return { setters: [${setters}], execute: function () { _export({ ${exported} }); /* ${marker} */ } }; });`
  );
}

export interface FixtureModule {
  module: ReleaseModule;
  files: Record<string, Buffer>;
}

export interface FixtureOptions {
  kind?: ModuleKind;
  version?: string;
  deps?: string[];
  builtAgainst?: Record<string, string>;
  exports?: string[];
  marker?: string;
  /** Replaces the generated source. */
  source?: string;
}

const LIFECYCLES = ['bootstrap', 'mount', 'unmount'];

export function fixtureModule(name: string, options: FixtureOptions = {}): FixtureModule {
  const kind = options.kind ?? (name.startsWith('@atrium/area-') ? 'area' : 'vendor');
  const deps = options.deps ?? (kind === 'area' ? ['react'] : []);
  const version = options.version ?? '1.0.0';
  const source =
    options.source ??
    systemSource(
      deps,
      options.exports ?? (kind === 'area' ? LIFECYCLES : ['version']),
      options.marker ?? version,
    );
  const data = Buffer.from(source);
  const stem = name.replace(/^@/, '').replace(/[^a-zA-Z0-9-]+/g, '-');
  const file = `${stem}.${createHash('sha256').update(data).digest('hex').slice(0, 16)}.js`;
  return {
    module: {
      name,
      kind,
      version,
      file,
      url: `/assets/${file}`,
      integrity: sri(data),
      deps,
      chunks: {},
      files: [{ file, integrity: sri(data), bytes: data.length }],
      builtAgainst: options.builtAgainst ?? Object.fromEntries(deps.map((dep) => [dep, '19.3.1'])),
      size: { bytes: data.length, gzipBytes: gzipSync(data).length },
    },
    files: { [file]: data },
  };
}

export function manifestOf(fixture: FixtureModule): AppManifest {
  return {
    manifestVersion: 1,
    module: fixture.module,
    builtAt: '2026-01-01T00:00:00.000Z',
    builtOnRelease: null,
  };
}

/** The JSON body of the release API's publish (and canary upload): the manifest, each file in base64. */
export function uploadBody(fixture: FixtureModule, manifest: unknown = manifestOf(fixture)) {
  return {
    manifest,
    files: Object.fromEntries(
      Object.entries(fixture.files).map(([name, data]) => [name, data.toString('base64')]),
    ),
  };
}

export function uploadOf(
  fixture: FixtureModule,
  files = fixture.files,
  manifest: unknown = manifestOf(fixture),
): AppUpload {
  return { manifest, readFile: async (file) => files[file] ?? null };
}

/** The modules of a first release: React and an area. */
export function baselineModules(): FixtureModule[] {
  return [
    fixtureModule('react', { kind: 'vendor', version: '19.3.1', exports: ['createElement', 'useState'] }),
    fixtureModule('@atrium/area-exams', { version: '0.1.0+aaa' }),
  ];
}

/** The exams area at `version`, its body marked with the version so two builds of it differ. */
export function examsArea(version: string): FixtureModule {
  return fixtureModule('@atrium/area-exams', { version, marker: version });
}

/** Starts `service`'s store from the full build made of `fixtures`, as `npm run release -- init` does from dist/. */
export function initFrom(service: ReleaseService, fixtures: readonly FixtureModule[]) {
  const files = Object.assign({}, ...fixtures.map((fixture) => fixture.files)) as Record<string, Buffer>;
  return service.init(
    fixtures.map((fixture) => fixture.module),
    async (file) => files[file] ?? null,
    'ops',
  );
}
