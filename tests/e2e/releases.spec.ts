/**
 * Releasing one micro-frontend on its own (docs/releases.md), end to end: the exams area is rebuilt alone
 * from a copy of the sources with a visible change, published through the HTTP API with the deploy token
 * while the server runs, seen on the next page load and as "Update available" in a tab already open, rolled
 * back with the CLI, then offered as a canary that only root gets, and rolled back by root from the
 * developer toolbar's Releases panel. Bad uploads are refused and change nothing. Needs the full build in dist/ (the first release is made from it).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { uploadBody } from '../../scripts/release-remote';
import { CHANGED_EXAMS_HEADING, changedExamsBuild } from '../real/index.js';
import { startServer, type RunningServer } from './fixtures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const TOKEN = 'e2e-deploy-token-0123456789abcdef0123';
const CHANGED_HEADING = CHANGED_EXAMS_HEADING;
const run = promisify(execFile);

let server: RunningServer;
let work: string;
let releasesDir: string;
let buildDir: string;

test.describe.configure({ mode: 'serial' });

async function release(...args: string[]): Promise<string> {
  const { stdout } = await run(TSX, ['scripts/release.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ATRIUM_RELEASES_DIR: releasesDir, ATRIUM_RELEASE_AUTHOR: 'e2e' },
  });
  return stdout;
}

async function signIn(page: Page, username: string): Promise<void> {
  const response = await page.request.post(`${server.url}/common/login/login_actions.php`, {
    data: { action: 'login', username, password: 'atrium-demo' },
  });
  expect(response.ok()).toBe(true);
}

async function liveRelease(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${server.url}/lapi/releases`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await response.json()) as { data: { live: { id: string } } }).data.live.id;
}

const legacyHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = await mkdtemp(path.join(os.tmpdir(), 'atrium-e2e-releases-'));
  releasesDir = path.join(work, 'releases');
  // The first release is the full build the suite tests; then exams, rebuilt alone with the change.
  expect(await release('init')).toContain('r000001 live');
  buildDir = await changedExamsBuild();
  server = await startServer({ env: { ATRIUM_RELEASES_DIR: releasesDir, ATRIUM_DEPLOY_TOKEN: TOKEN } });
});

test.afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

test('bad uploads are refused with their reason and the live release stays', async ({ request }) => {
  const good = await uploadBody(buildDir);
  const entry = Object.keys(good.files)[0]!;
  const bytes = Buffer.from(good.files[entry]!, 'base64');
  type Manifest = {
    module: {
      integrity: string;
      builtAgainst: Record<string, string>;
      files: { integrity: string; bytes: number }[];
    };
  };
  const manifest = good.manifest as Manifest;
  // The same module with its `mount` export renamed, hashed and listed correctly: only the lifecycle is wrong.
  // The export is written `mount:()=>…` by a scope-hoisted build and `"mount",` by webpack's module wrapper.
  const withoutMount = Buffer.from(
    bytes
      .toString('utf8')
      .replace(/\bmount:\(\)=>|"mount",/, (found) => (found === '"mount",' ? '"mounted",' : 'mounted:()=>')),
  );
  expect(withoutMount.equals(bytes)).toBe(false);
  const sri = `sha384-${createHash('sha384').update(withoutMount).digest('base64')}`;
  const lifecycleless = {
    manifest: {
      ...manifest,
      module: {
        ...manifest.module,
        integrity: sri,
        files: [{ ...manifest.module.files[0]!, integrity: sri, bytes: withoutMount.length }],
      },
    },
    files: { [entry]: withoutMount.toString('base64') },
  };
  const otherReact = {
    ...good,
    manifest: {
      ...manifest,
      module: { ...manifest.module, builtAgainst: { ...manifest.module.builtAgainst, react: '19.2.0' } },
    },
  };
  const withToken = { authorization: `Bearer ${TOKEN}` };
  const cases: [string, unknown, Record<string, string>, number, string][] = [
    ['missing token', good, {}, 401, 'send the deploy token'],
    [
      'module without lifecycles',
      lifecycleless,
      withToken,
      422,
      'does not export the single-spa lifecycle mount',
    ],
    ['built against another React', otherReact, withToken, 422, 'was built against react 19.2.0'],
    [
      'wrong token',
      good,
      { authorization: 'Bearer wrong-token-wrong-token-wrong-token' },
      401,
      'The deploy token is not valid.',
    ],
    [
      'truncated file',
      {
        ...good,
        files: { ...good.files, [entry]: bytes.subarray(0, bytes.length - 100).toString('base64') },
      },
      { authorization: `Bearer ${TOKEN}` },
      422,
      'is truncated',
    ],
    [
      'wrong hash',
      {
        ...good,
        files: {
          ...good.files,
          [entry]: Buffer.from(bytes.toString('utf8').replace('release two', 'release 2!!')).toString(
            'base64',
          ),
        },
      },
      { authorization: `Bearer ${TOKEN}` },
      422,
      'does not match its SRI hash',
    ],
  ];
  for (const [what, data, headers, status, message] of cases) {
    const response = await request.post(`${server.url}/lapi/releases/publish`, { data, headers });
    expect(response.status(), what).toBe(status);
    expect(await response.text(), what).toContain(message);
  }
  expect(await liveRelease(request)).toBe('r000001');
});

test('one area published while the server runs: new version on reload, Update available in an open tab, rollback', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, 'root');
  await page.goto(`${server.url}/examn`);
  await expect(legacyHeading(page, 'Legacy screens')).toBeVisible();

  // As CI does: the CLI against the running server's API, with the deploy token.
  const { stdout } = await run(TSX, ['scripts/release.ts', 'publish', buildDir, '--server', server.url], {
    cwd: ROOT,
    env: { ...process.env, ATRIUM_DEPLOY_TOKEN: TOKEN, ATRIUM_RELEASES_DIR: path.join(work, 'not-used') },
  });
  expect(stdout).toContain('r000002 live: @atrium/area-exams');
  expect(await liveRelease(request)).toBe('r000002');

  const fresh = await context.newPage();
  await fresh.goto(`${server.url}/examn`);
  await expect(legacyHeading(fresh, CHANGED_HEADING)).toBeVisible();

  // The tab opened before the publish learns of it the way it learns of any deploy: the update check that
  // runs when a tab becomes visible again.
  await expect(page.getByRole('button', { name: 'Update available' })).toHaveCount(0);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByRole('button', { name: 'Update available' })).toBeVisible();

  expect(await release('rollback', 'area-exams')).toContain('r000003 live');
  await fresh.reload();
  await expect(legacyHeading(fresh, 'Legacy screens')).toBeVisible();
  await expect(legacyHeading(fresh, CHANGED_HEADING)).toHaveCount(0);
});

test('a canary for root is shown to root only', async ({ page, browser }) => {
  const version = path.basename(buildDir);
  expect(await release('canary', 'area-exams', version, '--roles', 'root')).toContain(
    'canary @atrium/area-exams',
  );
  await signIn(page, 'root');
  await page.goto(`${server.url}/examn`);
  await expect(legacyHeading(page, CHANGED_HEADING)).toBeVisible();

  const other = await browser.newContext();
  const hq = await other.newPage();
  await signIn(hq, 'hq');
  await hq.goto(`${server.url}/examn`);
  await expect(legacyHeading(hq, 'Legacy screens')).toBeVisible();
  await other.close();

  expect(await release('abort', 'area-exams')).toContain('ended');
  await page.reload();
  await expect(legacyHeading(page, 'Legacy screens')).toBeVisible();
});

test('root rolls one app back from the Releases panel, after confirming', async ({ page }) => {
  await signIn(page, 'root');
  await page.goto(`${server.url}/examn`);
  await expect(legacyHeading(page, 'Legacy screens')).toBeVisible();
  const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
  await expect(async () => {
    if (!(await toolbar.isVisible())) await page.keyboard.press('Control+Shift+A');
    await expect(toolbar).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await toolbar.getByText('Releases', { exact: true }).first().click();
  const table = toolbar.getByRole('table', { name: /^Live release r\d+$/ });
  await expect(table.getByRole('row', { name: /@atrium\/area-exams/ })).toBeVisible();
  await expect(
    toolbar.getByRole('listitem').filter({ hasText: 'canary @atrium/area-exams' }).first(),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('.atrium-devtb').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await toolbar.getByRole('button', { name: 'Roll back @atrium/area-exams' }).click();
  const confirm = toolbar.getByRole('alertdialog', { name: 'Roll back @atrium/area-exams' });
  await expect(confirm).toContainText('Roll back @atrium/area-exams to its previous version for everyone?');
  await Promise.all([
    page.waitForEvent('load'),
    confirm.getByRole('button', { name: 'Confirm rollback' }).click(),
  ]);
  // The version before the live one is the published change: the rollback brings it back, by root.
  await expect(legacyHeading(page, CHANGED_HEADING)).toBeVisible();
  expect(await release('history', 'area-exams')).toMatch(
    /^r\d+ +\S+ +root +(-|[0-9a-f]{12}) +@atrium\/area-exams /m,
  );
});

test('legacy pages load the widgets bundle of the release, with its integrity', async ({ page, request }) => {
  test.setTimeout(240_000);
  const out = path.join(work, 'widgets-build');
  // From the checkout itself: the bundle carries its own copy of the session packages, which a copy of the
  // sources beside the real node_modules would split in two.
  await run(TSX, ['scripts/build.ts', '--app', 'widgets', '--out', out], {
    cwd: ROOT,
    env: { ...process.env, ATRIUM_RELEASES_DIR: releasesDir },
  });
  const [version] = await readdir(path.join(out, 'atrium-widgets'));
  const dir = path.join(out, 'atrium-widgets', version!);
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
    module: { url: string; integrity: string };
  };
  expect(await release('publish', dir)).toContain('@atrium/widgets (new) -> ');

  await signIn(page, 'root');
  await page.goto(`${server.url}/legacy/`);
  const script = page.locator('script[type="module"][integrity]');
  // Atrium's origin rides in the fragment (the loader states it: widgets/legacy/api-origin.ts).
  await expect(script).toHaveAttribute('src', `${manifest.module.url}#origin=${new URL(server.url).origin}`);
  await expect(script).toHaveAttribute('integrity', manifest.module.integrity);
  await expect(page.locator('atrium-notification-bar').getByRole('status')).toContainText(
    'Scheduled maintenance on Sunday',
  );
  // The toolbar is a chunk of the bundle, found relative to the release's entry.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  await page.keyboard.press('Control+Shift+A');
  await expect(page.getByRole('region', { name: 'Developer toolbar' }), errors.join('\n')).toBeVisible();

  // Integrators' fixed tag follows the release too.
  const fixed = await request.get(`${server.url}/widgets/atrium-widgets.js`, { maxRedirects: 0 });
  expect(fixed.status()).toBe(302);
  expect(fixed.headers()['location']).toBe(manifest.module.url);
});
