/**
 * End-to-end tests: tests/e2e against the built app (`npm run build` first) and the real reference server,
 * in Debian's Chromium (no browser downloads here).
 */
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

// 8181 by default; ATRIUM_E2E_PORT lets two checkouts (or engineers) run e2e side by side.
const PORT = Number(process.env.ATRIUM_E2E_PORT ?? 8181);
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  // Generous: two workers share two cores with the server and Chromium, and axe runs are CPU-bound.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: ci ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    // A trace of the retry only (CI retries once): recording one for every test, to keep those that fail,
    // cost about a third of the suite's time on two cores (security.spec alone: 3.2 -> 2.1 min).
    // `npx playwright test --trace on` records them all.
    trace: 'on-first-retry',
  },
  webServer: {
    command: 'node_modules/.bin/tsx packages/server/src/main.ts',
    url: `http://127.0.0.1:${PORT}/static/base.css`,
    // The suite signs in far more than ten times a minute from one address: lift the per-address limit
    // (its own vitest proves the limit works).
    env: {
      PORT: String(PORT),
      ATRIUM_ENV: 'production',
      ATRIUM_LOGIN_RATE_LIMIT: '1000',
      // Tests in parallel sign the same demo accounts in many times: no test's session may end because
      // another signed in (session-limits.test.ts proves the cap).
      ATRIUM_SESSIONS_PER_ACCOUNT: '1000',
      ATRIUM_SSO_START_RATE_LIMIT: '1000',
      // A build in another directory (`scripts/build.ts --out DIR`) can be tested without touching dist/.
      ...(process.env.ATRIUM_DIST_DIR ? { ATRIUM_DIST_DIR: process.env.ATRIUM_DIST_DIR } : {}),
      // No release store unless a run names one: the suite tests the build in dist/ (docs/releases.md).
      ATRIUM_RELEASES_DIR: process.env.ATRIUM_RELEASES_DIR ?? `${os.tmpdir()}/atrium-e2e-no-releases-${PORT}`,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
