/**
 * `npm run build`: runs every webpack compilation (webpack.config.ts), then writes what the server needs
 * around the bundles (see docs/architecture.md, "Build output"):
 *
 *   dist/importmap.json  imports + SystemJS `integrity` (sha384) + `depcache` for every System module
 *   dist/preloads.json   per page ('login' | 'shell'), the modules to <link rel="preload"> with integrity
 *   dist/build.json      { stamp, app_title, start_page }
 *   dist/index.html      root-config/index.html with the build-time placeholders filled (base.css inlined)
 *   dist/login-frame.json the login page's first screen as HTML + its CSS (scripts/prerender-login.ts)
 *   dist/static/         packages/server/public
 *   dist/assets/systemjs-s.min.<hash>.js  the SystemJS loader, content-hashed
 *
 * Flags: --mode development|production (default production), --watch (rebuild and rewrite on change),
 * --root DIR and --out DIR (build another tree, e.g. a throwaway fixture).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import type { MultiStats, Stats } from 'webpack';
import { createConfigs, fileStem, optionsFromEnv } from '../webpack.config';
import { precompressDir } from './precompress';
import { writeWidgetsManifest } from './widgets-manifest';
import { prerenderLogin } from './prerender-login';
import type { LoginFrame } from './prerender-login';
import type { BuildMode, BuildOptions } from '../webpack.config';

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

export interface ImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
  depcache: Record<string, string[]>;
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

export function createImportMap(modules: readonly BuiltModule[]): ImportMap {
  const map: ImportMap = { imports: {}, integrity: {}, depcache: {} };
  for (const mod of modules) {
    map.imports[mod.name] = mod.url;
    map.integrity[mod.url] = mod.integrity;
    // depcache lets SystemJS fetch a module's dependencies in parallel with the module itself.
    if (mod.deps.length > 0) map.depcache[mod.url] = mod.deps;
  }
  return map;
}

/**
 * What a page loads, in load order (each module after the ones it imports): root-config and the page's app,
 * with every dependency either imports, transitively. Names missing from the build are left out.
 */
export function pageModules(modules: readonly BuiltModule[], roots: readonly string[]): BuiltModule[] {
  const byName = new Map(modules.map((mod) => [mod.name, mod]));
  const ordered: BuiltModule[] = [];
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

export function createPreloads(
  modules: readonly BuiltModule[],
  origin?: string,
): Record<PageKind, Preload[]> {
  const toPreload = (mod: BuiltModule): Preload => {
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

/** Fills the placeholders known at build time; the server fills the per-response ones ({{NONCE}}, ...). */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

function collectModules(multi: MultiStats, publicPath: string, assetsDir: string): BuiltModule[] {
  const modules: BuiltModule[] = [];
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
    modules.push({
      name,
      file,
      url: `${publicPath}${file}`,
      integrity: sri(source),
      deps: systemDeps(source.toString('utf8')),
      chunks,
    });
  }
  return modules;
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
): BuiltModule[] {
  const modules = collectModules(multi, options.publicPath, path.join(options.outDir, 'assets'));
  writeJson(path.join(options.outDir, 'importmap.json'), createImportMap(modules));
  writeJson(path.join(options.outDir, 'preloads.json'), createPreloads(modules));
  writeJson(path.join(options.outDir, 'build.json'), { stamp, app_title: 'Atrium', start_page: 'start' });
  const { systemjsSrc, systemjsIntegrity } = writeStatic(options);
  const templateFile = path.join(options.rootDir, 'root-config', 'index.html');
  if (!existsSync(templateFile))
    throw new BuildError('missing-template', `no page template at ${templateFile}`);
  const baseCss = readFileSync(path.join(options.outDir, 'static', 'base.css'), 'utf8');
  const html = renderTemplate(readFileSync(templateFile, 'utf8'), {
    BUILD_STAMP: stamp,
    SYSTEMJS_SRC: systemjsSrc,
    SYSTEMJS_INTEGRITY: systemjsIntegrity,
    BASE_CSS: baseCss.trim(),
  });
  writeJson(path.join(options.outDir, 'login-frame.json'), loginFrame);
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

function formatErrors(multi: MultiStats): string {
  return multi.toString({ preset: 'errors-warnings', colors: false });
}

interface CliOptions {
  mode: BuildMode;
  watch: boolean;
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
    },
  });
  if (values.mode !== 'production' && values.mode !== 'development') {
    throw new BuildError('bad-arguments', `--mode must be production or development, not ${values.mode}`);
  }
  return {
    mode: values.mode,
    watch: values.watch,
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
      prerenderLogin(rootDir)
        .then((frame) => {
          const modules = writeBuildOutput(multi, options, stamp, frame);
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
  const multi = await new Promise<MultiStats>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (!result) reject(new BuildError('compile-failed', 'webpack returned no stats'));
      else resolve(result);
    });
  });
  if (multi.hasErrors()) throw new BuildError('compile-failed', formatErrors(multi));
  if (multi.hasWarnings()) console.warn(formatErrors(multi));
  const modules = writeBuildOutput(multi, options, stamp, await loginFrame);
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
