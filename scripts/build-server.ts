/**
 * The server, compiled for Node: packages/server/src/main.ts and the workspace packages it uses
 * (@atrium/*, TypeScript) bundled by esbuild into packages/server/dist/main.js, which `npm run serve` runs
 * with plain node. Every other package stays an import, resolved from node_modules at run time: they are the
 * server's production dependencies, so `npm prune --omit=dev` after the build leaves a server that starts
 * (no tsx, no TypeScript at run time). The file sits as deep as src/main.ts, so paths the server derives
 * from its own location (REPO_ROOT, options.ts) are the same either way.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const SERVER_ENTRY = path.join('packages', 'server', 'src', 'main.ts');
export const SERVER_OUT = path.join('packages', 'server', 'dist', 'main.js');

/**
 * Bare imports stay imports, but the workspace's own packages (TypeScript sources) are compiled in, and so
 * is a dependency installed under a workspace package's own node_modules (a version that differs from the
 * root's, such as the release check's eslint-scope): from packages/server/dist, Node would look for it in
 * the root node_modules only, and find another version or, after `npm prune --omit=dev`, none.
 */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(on) {
    const NESTED = /[\\/]packages[\\/][^\\/]+[\\/]node_modules[\\/]/;
    on.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@atrium/') || args.path.startsWith('node:')) return undefined;
      if (args.pluginData === 'resolving') return undefined;
      const resolved = await on.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      return NESTED.test(resolved.path) ? resolved : { path: args.path, external: true };
    });
  },
};

/** Writes packages/server/dist/main.js under `rootDir`; nothing for a tree without the server (fixtures). */
export async function bundleServer(rootDir: string): Promise<string | null> {
  const entry = path.join(rootDir, SERVER_ENTRY);
  if (!existsSync(entry)) return null;
  const outfile = path.join(rootDir, SERVER_OUT);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalDependencies],
    logLevel: 'error',
  });
  return outfile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  bundleServer(process.cwd()).then(
    (out) => console.log(`[build] server -> ${out}`),
    (error: unknown) => {
      console.error(`[build] server failed: ${(error as Error).message}`);
      process.exitCode = 1;
    },
  );
}
