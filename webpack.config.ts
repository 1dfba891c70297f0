/**
 * The one webpack configuration of Atrium (see docs/architecture.md, "Build output").
 *
 * Every module named in the import map is its own compilation, emitted as a `System.register` module, so that
 * each can take every *other* shared module as an external: React, single-spa and our shared singletons
 * (`@atrium/api`, `@atrium/session`, `@atrium/ui`) are built once and every page runs one copy of each.
 * The widgets bundle for legacy pages is the exception: a plain ES module that carries its own dependencies,
 * because legacy pages have no SystemJS and no import map.
 *
 * Transpiling is esbuild-loader only; type-checking is `tsc -b`, a separate step.
 *
 * `webpack-cli` can read this file (through tsx), but `scripts/build.ts` is the normal way in: it also writes
 * the import map, build.json and the page template around what webpack emits.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import type { Configuration, ExternalItemFunctionData, RuleSetRule } from 'webpack';

export type BuildMode = 'production' | 'development';

/** A module the import map names, and the source file webpack builds it from. */
export interface MapEntry {
  /** Import-map name, e.g. `@atrium/login` or `react-dom/client`. */
  name: string;
  /** Absolute path of the entry source, or a bare request for vendor modules (`single-spa`). */
  source: string;
  /** Which kind of module it is; decides its externals and its preload group. */
  kind: 'vendor' | 'shared' | 'app';
}

export interface BuildOptions {
  /** Repository root (the directory holding root-config/ and packages/). */
  rootDir: string;
  /** Where the build writes: `<outDir>/assets`, `<outDir>/widgets`. */
  outDir: string;
  mode: BuildMode;
  /** URL prefix of `<outDir>/assets` as the browser sees it; absolute so async chunks load under SystemJS. */
  publicPath: string;
  /** `ATRIUM_ENV` the bundles are built for; only 'development' keeps import-map-overrides reachable. */
  atriumEnv: BuildMode;
  /** Reports entries skipped because their source does not exist (yet). */
  warn?: (message: string) => void;
}

/** Shared third-party modules: one System module each, in the order a page needs them. */
export const VENDOR_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'single-spa',
] as const;

/** Our own shared singletons: external to every app so each page has one api client and one session. */
export const SHARED_PACKAGES = ['api', 'session', 'ui'] as const;

const SHARED_SUBPATH = new RegExp(`^@atrium/(${SHARED_PACKAGES.join('|')})/`);

/**
 * Subpaths whose exports the shared module re-exports under the same names: the framework-free entries that
 * the legacy widgets bundle import to stay small. Inside the import-map world they are the shared module
 * itself, so code written against them (the notification bar, the session's start) joins the page's one
 * store and one client instead of bundling second copies.
 */
export const SHARED_SUBSETS: Readonly<Record<string, string>> = {
  '@atrium/session/core': '@atrium/session',
  '@atrium/api/transport': '@atrium/api',
  '@atrium/api/routes': '@atrium/api',
};

/** React ships CommonJS only; these get a small ES re-export shim so the System module has `default` too. */
const CJS_VENDOR_MODULES = new Set<string>(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);

/** A file-system-safe name for an import-map name: `@atrium/area-home` -> `atrium-area-home`. */
export function fileStem(name: string): string {
  return name
    .replace(/^@/, '')
    .replace(/[^a-zA-Z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function firstExisting(candidates: readonly string[]): string | undefined {
  return candidates.find((candidate) => existsSync(candidate));
}

function sourceOf(dir: string): string | undefined {
  return firstExisting([path.join(dir, 'index.ts'), path.join(dir, 'index.tsx')]);
}

/**
 * Every System module of the import map whose source exists. Areas are found by listing
 * packages/areas/src/<name>/index.ts(x), so a new area needs no change here. Entries whose source is missing
 * are skipped with a warning: packages are written in parallel and the build must keep working meanwhile.
 */
export function listMapEntries(rootDir: string, warn: (message: string) => void = () => {}): MapEntry[] {
  const entries: MapEntry[] = VENDOR_MODULES.map((name) => ({ name, source: name, kind: 'vendor' }));
  const add = (name: string, dir: string, kind: MapEntry['kind']): void => {
    const source = sourceOf(dir);
    if (source) entries.push({ name, source, kind });
    else warn(`skipping ${name}: no ${path.relative(rootDir, dir)}/index.ts yet`);
  };
  for (const pkg of SHARED_PACKAGES)
    add(`@atrium/${pkg}`, path.join(rootDir, 'packages', pkg, 'src'), 'shared');
  add('@atrium/root-config', path.join(rootDir, 'root-config', 'src'), 'app');
  add('@atrium/login', path.join(rootDir, 'packages', 'login', 'src'), 'app');
  add('@atrium/shell', path.join(rootDir, 'packages', 'shell', 'src'), 'app');
  const areasDir = path.join(rootDir, 'packages', 'areas', 'src');
  const areas = existsSync(areasDir)
    ? readdirSync(areasDir, { withFileTypes: true })
        // `kit` is the areas' shared kit, bundled into each area, not an area of its own.
        .filter((dirent) => dirent.isDirectory() && dirent.name !== 'kit')
        .map((dirent) => dirent.name)
        .sort()
    : [];
  for (const area of areas) add(`@atrium/area-${area}`, path.join(areasDir, area), 'app');
  return entries;
}

/** Every name that is an external of every bundle except its own. */
export function sharedNames(entries: readonly MapEntry[]): Set<string> {
  return new Set(entries.filter((entry) => entry.kind !== 'app').map((entry) => entry.name));
}

/**
 * Writes the re-export shims for React's CommonJS entry points. Built from a CJS entry directly, webpack
 * would hand `module.exports` to System as the namespace: named exports, but no `default`, so
 * `System.import('react').then(m => m.default)` and default-importing code built elsewhere would break.
 * `export *` + `export { default }` gives both (webpack maps `default` of a CJS module to `module.exports`).
 */
function writeVendorShims(shimDir: string): Map<string, string> {
  mkdirSync(shimDir, { recursive: true });
  const shims = new Map<string, string>();
  for (const name of CJS_VENDOR_MODULES) {
    const file = path.join(shimDir, `${fileStem(name)}.js`);
    const request = JSON.stringify(name);
    writeFileSync(file, `export * from ${request};\nexport { default } from ${request};\n`);
    shims.set(name, file);
  }
  return shims;
}

const esbuildTarget = 'es2022';

function moduleRules(shimDir: string, production: boolean): RuleSetRule[] {
  return [
    // The root package.json says "type": "module", which would give the shims Node's strict CJS interop
    // (default only); webpack's auto mode gives named exports and default.
    { include: shimDir, type: 'javascript/auto' },
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'esbuild-loader',
      options: { loader: 'tsx', target: esbuildTarget, jsx: 'automatic' },
    },
    // Stylesheets are text, adopted as constructable stylesheets at run time (no <style> tags: strict CSP).
    // Minified in production: the text lands verbatim in the JS, so its comments and indentation would
    // otherwise ship to every page (login JS budget).
    {
      test: /\.css$/,
      type: 'asset/source',
      ...(production ? { loader: 'esbuild-loader', options: { loader: 'css', minify: true } } : {}),
    },
    { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
  ];
}

function shimDirOf(options: BuildOptions): string {
  return path.join(options.rootDir, 'node_modules', '.cache', 'atrium-vendor-shims');
}

/**
 * reduce_funcs (inlining single-use functions) breaks up code that gzip would have matched elsewhere in the
 * vendor builds: react-dom/client is 0.5 KB gzip smaller without it. Our own bundles are the other way
 * round: the widgets entry is about 50 B gzip smaller with it, and so are our System modules.
 */
function terser(reduceFuncs: boolean): TerserPlugin {
  return new TerserPlugin({
    extractComments: false,
    terserOptions: {
      ecma: 2020,
      compress: { passes: 2, reduce_funcs: reduceFuncs },
      format: { comments: false },
    },
  });
}

function commonConfig(options: BuildOptions): Configuration {
  const production = options.mode === 'production';
  return {
    mode: options.mode,
    context: options.rootDir,
    target: ['web', esbuildTarget],
    devtool: production ? false : 'source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Sources may import `./x.js` meaning `./x.ts` (the TypeScript ESM convention).
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: { rules: moduleRules(shimDirOf(options), production) },
    plugins: [
      new webpack.DefinePlugin({
        // Build-time only: production bundles then carry no path to import-map-overrides at all.
        'process.env.ATRIUM_ENV': JSON.stringify(options.atriumEnv),
      }),
    ],
    optimization: {
      minimize: production,
      // Terser rather than esbuild's minifier: with module concatenation off, unused library functions
      // (most of valibot) sit inside webpack's module wrappers, and only terser removes dead code there.
      minimizer: [terser(false)],
      // Hashed file names must not shift when an unrelated module is added.
      // Off here (the widgets bundle); every System module turns it on (systemConfig).
      concatenateModules: false,
      // Shortest names for exports between modules of one bundle (the System module's own exports keep
      // their names): fewer bytes in every module, and a bundle's hash changes only with the bundle.
      mangleExports: 'size',
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/** One System.register compilation for one import-map entry. */
function systemConfig(
  entry: MapEntry,
  externalNames: ReadonlySet<string>,
  shims: ReadonlyMap<string, string>,
  options: BuildOptions,
): Configuration {
  const production = options.mode === 'production';
  const stem = fileStem(entry.name);
  const base = commonConfig(options);
  return {
    ...base,
    name: entry.name,
    entry: { [stem]: shims.get(entry.name) ?? entry.source },
    plugins: [
      ...(base.plugins ?? []),
      ...(EAGER_COMPILE.get(entry.name) ?? []).map((group) => new CompileHintPlugin(group)),
    ],
    // Scope hoisting for our own modules, apps and shared alike: it drops a module wrapper and an export
    // table per module (login JS budget). It narrows a namespace import of an external (`import * as
    // React`) to the members the bundle itself reads, so no module hands such a namespace to a library:
    // `@atrium/lifecycles/react` hands single-spa-react React's default export (the whole module) instead.
    // The vendor shims stay without it: React's CommonJS builds come out larger hoisted (about 100 B gzip).
    optimization: {
      ...base.optimization,
      minimizer: [terser(entry.kind !== 'vendor')],
      concatenateModules: entry.kind !== 'vendor',
    },
    // The entry stays a System.register module; its async chunks are ES modules loaded with native
    // `import()`, whose runtime is about half of the script-tag (JSONP) loader's, in every module that has
    // chunks. strict-dynamic trusts them like the script elements SystemJS inserts.
    experiments: { outputModule: true },
    output: {
      path: path.join(options.outDir, 'assets'),
      // Chunks are imported relative to their entry's own URL ("./" + name), not from a fixed path: a
      // release's files may live elsewhere than /assets/ (ATRIUM_ASSETS=s3, a CDN), and native import()
      // resolves against the importing script. The import map still names entries under options.publicPath.
      publicPath: '',
      filename: production ? '[name].[contenthash:16].js' : '[name].js',
      chunkFilename: production ? `${stem}.[id].[contenthash:16].js` : `${stem}.[id].js`,
      assetModuleFilename: production ? '[name].[contenthash:16][ext]' : '[name][ext]',
      library: { type: 'system' },
      chunkFormat: 'module',
      chunkLoading: 'import',
      // Each compilation has its own chunk-loading global, so async chunks of two apps never collide.
      uniqueName: `atrium_${stem.replace(/-/g, '_')}`,
      clean: false,
    },
    externalsType: 'system',
    externals: [
      ({ request }: ExternalItemFunctionData, callback: (error?: Error, result?: string) => void) => {
        const subset = request === undefined ? undefined : SHARED_SUBSETS[request];
        if (request && request !== entry.name && externalNames.has(request)) callback(undefined, request);
        else if (subset !== undefined && subset !== entry.name && externalNames.has(subset))
          callback(undefined, subset);
        // A subpath of a shared singleton (`@atrium/api/schemas`) is not in the import map: bundling it
        // would give this module a second copy of what the page shares. Legacy widgets may; System modules not.
        else if (request && SHARED_SUBPATH.test(request) && !request.startsWith(`${entry.name}/`))
          callback(new Error(`${entry.name} imports ${request}: import from the shared module itself`));
        else callback();
      },
    ],
  };
}

/**
 * System modules whose functions run on the first screen, compiled eagerly (see CompileHintPlugin): each
 * entry names the chunk groups hinted, the module's own (its file stem) and any async chunk of it.
 * - react-dom/client: its CommonJS factory is one function around all of React DOM, which V8 otherwise
 *   compiled on the main thread when the module body ran, in one task of well over 100 ms at 4x CPU while
 *   the login page was already taking keystrokes.
 * - The shell, home's area, the session and the root config's boot chunk: the login page loads and runs
 *   them while the password is typed, but their functions first run after Sign In, when the shell and home
 *   render; lazily compiled there, V8 spent about a third of the main thread's time between the click and
 *   home on screen compiling them (traced at 4x CPU). Hinted, that compile
 *   happens on a background thread as the files stream in, during the password. The login page's own
 *   modules are not hinted: each hint is about 30 B of gzip on that page, which has none to spare.
 */
const EAGER_COMPILE: ReadonlyMap<string, readonly string[]> = new Map([
  ['react-dom/client', ['react-dom-client']],
  ['@atrium/shell', ['atrium-shell']],
  ['@atrium/area-home', ['atrium-area-home']],
  ['@atrium/session', ['atrium-session']],
  ['@atrium/root-config', ['boot']],
]);

/** The chunk group legacy pages import on the toolbar's first Ctrl+Shift+A (atrium-widgets.ts). */
export const WIDGETS_TOOLBAR_CHUNK = 'atrium-dev-toolbar';
/** V8's explicit compile hint (Chromium 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks every file of one chunk group (an entry's or a named async chunk's) with V8's compile hint; a group
 * the compilation does not have is a build error, so a renamed chunk cannot drop its hint unseen. The
 * toolbar's chunks (React DOM and the toolbar) are loaded because the user asked for the toolbar, and nearly
 * all of their code runs to draw it: lazily, V8 compiled each function on the main thread the first time it
 * ran, about half the main thread's time between Ctrl+Shift+A and the toolbar on screen. Hinted, V8
 * compiles them on a background thread while the file streams in. Other browsers ignore the comment. After
 * minification (terser drops comments) and before the real content hash, so the file names still match the
 * bytes.
 */
class CompileHintPlugin {
  constructor(private readonly chunkGroup: string) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          const group = compilation.namedChunkGroups.get(this.chunkGroup);
          if (!group) {
            compilation.errors.push(
              new webpack.WebpackError(`CompileHintPlugin: no chunk group named ${this.chunkGroup}`),
            );
            return;
          }
          for (const chunk of group.chunks) {
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(
                file,
                (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source),
              );
            }
          }
        },
      );
    });
  }
}

/**
 * The legacy-page widgets: a plain ES module (no SystemJS there) at a fixed name, so integrators can keep
 * one script tag; the toolbar and React are a dynamic import, in hashed chunks beside it, so a page that only
 * shows the notification bar never downloads React.
 */
function widgetsConfig(source: string, options: BuildOptions): Configuration {
  const production = options.mode === 'production';
  const base = commonConfig(options);
  return {
    ...base,
    name: 'widgets',
    entry: { 'atrium-widgets': source },
    plugins: [...(base.plugins ?? []), new CompileHintPlugin(WIDGETS_TOOLBAR_CHUNK)],
    module: {
      ...base.module,
      rules: [
        ...(base.module?.rules ?? []),
        // Atrium's origin rides in the fragment of the entry's URL, which only the browser knows: webpack
        // would otherwise write the source file's own `file:` URL in place of `import.meta.url`.
        { test: /[\\/]legacy[\\/]api-origin\.ts$/, parser: { importMeta: false } },
      ],
    },
    // Scope hoisting: no module wrapper and no export table per module, which is most of what the page's
    // session (store, transport, start) would otherwise add to the entry's 15 KB budget. The namespace bug
    // of commonConfig concerns externals, and this bundle has none (React is bundled in the toolbar chunk).
    optimization: { ...base.optimization, minimizer: [terser(true)], concatenateModules: true },
    experiments: { outputModule: true },
    output: {
      path: path.join(options.outDir, 'widgets'),
      // Chunks are found relative to the entry's own URL (import.meta.url), wherever a legacy page loads it.
      publicPath: 'auto',
      filename: 'atrium-widgets.js',
      // The entry writes every chunk's file name (async chunks of the toolbar included), in the student's
      // 15 KB: the id and 8 hex digits of content hash, no chunk name (about 60 B gzip less than the name and
      // 16 digits). The chunks are immutable files found only through the entry, so nothing else reads them.
      chunkFilename: production ? '[id].[contenthash:8].js' : '[name].js',
      assetModuleFilename: production ? '[name].[contenthash:16][ext]' : '[name][ext]',
      module: true,
      library: { type: 'module' },
      chunkFormat: 'module',
      chunkLoading: 'import',
      uniqueName: 'atrium_widgets',
      clean: false,
    },
  };
}

/** Every compilation of the build. */
export function createConfigs(options: BuildOptions): Configuration[] {
  const warn = options.warn ?? (() => {});
  const entries = listMapEntries(options.rootDir, warn);
  const externalNames = sharedNames(entries);
  const shims = writeVendorShims(shimDirOf(options));
  const configs = entries.map((entry) => systemConfig(entry, externalNames, shims, options));
  const widgets = firstExisting([
    path.join(options.rootDir, 'packages', 'widgets', 'src', 'atrium-widgets.ts'),
    path.join(options.rootDir, 'packages', 'widgets', 'src', 'atrium-widgets.tsx'),
  ]);
  if (widgets) configs.push(widgetsConfig(widgets, options));
  else warn('skipping the widgets bundle: no packages/widgets/src/atrium-widgets.ts yet');
  return configs;
}

/** Options from the environment, shared by webpack-cli and scripts/build.ts. */
export function optionsFromEnv(mode: BuildMode, env: NodeJS.ProcessEnv = process.env): BuildOptions {
  const rootDir = path.dirname(fileURLToPath(import.meta.url));
  const publicPath = env.ATRIUM_PUBLIC_PATH ?? '/assets/';
  return {
    rootDir,
    outDir: path.join(rootDir, 'dist'),
    mode,
    publicPath: publicPath.endsWith('/') ? publicPath : `${publicPath}/`,
    atriumEnv: env.ATRIUM_ENV === 'development' ? 'development' : 'production',
    warn: (message) => console.warn(`[build] warning: ${message}`),
  };
}

/** `webpack --config webpack.config.ts [--mode development]` (webpack-cli); see scripts/build.ts. */
export default function webpackCli(_env: unknown, argv: { mode?: string }): Configuration[] {
  return createConfigs(optionsFromEnv(argv.mode === 'development' ? 'development' : 'production'));
}
