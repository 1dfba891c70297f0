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
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { uploadBody } from '../../scripts/release-remote';
import {
  CHANGED_EXAMS_HEADING,
  changedExamsBuild,
  clearLoginLimits,
  startAtrium,
  startRedis,
  startS3,
  stopRedisForAWhile,
  type RunningRedis,
  type RunningS3,
} from '../real/index.js';
import { openLogin, signIn as signInThroughForm } from './login-helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const TOKEN = 'e2e-deploy-token-multi-instance-0123456789';
const CHANGED_HEADING = CHANGED_EXAMS_HEADING;
const LOGIN_LIMIT = 6;
const SIGN_IN_UNAVAILABLE =
  'Sign-in is unavailable right now: the session store cannot be reached. Try again in a minute.';
const run = promisify(execFile);
const BUCKET = 'atrium-assets';
/** Where browsers fetch release files: the S3 server itself, another origin than either instance. */
const assetsBase = (): string => `${s3.endpoint}/${BUCKET}/atrium/assets/`;

type Instance = Awaited<ReturnType<typeof startAtrium>>;
let redis: RunningRedis;
let s3: RunningS3;
let a: Instance;
let b: Instance;
let work: string;
let releasesDir: string;
let buildDir: string;

test.describe.configure({ mode: 'serial' });

/** Release files on S3 (ATRIUM_ASSETS=s3), for the release CLI and both instances alike. */
function assetsEnv(): Record<string, string> {
  return {
    ATRIUM_ASSETS: 's3',
    ATRIUM_ASSETS_S3_BUCKET: BUCKET,
    ATRIUM_ASSETS_S3_PREFIX: 'atrium/assets/',
    ATRIUM_ASSETS_S3_ENDPOINT: s3.endpoint,
    ATRIUM_ASSETS_PUBLIC_URL: assetsBase(),
    AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    AWS_REGION: 'us-east-1',
  };
}

function sharedEnv(): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    ...assetsEnv(),
    ATRIUM_REDIS_URL: redis.url,
    ATRIUM_RELEASES_DIR: releasesDir,
    ATRIUM_RELEASE_AUTHOR: 'e2e',
  };
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
const resetLoginLimit = (): Promise<void> => clearLoginLimits(redis);

const sha384 = (bytes: Buffer): string => createHash('sha384').update(bytes).digest('base64');

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = await mkdtemp(path.join(os.tmpdir(), 'atrium-e2e-multi-'));
  releasesDir = path.join(work, 'releases');
  await mkdir(releasesDir);
  redis = await startRedis();
  // Browsers on either instance (127.0.0.1, any port) may read the bucket with CORS: SystemJS loads
  // another origin's scripts with crossorigin, and checks their integrity.
  s3 = await startS3({ buckets: [BUCKET], corsOrigins: ['http://127.0.0.1:*'] });
  // The first release, from the full build, straight into Redis with the release CLI.
  const { stdout } = await run(TSX, ['scripts/release.ts', 'init'], { cwd: ROOT, env: sharedEnv() });
  expect(stdout).toContain('r000001 live');
  buildDir = await changedExamsBuild();
  const env = {
    ...assetsEnv(),
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
  await s3?.stop();
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
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.reload();
  await expect(heading(page, CHANGED_HEADING)).toBeVisible();
  // B's page names the area's new files on S3 with their integrity, and Chromium loaded them from there:
  // cross-origin, with CORS, their bytes the ones the integrity names (else SystemJS would refuse them).
  const map = JSON.parse((await page.locator('script[type="systemjs-importmap"]').textContent()) ?? '{}') as {
    imports: Record<string, string>;
    integrity?: Record<string, string>;
  };
  const exams = map.imports['@atrium/area-exams'] ?? '';
  expect(exams.startsWith(assetsBase())).toBe(true);
  const fetched = responses.find((response) => response.url() === exams);
  expect(fetched?.status()).toBe(200);
  expect(fetched?.headers()['access-control-allow-origin']).toBeTruthy();
  expect(map.integrity?.[exams]).toBe(`sha384-${sha384(await fetched!.body())}`);
  page.removeAllListeners('response');

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

  const bringBack = await stopRedisForAWhile(redis);

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
  redis = await bringBack();
  await expect.poll(async () => (await login(fresh.request, b)).status(), { timeout: 15_000 }).toBe(200);
  expect(await liveRelease(fresh.request, b)).toBe(live);
  const after = await fresh.newPage();
  await after.goto(`${b.origin}/examn`);
  await expect(heading(after, CHANGED_HEADING)).toBeVisible();
  await fresh.close();
});
