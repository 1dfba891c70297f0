/**
 * @web/test-runner: the custom elements of packages/widgets, and index.html's module tasks
 * (root-config/page) against the real SystemJS, in real Chromium (Debian's /usr/bin/chromium).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { bundleReactTests } from './packages/widgets/test/wtr-bundle-plugin.mjs';

const FILES = 'packages/widgets/test/**/*.test.ts';

function hasTestFiles(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true }).some((file) => String(file).endsWith('.test.ts'));
}

if (!hasTestFiles(path.resolve('packages/widgets/test'))) {
  // web-test-runner exits with an error when no file matches; an empty suite is not a failure here.
  console.log('web-test-runner: no browser test files yet (packages/widgets/test/**/*.test.ts)');
  process.exit(0);
}

export default {
  files: [FILES, 'root-config/test/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  // One file at a time: the React tests bundle React with esbuild, and two cores are all CI has.
  concurrency: 1,
  testsFinishTimeout: 300000,
  testFramework: { config: { timeout: 10000 } },
  // React ships CommonJS only: its tests are served as one esbuild bundle each (see the plugin).
  plugins: [
    bundleReactTests(),
    esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.base.json' }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS],
      },
    }),
  ],
};
