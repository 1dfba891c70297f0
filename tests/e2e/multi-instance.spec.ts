/**
 * Several front doors (docs/deploy.md, "Several instances"), in a browser, with the real servers: redis-server and
 * two Atrium instances on two ports sharing it (and one releases directory for the files, as a shared
 * volume would be). A browser keeps one cookie per host whatever the port, so it moves between the two
 * instances the way a load balancer would move it. Checked: a sign-in through A works through B; a sign-out
 * on B ends it on A; the login limit counts across both; a publish through A is on B's next page load and a
 * rollback through B on A's; with Redis stopped mid-run, a page already loaded keeps working, new page loads
 * get the last known release, sign-in fails at once with a clear message; all recovers when Redis is back,
 * with no release lost. Needs the full build in dist/ (the first release is made from it).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { Redis } from 'ioredis';
import { startAtrium, startRedis, type RunningRedis } from '../real/index.js';
import { openLogin, signIn as signInThroughForm } from './login-helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const TOKEN = 'e2e-deploy-token-multi-instance-0123456789';
const CHANGED_HEADING = 'Legacy screens, from instance A';
const LOGIN_LIMIT = 6;
const SIGN_IN_UNAVAILABLE =
  'Sign-in is unavailable right now: the session store cannot be reached. Try again in a minute.';
const run = promisify(execFile);

type Instance = Awaited<ReturnType<typeof startAtrium>>;
let redis: RunningRedis;
let a: Instance;
let b: Instance;
let work: string;
let releasesDir: string;
let buildDir: string;

test.describe.configure({ mode: 'serial' });

/** The exams area rebuilt alone from a copy of the sources, its landing heading changed. */
async function buildChangedExams(): Promise<string> {
  const src = path.join(work, 'src');
  for (const pkg of ['api', 'session', 'ui', 'areas']) {
    await cp(path.join(ROOT, 'packages', pkg, 'src'), path.join(src, 'packages', pkg, 'src'), {
      recursive: true,
    });
    await cp(
      path.join(ROOT, 'packages', pkg, 'package.json'),
      path.join(src, 'packages', pkg, 'package.json'),
    );
  }
  await cp(path.join(ROOT, 'package.json'), path.join(src, 'package.json'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(src, 'node_modules'), 'dir');
  const landing = path.join(src, 'packages', 'areas', 'src', 'kit', 'AppLanding.tsx');
  const source = await readFile(landing, 'utf8');
  await writeFile(landing, source.replace('title="Legacy screens"', `title="${CHANGED_HEADING}"`));
  await run(
    TSX,
    ['scripts/build.ts', '--app', 'area-exams', '--root', src, '--out', path.join(work, 'apps')],
    {
      cwd: ROOT,
      env: sharedEnv(),
    },
  );
  const versions = await readdir(path.join(work, 'apps', 'atrium-area-exams'));
  return path.join(work, 'apps', 'atrium-area-exams', versions[0]!);
}

function sharedEnv(): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    ATRIUM_REDIS_URL: redis.url,
    ATRIUM_RELEASES_DIR: releasesDir,
    ATRIUM_RELEASE_AUTHOR: 'e2e',
  };
}

async function uploadBody(dir: string): Promise<{ manifest: unknown; files: Record<string, string> }> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
    module: { files: { file: string }[] };
  };
  const files: Record<string, string> = {};
  for (const { file } of manifest.module.files)
    files[file] = (await readFile(path.join(dir, 'assets', file))).toString('base64');
  return { manifest, files };
}

const deploy = { authorization: `Bearer ${TOKEN}` };

async function liveRelease(request: APIRequestContext, server: Instance): Promise<string> {
  const response = await request.get(`${server.origin}/lapi/releases`, { headers: deploy });
  return ((await response.json()) as { data: { live: { id: string } } }).data.live.id;
}

function login(request: APIRequestContext, server: Instance, password = 'atrium-demo') {
  return request.post(`${server.origin}/common/login/login_actions.php`, {
    data: { action: 'login', username: 'root', password },
  });
}

/** Forgets the login counts: every attempt of this suite comes from 127.0.0.1. */
async function resetLoginLimit(): Promise<void> {
  const client = new Redis(redis.url);
  try {
    const keys = await client.keys('atrium-rate-limit:*');
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = await mkdtemp(path.join(os.tmpdir(), 'atrium-e2e-multi-'));
  releasesDir = path.join(work, 'releases');
  await mkdir(releasesDir);
  redis = await startRedis();
  // The first release, from the full build, straight into Redis with the release CLI.
  const { stdout } = await run(TSX, ['scripts/release.ts', 'init'], { cwd: ROOT, env: sharedEnv() });
  expect(stdout).toContain('r000001 live');
  buildDir = await buildChangedExams();
  const env = {
    ATRIUM_REDIS_URL: redis.url,
    ATRIUM_RELEASES_DIR: releasesDir,
    ATRIUM_DEPLOY_TOKEN: TOKEN,
    ATRIUM_LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
  };
  a = await startAtrium({ env });
  b = await startAtrium({ env });
});

test.afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await redis?.stop();
  await rm(work, { recursive: true, force: true });
});

test('a sign-in through A works through B, and a sign-out on B ends it on A', async ({ page }) => {
  await resetLoginLimit();
  expect((await login(page.request, a)).ok()).toBe(true);
  await page.goto(`${b.origin}/examn`);
  await expect(heading(page, 'Legacy screens')).toBeVisible();

  const out = await page.request.post(`${b.origin}/common/login/logout.php`, {
    headers: { origin: b.origin },
  });
  expect(out.ok()).toBe(true);
  await page.goto(`${a.origin}/examn`);
  await expect(page).toHaveURL(/\/common\/login/);
});

test('the login limit counts attempts through both instances together', async ({ request }) => {
  await resetLoginLimit();
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= LOGIN_LIMIT; attempt++) {
    const server = attempt % 2 === 0 ? a : b;
    statuses.push((await login(request, server, 'not-the-password')).status());
  }
  // Six wrong passwords spread over two instances use up the one limit of six.
  expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429]);
  const refused = await login(request, a);
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toMatchObject({ error: { code: 'rate-limited' } });
  await resetLoginLimit();
});

test('a publish through A is on B’s next page load; a rollback through B reaches A', async ({ page }) => {
  expect((await login(page.request, a)).ok()).toBe(true);
  await page.goto(`${b.origin}/examn`);
  await expect(heading(page, 'Legacy screens')).toBeVisible();

  const published = await page.request.post(`${a.origin}/lapi/releases/publish`, {
    data: await uploadBody(buildDir),
    headers: deploy,
  });
  expect(published.status()).toBe(200);
  await page.reload();
  await expect(heading(page, CHANGED_HEADING)).toBeVisible();

  const rolledBack = await page.request.post(`${b.origin}/lapi/releases/rollback`, {
    data: { app: '@atrium/area-exams' },
    headers: deploy,
  });
  expect(rolledBack.status()).toBe(200);
  await page.goto(`${a.origin}/examn`);
  await expect(heading(page, 'Legacy screens')).toBeVisible();
  await expect(heading(page, CHANGED_HEADING)).toHaveCount(0);

  // Published again, for the outage below: the live release is then the changed one.
  const again = await page.request.post(`${b.origin}/lapi/releases/publish`, {
    data: await uploadBody(buildDir),
    headers: deploy,
  });
  expect(again.status()).toBe(200);
  await page.reload();
  await expect(heading(page, CHANGED_HEADING)).toBeVisible();
});

test('Redis stopped mid-run: pages keep working, sign-in fails clearly, and all recovers with no release lost', async ({
  page,
  browser,
}) => {
  expect((await login(page.request, a)).ok()).toBe(true);
  await page.goto(`${a.origin}/examn`);
  await expect(heading(page, CHANGED_HEADING)).toBeVisible();
  const live = await liveRelease(page.request, a);

  const port = redis.port;
  await redis.stop();

  // The page already loaded keeps working: A still knows its session and the release.
  await page.reload();
  await expect(heading(page, CHANGED_HEADING)).toBeVisible();
  // A new page load on the other instance still gets the last known release.
  const html = await (await page.request.get(`${b.origin}/common/login`)).text();
  const stamp = /atrium-build" content="([^"]*)"/.exec(html)?.[1];
  const onA = await (await page.request.get(`${a.origin}/build.json`)).json();
  expect(stamp).toBe((onA as { stamp: string }).stamp);
  // Sign-in answers at once, with a message people can act on: in the login page (a new page load on B,
  // served from the last known release) and in the API.
  const fresh = await browser.newContext();
  const loginPage = await fresh.newPage();
  await openLogin(loginPage, b.origin);
  await signInThroughForm(loginPage, 'student');
  await expect(loginPage.getByText(SIGN_IN_UNAVAILABLE)).toBeVisible();
  await expect(loginPage).toHaveURL(/\/common\/login/);
  const refused = await login(fresh.request, b);
  expect(refused.status()).toBe(503);
  expect(await refused.json()).toEqual({ error: { code: 'unavailable', message: SIGN_IN_UNAVAILABLE } });

  // Back on the same port (empty: this Redis keeps nothing on disk).
  redis = await startRedis({ port });
  await expect.poll(async () => (await login(fresh.request, b)).status(), { timeout: 15_000 }).toBe(200);
  expect(await liveRelease(fresh.request, b)).toBe(live);
  const after = await fresh.newPage();
  await after.goto(`${b.origin}/examn`);
  await expect(heading(after, CHANGED_HEADING)).toBeVisible();
  await fresh.close();
});
