/**
 * `npm run build`: runs every webpack compilation (webpack.config.ts), then writes what the server needs
 * around the bundles (see docs/architecture.md, "Build output"):
 *
 *   dist/importmap.json  imports + SystemJS `integrity` (sha384) + `depcache` for every System module
 *   dist/preloads.json   per page ('login' | 'shell'), the modules to <link rel="preload"> with integrity
 *   dist/build.json      { stamp, app_title, start_page }
 *   dist/index.html      root-config/index.html with the build-time placeholders filled (base.css and
 *                        root-config/page/module-tasks.js inlined)
 *   dist/login-frame.json the login page's first screen as HTML + its CSS (scripts/prerender-login.ts)
 *   dist/shell-frame.mjs the signed-in page's server render, for the server (scripts/prerender-shell.ts)
 *   dist/static/         packages/server/public
 *   dist/assets/systemjs-s.min.<hash>.js  the SystemJS loader, content-hashed
 *
 * Flags: --mode development|production (default production), --watch (rebuild and rewrite on change),
 * --root DIR and --out DIR (build another tree, e.g. a throwaway fixture).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import type { MultiStats, Stats } from 'webpack';
import { createConfigs, fileStem, listMapEntries, optionsFromEnv } from '../webpack.config';
import { moduleRecord } from './module-record';
import { releaseStoreFromEnv } from '@atrium/releases';
import type { AppManifest, ReleaseModule } from '@atrium/releases';
import { precompressDir } from './precompress';
import { writeWidgetsManifest } from './widgets-manifest';
import { prerenderLogin } from './prerender-login';
import type { LoginFrame } from './prerender-login';
import { bundleShellFrame } from './prerender-shell';
import { bundleServer } from './build-server';
import type { BuildMode, BuildOptions } from '../webpack.config';
import { createImportMap, createPreloads } from '@atrium/releases';

// The import map and preloads are built the same way for a release (packages/releases): one place.
export { createImportMap, createPreloads, pageModules, PAGE_CHUNKS, PAGE_ROOTS } from '@atrium/releases';
export type { ImportMap, PageKind, Preload } from '@atrium/releases';

export interface BuiltModule {
  /** Import-map name. */
  name: string;
  /** File name under dist/assets. */
  file: string;
  url: string;
  integrity: string;
  /** Import-map names this module imports (its System.register dependencies). */
  deps: string[];
  /** Its named async chunks (webpackChunkName), as files under dist/assets with their integrity. */
  chunks?: Record<string, { file: string; url: string; integrity: string }>;
}

export class BuildError extends Error {
  constructor(
    readonly code: 'compile-failed' | 'missing-output' | 'missing-template' | 'bad-arguments',
    message: string,
  ) {
    super(message);
    this.name = 'BuildError';
  }
}

/** Subresource-integrity value as SystemJS and browsers expect it. */
export function sri(content: Buffer | string): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** The dependency list of a webpack System.register module: `System.register(["react","x"], ...`. */
export function systemDeps(source: string): string[] {
  const match = /System\.register\(\s*(\[[^\]]*\])/.exec(source);
  if (!match?.[1]) return [];
  const parsed: unknown = JSON.parse(match[1]);
  return Array.isArray(parsed) ? parsed.filter((dep): dep is string => typeof dep === 'string') : [];
}

/** UTC stamp in the format the product uses: 2025_10_27_103446. */
export function buildStamp(now: Date = new Date()): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return (
    `${now.getUTCFullYear()}_${pad(now.getUTCMonth() + 1)}_${pad(now.getUTCDate())}_` +
    `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`
  );
}

/** Fills the placeholders known at build time; the server fills the per-response ones ({{NONCE}}, ...). */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * index.html's build-time placeholders filled, each of which must be there: one lost from the template (a
 * formatter once turned `{{MODULE_TASKS}}` in the start script into JavaScript) would ship a page that
 * fails at its first line of script, so the build stops instead.
 */
export function fillPageTemplate(template: string, values: Readonly<Record<string, string>>): string {
  for (const key of Object.keys(values)) {
    if (!template.includes(`{{${key}}}`))
      throw new BuildError('missing-template', `index.html has no {{${key}}} to fill`);
  }
  return renderTemplate(template, values);
}

interface Collected {
  modules: BuiltModule[];
  records: ReleaseModule[];
}

function collectModules(multi: MultiStats, options: BuildOptions, version?: string): Collected {
  const { publicPath } = options;
  const assetsDir = path.join(options.outDir, 'assets');
  const entries = new Map(listMapEntries(options.rootDir).map((entry) => [entry.name, entry]));
  const modules: BuiltModule[] = [];
  const records: ReleaseModule[] = [];
  for (const stats of multi.stats as Stats[]) {
    const name = stats.compilation.name;
    if (!name || name === 'widgets') continue;
    const entrypoint = stats.compilation.entrypoints.get(fileStem(name));
    const file = entrypoint
      ? [...entrypoint.getEntrypointChunk().files].find((f) => f.endsWith('.js'))
      : undefined;
    if (!file) throw new BuildError('missing-output', `webpack emitted no JavaScript for ${name}`);
    const source = readFileSync(path.join(assetsDir, file));
    const chunks: NonNullable<BuiltModule['chunks']> = {};
    for (const [chunkName, chunk] of stats.compilation.namedChunks) {
      const chunkFile = [...chunk.files].find((f) => f.endsWith('.js'));
      if (!chunkFile || chunkFile === file) continue;
      chunks[chunkName] = {
        file: chunkFile,
        url: `${publicPath}${chunkFile}`,
        integrity: sri(readFileSync(path.join(assetsDir, chunkFile))),
      };
    }
    const built: BuiltModule = {
      name,
      file,
      url: `${publicPath}${file}`,
      integrity: sri(source),
      deps: systemDeps(source.toString('utf8')),
      chunks,
    };
    modules.push(built);
    const entry = entries.get(name);
    if (entry) {
      records.push(
        moduleRecord({
          entry,
          stats,
          rootDir: options.rootDir,
          assetsDir,
          publicPath,
          deps: built.deps,
          file,
          integrity: built.integrity,
          chunks,
          sri,
          ...(version ? { version } : {}),
        }),
      );
    }
  }
  return { modules, records };
}

/** Copies the server's public files and the SystemJS loader (the minimal `s` build: it honours `integrity`). */
function writeStatic(options: BuildOptions): { systemjsSrc: string; systemjsIntegrity: string } {
  const staticDir = path.join(options.outDir, 'static');
  const publicDir = path.join(options.rootDir, 'packages', 'server', 'public');
  if (existsSync(publicDir)) cpSync(publicDir, staticDir, { recursive: true });
  const require = createRequire(path.join(options.rootDir, 'package.json'));
  const systemDir = path.dirname(require.resolve('systemjs/dist/s.min.js'));
  const systemFile = options.mode === 'production' ? 's.min.js' : 's.js';
  const systemjs = readFileSync(path.join(systemDir, systemFile));
  // Content-hashed beside the bundles, so it is cached as immutable like them (a /static/ file is not).
  const hash = createHash('sha256').update(systemjs).digest('hex').slice(0, 16);
  const hashedName = systemFile.replace(/\.js$/, `.${hash}.js`);
  mkdirSync(path.join(options.outDir, 'assets'), { recursive: true });
  writeFileSync(path.join(options.outDir, 'assets', `systemjs-${hashedName}`), systemjs);
  return { systemjsSrc: `${options.publicPath}systemjs-${hashedName}`, systemjsIntegrity: sri(systemjs) };
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Writes everything around the bundles once webpack is done. */
export function writeBuildOutput(
  multi: MultiStats,
  options: BuildOptions,
  stamp: string,
  loginFrame: LoginFrame,
  shellFrame: string | null = null,
): BuiltModule[] {
  const { modules, records } = collectModules(multi, options);
  writeJson(path.join(options.outDir, 'importmap.json'), createImportMap(modules));
  // Every module with its files, versions and sizes: the first release is made from it (docs/releases.md).
  writeJson(path.join(options.outDir, 'modules.json'), records);
  writeJson(path.join(options.outDir, 'preloads.json'), createPreloads(modules));
  writeJson(path.join(options.outDir, 'build.json'), { stamp, app_title: 'Atrium', start_page: 'start' });
  const { systemjsSrc, systemjsIntegrity } = writeStatic(options);
  const templateFile = path.join(options.rootDir, 'root-config', 'index.html');
  if (!existsSync(templateFile))
    throw new BuildError('missing-template', `no page template at ${templateFile}`);
  const baseCss = readFileSync(path.join(options.outDir, 'static', 'base.css'), 'utf8');
  // A file of its own so a browser test can run it against the real SystemJS. Its header comment is for
  // the repository's readers: every page would carry it, so it stays behind.
  const moduleTasks = readFileSync(
    path.join(options.rootDir, 'root-config', 'page', 'module-tasks.js'),
    'utf8',
  ).replace(/^\/\*[\s\S]*?\*\/\s*/, '');
  const buildValues = {
    SYSTEMJS_SRC: systemjsSrc,
    SYSTEMJS_INTEGRITY: systemjsIntegrity,
    BASE_CSS: baseCss.trim(),
    MODULE_TASKS: moduleTasks.trim(),
  };
  const html = fillPageTemplate(readFileSync(templateFile, 'utf8'), buildValues);
  writeJson(path.join(options.outDir, 'login-frame.json'), loginFrame);
  if (shellFrame !== null) writeFileSync(path.join(options.outDir, 'shell-frame.mjs'), shellFrame);
  // Last: the server reloads its page files when index.html changes, so it must not see a new index.html
  // beside an old login frame.
  writeFileSync(path.join(options.outDir, 'index.html'), html);
  writeWidgetsManifest(path.join(options.outDir, 'widgets'));
  if (options.mode === 'production') {
    for (const dir of ['assets', 'widgets', 'static']) {
      const target = path.join(options.outDir, dir);
      if (existsSync(target)) precompressDir(target);
    }
  }
  return modules;
}

function runCompiler(compiler: ReturnType<typeof webpack>): Promise<MultiStats> {
  return new Promise<MultiStats>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (!result) reject(new BuildError('compile-failed', 'webpack returned no stats'));
      else resolve(result);
    });
  });
}

/** `area-exams`, `@atrium/area-exams`, `shell`: the import-map name of an app given on the command line. */
export function appModuleName(app: string): string {
  return app.startsWith('@') ? app : `@atrium/${app}`;
}

/**
 * `npm run build -- --app <name>`: one compilation only, with the same externals as the full build (every
 * shared module and React come from the live release's map, never bundled), into
 * `<appsRoot>/<stem>/<version>/` with `assets/` and `manifest.json` (packages/releases, AppManifest). The
 * shared versions it compiled against are recorded there; `npm run release -- publish <dir>` checks them.
 */
export async function buildOneApp(options: BuildOptions, app: string, version?: string): Promise<string> {
  const name = appModuleName(app);
  if (name === WIDGETS_MODULE) return buildWidgetsApp(options, version);
  const entries = listMapEntries(options.rootDir);
  const entry = entries.find((candidate) => candidate.name === name);
  const apps = entries.filter((candidate) => candidate.kind !== 'vendor').map((e) => e.name.slice(8));
  if (!entry || entry.kind === 'vendor')
    throw new BuildError('bad-arguments', `no app named ${app}; one of: ${[...apps, 'widgets'].join(', ')}`);
  const started = Date.now();
  const staging = path.join(options.outDir, `.staging-${fileStem(name)}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const stagingOptions: BuildOptions = { ...options, outDir: staging };
  const configs = createConfigs(stagingOptions).filter((config) => config.name === name);
  try {
    const multi = await runCompiler(webpack(configs));
    if (multi.hasErrors()) throw new BuildError('compile-failed', formatErrors(multi));
    if (multi.hasWarnings()) console.warn(formatErrors(multi));
    const record = collectModules(multi, stagingOptions, version).records[0];
    if (!record) throw new BuildError('missing-output', `webpack emitted nothing for ${name}`);
    return await finishApp(options, staging, record, started);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The legacy pages' bundle as a release module: `@atrium/widgets`, its entry content-hashed too. */
export const WIDGETS_MODULE = '@atrium/widgets';

async function buildWidgetsApp(options: BuildOptions, version?: string): Promise<string> {
  const started = Date.now();
  const staging = path.join(options.outDir, `.staging-atrium-widgets-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const stagingOptions: BuildOptions = { ...options, outDir: staging };
  const config = createConfigs(stagingOptions).find((candidate) => candidate.name === 'widgets');
  if (!config) throw new BuildError('missing-output', 'no widgets bundle in this tree (packages/widgets)');
  // Beside every other release file under /assets/, so its entry needs a hashed name like theirs; its chunks
  // are found relative to the entry's URL, wherever that is.
  const assetsDir = path.join(staging, 'assets');
  config.output = { ...config.output, path: assetsDir, filename: 'atrium-widgets.[contenthash:16].js' };
  try {
    const multi = await runCompiler(webpack([config]));
    if (multi.hasErrors()) throw new BuildError('compile-failed', formatErrors(multi));
    const stats = multi.stats[0]!;
    const entrypoint = stats.compilation.entrypoints.get('atrium-widgets');
    const file = [...(entrypoint?.getEntrypointChunk().files ?? [])].find((f) => f.endsWith('.js'));
    if (!file) throw new BuildError('missing-output', 'webpack emitted no JavaScript for the widgets');
    const record = moduleRecord({
      entry: { name: WIDGETS_MODULE, source: '', kind: 'app' },
      kind: 'widgets',
      stats,
      rootDir: options.rootDir,
      assetsDir,
      publicPath: options.publicPath,
      deps: [],
      file,
      integrity: sri(readFileSync(path.join(assetsDir, file))),
      chunks: {},
      sri,
      ...(version ? { version } : {}),
    });
    return await finishApp(options, staging, record, started);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Writes manifest.json and moves the staged build to `<appsRoot>/<stem>/<version>/`. */
async function finishApp(
  options: BuildOptions,
  staging: string,
  record: ReleaseModule,
  started: number,
): Promise<string> {
  const manifest: AppManifest = {
    manifestVersion: 1,
    module: record,
    builtAt: new Date().toISOString(),
    builtOnRelease: await liveReleaseId(),
  };
  writeJson(path.join(staging, 'manifest.json'), manifest);
  const target = path.join(options.outDir, fileStem(record.name), record.version);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(path.dirname(target), { recursive: true });
  renameSync(staging, target);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[build] ${record.name} ${record.version} -> ${target} in ${seconds} s`);
  console.log(`[build] publish it with: npm run release -- publish ${path.relative(process.cwd(), target)}`);
  return target;
}

/** The release live in ATRIUM_RELEASES_DIR when this build ran, recorded in the manifest for people. */
async function liveReleaseId(): Promise<string | null> {
  const opened = releaseStoreFromEnv();
  try {
    return await opened.store.currentId();
  } catch {
    return null;
  } finally {
    opened.close();
  }
}

function formatErrors(multi: MultiStats): string {
  return multi.toString({ preset: 'errors-warnings', colors: false });
}

interface CliOptions {
  mode: BuildMode;
  watch: boolean;
  /** Build this one app alone (`area-exams`, `shell`, `@atrium/login`, ...): see buildOneApp. */
  app?: string;
  /** The version to give that app instead of `<package version>+<content hash>`. */
  version?: string;
  rootDir?: string;
  outDir?: string;
}

function parseCli(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      mode: { type: 'string', default: 'production' },
      watch: { type: 'boolean', default: false },
      root: { type: 'string' },
      out: { type: 'string' },
      app: { type: 'string' },
      version: { type: 'string' },
    },
  });
  if (values.version !== undefined && !/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(values.version))
    throw new BuildError(
      'bad-arguments',
      `--version must be letters, digits, . + _ -, not ${values.version}`,
    );
  if (values.mode !== 'production' && values.mode !== 'development') {
    throw new BuildError('bad-arguments', `--mode must be production or development, not ${values.mode}`);
  }
  return {
    mode: values.mode,
    watch: values.watch,
    ...(values.app ? { app: values.app } : {}),
    ...(values.version ? { version: values.version } : {}),
    ...(values.root ? { rootDir: path.resolve(values.root) } : {}),
    ...(values.out ? { outDir: path.resolve(values.out) } : {}),
  };
}

export async function main(argv: readonly string[]): Promise<void> {
  const cli = parseCli(argv);
  const fromEnv = optionsFromEnv(cli.mode);
  const rootDir = cli.rootDir ?? fromEnv.rootDir;
  const options: BuildOptions = {
    ...fromEnv,
    rootDir,
    outDir: cli.outDir ?? (cli.rootDir ? path.join(rootDir, 'dist') : fromEnv.outDir),
  };
  if (cli.app) {
    const appsRoot = cli.outDir ?? path.join(rootDir, 'dist-apps');
    await buildOneApp({ ...options, outDir: appsRoot }, cli.app, cli.version);
    return;
  }
  const stamp = process.env.ATRIUM_BUILD_STAMP ?? buildStamp();
  const started = Date.now();
  rmSync(options.outDir, { recursive: true, force: true });
  mkdirSync(options.outDir, { recursive: true });
  const compiler = webpack(createConfigs(options));

  if (cli.watch) {
    compiler.watch({ aggregateTimeout: 200 }, (error, multi) => {
      if (error || !multi) {
        console.error(`[build] ${error?.message ?? 'webpack failed'}`);
        return;
      }
      if (multi.hasErrors()) {
        console.error(formatErrors(multi));
        return;
      }
      Promise.all([prerenderLogin(rootDir), bundleShellFrame(rootDir)])
        .then(([frame, shellFrame]) => {
          const modules = writeBuildOutput(multi, options, stamp, frame, shellFrame);
          console.log(`[build] rebuilt ${modules.length} modules (${new Date().toLocaleTimeString()})`);
        })
        .catch((caught: unknown) => {
          console.error(`[build] ${(caught as Error).message}`);
        });
    });
    return;
  }

  // In parallel with webpack: the prerender bundles the login source on its own (esbuild, a second or so).
  const loginFrame = prerenderLogin(rootDir);
  loginFrame.catch(() => {}); // awaited below; no unhandled rejection while webpack still runs
  const shellFrame = bundleShellFrame(rootDir);
  shellFrame.catch(() => {});
  // The server too, as plain JavaScript for `npm run serve` (build-server.ts).
  const server = bundleServer(rootDir);
  server.catch(() => {});
  const multi = await runCompiler(compiler);
  if (multi.hasErrors()) throw new BuildError('compile-failed', formatErrors(multi));
  if (multi.hasWarnings()) console.warn(formatErrors(multi));
  const modules = writeBuildOutput(multi, options, stamp, await loginFrame, await shellFrame);
  await server;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[build] ${cli.mode}: ${modules.length} System modules -> ${options.outDir} in ${seconds} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const code = error instanceof BuildError ? error.code : 'unexpected';
    console.error(`[build] failed (${code}): ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
