/**
 * Builds the yardsticks, each ONE production bundle with the same transpiler and minifier as the real build:
 *
 * - `component` (bench/yardstick/entry.tsx): Atrium's login component and React, so the only difference
 *   measured is the micro-frontend machinery (SystemJS, import map, single-spa, module split);
 * - `minimal` (bench/minimal/entry.tsx): a bare React 19 form (a labelled username input and a
 *   Next button), the floor any React page starts from.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EsbuildPlugin } from 'esbuild-loader';
import webpack from 'webpack';
import type { Configuration, Stats } from 'webpack';
import { precompressDir } from '../../scripts/precompress';

export type YardstickKind = 'component' | 'minimal';

export interface YardstickBuild {
  dir: string;
  bundle: string;
}

/** Where each yardstick's entry and page template live (bench/<folder>/entry.tsx, index.html). */
const SOURCE_FOLDER: Record<YardstickKind, string> = { component: 'yardstick', minimal: 'minimal' };

function config(rootDir: string, outDir: string, kind: YardstickKind): Configuration {
  const benchDir = path.join(rootDir, 'bench', SOURCE_FOLDER[kind]);
  return {
    mode: 'production',
    context: rootDir,
    target: ['web', 'es2022'],
    devtool: false,
    entry: { yardstick: path.join(benchDir, 'entry.tsx') },
    output: { path: outDir, filename: '[name].[contenthash:16].js', clean: true },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { 'single-spa$': path.join(rootDir, 'bench', 'yardstick', 'single-spa-shim.ts') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'es2022', jsx: 'automatic' },
        },
        // As in webpack.config.ts: stylesheets are text the components adopt at run time.
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ 'process.env.ATRIUM_ENV': JSON.stringify('production') }),
      // One bundle means one: a lazy import in the component tree must not become a second request.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: {
      minimize: true,
      minimizer: [new EsbuildPlugin({ target: 'es2022', legalComments: 'none', css: false })],
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

export async function buildYardstick(
  rootDir: string,
  outDir: string,
  kind: YardstickKind = 'component',
): Promise<YardstickBuild> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const stats = await new Promise<Stats>((resolve, reject) => {
    const compiler = webpack(config(rootDir, outDir, kind));
    compiler.run((error, result) => {
      compiler.close(() => {});
      if (error) reject(error);
      else if (!result) reject(new Error('webpack returned no stats for the yardstick'));
      else resolve(result);
    });
  });
  if (stats.hasErrors()) throw new Error(`yardstick build failed:\n${stats.toString('errors-only')}`);
  const bundle = [...(stats.compilation.entrypoints.get('yardstick')?.getEntrypointChunk().files ?? [])].find(
    (file) => file.endsWith('.js'),
  );
  if (!bundle) throw new Error('the yardstick build emitted no JavaScript');
  const template = readFileSync(path.join(rootDir, 'bench', SOURCE_FOLDER[kind], 'index.html'), 'utf8');
  writeFileSync(path.join(outDir, 'index.html'), template.replace('{{BUNDLE}}', bundle));
  // Served with the same build-time encodings as Atrium's assets.
  precompressDir(outDir);
  return { dir: outDir, bundle };
}
