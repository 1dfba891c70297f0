/**
 * Releasing one micro-frontend on its own (docs/releases.md), end to end: the exams area is rebuilt alone
 * from a copy of the sources with a visible change, published through the HTTP API with the deploy token
 * while the server runs, seen on the next page load and as "Update available" in a tab already open, rolled
 * back with the CLI, then offered as a canary that only root gets. Bad uploads are refused and change
 * nothing. Needs the full build in dist/ (the first release is made from it).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { startServer, type RunningServer } from './fixtures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const TOKEN = 'e2e-deploy-token-0123456789abcdef0123';
const CHANGED_HEADING = 'Legacy screens, release two';
const run = promisify(execFile);

let server: RunningServer;
let work: string;
let releasesDir: string;
let buildDir: string;

test.describe.configure({ mode: 'serial' });

/** The sources one area build reads, copied so the change never touches the checkout. */
async function copySources(target: string): Promise<void> {
  for (const pkg of ['api', 'session', 'ui', 'areas']) {
    await cp(path.join(ROOT, 'packages', pkg, 'src'), path.join(target, 'packages', pkg, 'src'), {
      recursive: true,
    });
    await cp(
      path.join(ROOT, 'packages', pkg, 'package.json'),
      path.join(target, 'packages', pkg, 'package.json'),
    );
  }
  await cp(path.join(ROOT, 'package.json'), path.join(target, 'package.json'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(target, 'node_modules'), 'dir');
  const landing = path.join(target, 'packages', 'areas', 'src', 'kit', 'AppLanding.tsx');
  const source = await readFile(landing, 'utf8');
  expect(source).toContain('title="Legacy screens"');
  await writeFile(landing, source.replace('title="Legacy screens"', `title="${CHANGED_HEADING}"`));
}

async function release(...args: string[]): Promise<string> {
  const { stdout } = await run(TSX, ['scripts/release.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ATRIUM_RELEASES_DIR: releasesDir, ATRIUM_RELEASE_AUTHOR: 'e2e' },
  });
  return stdout;
}

/** The HTTP API body of a build directory, as CI would send it. */
async function uploadBody(dir: string): Promise<{ manifest: unknown; files: Record<string, string> }> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
    module: { files: { file: string }[] };
  };
  const files: Record<string, string> = {};
  for (const { file } of manifest.module.files)
    files[file] = (await readFile(path.join(dir, 'assets', file))).toString('base64');
  return { manifest, files };
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
  await mkdir(path.join(work, 'src'));
  await copySources(path.join(work, 'src'));
  // The first release is the full build the suite tests; then exams is rebuilt alone with the change.
  expect(await release('init')).toContain('r000001 live');
  await run(
    TSX,
    [
      'scripts/build.ts',
      '--app',
      'area-exams',
      '--root',
      path.join(work, 'src'),
      '--out',
      path.join(work, 'apps'),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ATRIUM_RELEASES_DIR: releasesDir },
    },
  );
  const versions = await readdir(path.join(work, 'apps', 'atrium-area-exams'));
  expect(versions).toHaveLength(1);
  buildDir = path.join(work, 'apps', 'atrium-area-exams', versions[0]!);
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
  const cases: [string, unknown, Record<string, string>, number, string][] = [
    ['missing token', good, {}, 401, 'send the deploy token'],
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

  const published = await request.post(`${server.url}/lapi/releases/publish`, {
    data: await uploadBody(buildDir),
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(published.status()).toBe(200);
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
