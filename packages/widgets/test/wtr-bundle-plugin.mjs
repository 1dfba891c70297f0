/**
 * A @web/test-runner plugin for the widgets' React tests (`*.react.test.ts`): it serves each such file as
 * one esbuild bundle. React 19 ships CommonJS only, which the dev server's ES-module resolution cannot
 * load; bundling gives the test one React, exactly as the toolbar chunk of atrium-widgets.js has. `.css`
 * imports become text, as webpack's `asset/source` makes them.
 */
import path from 'node:path';
import { build } from 'esbuild';

export function bundleReactTests({ rootDir = process.cwd() } = {}) {
  return {
    name: 'atrium-bundle-react-tests',
    async serve(context) {
      if (!context.path.endsWith('.react.test.ts')) return undefined;
      const result = await build({
        entryPoints: [path.join(rootDir, context.path)],
        bundle: true,
        write: false,
        format: 'esm',
        target: 'es2022',
        jsx: 'automatic',
        loader: { '.css': 'text' },
        // The development build: React's `act` exists only there.
        conditions: ['browser', 'development'],
        define: { 'process.env.NODE_ENV': '"development"', 'process.env.ATRIUM_ENV': '"production"' },
        external: ['@web/test-runner-commands'],
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}
