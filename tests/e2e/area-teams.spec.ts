/**
 * docs/area-teams.md followed exactly: the guide's project (create-single-spa's webpack config,
 * single-spa-react, React from the page, a stylesheet through style-loader, an entry named without a hash)
 * is built from the npm registry in a temporary directory, packed and published through a running server's
 * API with Atrium's CLI, as a new area with its own route and as a replacement of the exams area, and checked
 * in Chromium: it mounts with its styles under the page's CSP, navigates inside itself, unmounts and mounts
 * again, shows the Retry card on a render crash, and rolls back. The guide's CSS-file build (mini-css-extract
 * in place of style-loader) is published as the area's next version: its stylesheet applies through a link
 * with its integrity, styles nothing once the area has left, and a stored copy with other bytes is blocked.
 * Needs the full build in dist/.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { buildStockArea, buildStockVariant, type StockArea } from '../real/index.js';
import { startServer, type RunningServer } from './fixtures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const TOKEN = 'e2e-deploy-token-area-teams-0123456789';
const run = promisify(execFile);

let server: RunningServer;
let work: string;
let area: StockArea;
/** The same project built with the guide's `build=css-files` blocks: its styles in a CSS file. */
let cssArea: StockArea;

test.describe.configure({ mode: 'serial' });

/** `npm run release -- <args> --server <url>`, as the guide's CI runs it. */
async function release(...args: string[]): Promise<string> {
  const { stdout } = await run(TSX, ['scripts/release.ts', ...args, '--server', server.url], {
    cwd: ROOT,
    env: { ...process.env, ATRIUM_DEPLOY_TOKEN: TOKEN, ATRIUM_RELEASES_DIR: path.join(work, 'not-used') },
  });
  return stdout;
}

async function signIn(page: Page): Promise<void> {
  const response = await page.request.post(`${server.url}/common/login/login_actions.php`, {
    data: { action: 'login', username: 'root', password: 'atrium-demo' },
  });
  expect(response.ok()).toBe(true);
}

/** Section 3's pack command for the guide's area, on one of its builds. */
const packPeerApp = (dist: string, out: string) =>
  release(
    'pack',
    dist,
    '--name',
    '@atrium/area-peer-app',
    '--route',
    'peer-app',
    '--label',
    'Peer review',
    '--guard',
    'signed-in',
    '--out',
    out,
  );

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = await mkdtemp(path.join(os.tmpdir(), 'atrium-e2e-area-teams-'));
  const releasesDir = path.join(work, 'releases');
  await run(TSX, ['scripts/release.ts', 'init'], {
    cwd: ROOT,
    env: { ...process.env, ATRIUM_RELEASES_DIR: releasesDir, ATRIUM_RELEASE_AUTHOR: 'e2e' },
  });
  area = await buildStockArea();
  cssArea = await buildStockVariant('css-files');
  server = await startServer({ env: { ATRIUM_RELEASES_DIR: releasesDir, ATRIUM_DEPLOY_TOKEN: TOKEN } });
});

test.afterAll(async () => {
  await server?.close();
  await area?.remove();
  await cssArea?.remove();
  await rm(work, { recursive: true, force: true });
});

test('a new area with its own route: styles, navigation inside it, remount, Retry on a crash', async ({
  page,
}) => {
  const out = path.join(work, 'peer-app-release');
  const packed = await packPeerApp(area.dist, out);
  expect(packed).toMatch(/uni-peer-app\.js -> uni-peer-app\.[0-9a-f]{16}\.js/);
  expect(await release('publish', out)).toContain('@atrium/area-peer-app (new) ->');

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Trusted Type/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page);
  await page.goto(`${server.url}/peer-app`);
  const title = heading(page, 'Peer review');
  await expect(title).toBeVisible();
  await expect(page.getByText('You are at /peer-app', { exact: true })).toBeVisible();
  // style-loader's <style> applied under the page's CSP.
  await expect(title).toHaveCSS('color', 'rgb(10, 110, 40)');
  // The side navigation lists it under its label.
  await expect(page.getByRole('link', { name: 'Peer review' })).toBeVisible();

  // Inside the area: the path prop follows (the stock entry has no update, so the shell mounts it again).
  await page.getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(`${server.url}/peer-app/reviews`);
  await expect(page.getByText('You are at /peer-app/reviews', { exact: true })).toBeVisible();

  // Away (unmount) and back (mount again).
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(`${server.url}/home`);
  await expect(title).toHaveCount(0);
  await page.goBack();
  await expect(page.getByText('You are at /peer-app/reviews', { exact: true })).toBeVisible();
  await expect(title).toHaveCSS('color', 'rgb(10, 110, 40)');

  // A render crash with no error boundary of the area's own: Atrium's Retry card, and Retry brings it back.
  await page.getByRole('button', { name: 'Try a crash' }).click();
  await expect(page.getByText("This part of Atrium couldn't be loaded")).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(title).toBeVisible();
  expect(violations).toEqual([]);
});

test('a route Atrium owns is refused and the live release stays', async () => {
  const out = path.join(work, 'taken-release');
  await release('pack', area.dist, '--name', '@atrium/area-copycat', '--route', 'home/peer', '--out', out);
  const refused = await release('publish', out).then(
    () => null,
    (error: { stderr?: string; code?: number }) => error,
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain(
    "refused (route-taken): @atrium/area-copycat: the route /home/peer is Atrium's own",
  );
  expect(await release('history')).not.toContain('area-copycat');
});

test("the stock app as a replacement of one of Atrium's areas, then rolled back", async ({ page }) => {
  const out = path.join(work, 'exams-release');
  await release('pack', area.dist, '--name', '@atrium/area-exams', '--out', out);
  expect(await release('publish', out)).toContain('@atrium/area-exams');
  await signIn(page);
  await page.goto(`${server.url}/examn`);
  await expect(heading(page, 'Peer review')).toBeVisible();
  await expect(page.getByText('You are at /examn', { exact: true })).toBeVisible();
  await expect(heading(page, 'Peer review')).toHaveCSS('color', 'rgb(10, 110, 40)');

  expect(await release('rollback', 'area-exams')).toContain('@atrium/area-exams');
  await page.reload();
  await expect(heading(page, 'Legacy screens')).toBeVisible();
  await expect(heading(page, 'Peer review')).toHaveCount(0);
});

/** The guide's build served as a team's dev server serves it: plain HTTP on this machine, any origin. */
async function devServer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const http = createServer((request, response) => {
    const name = path.basename(new URL(request.url ?? '/', 'http://x').pathname);
    readFile(path.join(dir, name)).then(
      (body) => {
        response.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

test('import-map-overrides may point an area at a dev server on this machine on development pages only', async ({
  page,
}) => {
  const local = await devServer(area.dist);
  const development = await startServer({ env: { ATRIUM_ENV: 'development' } });
  const entry = `${local.url}/uni-peer-app.js`;
  // What the page's Trusted Types policy says of a script URL: its value, or the refusal.
  const policyOn = (target: Page) =>
    target.evaluate((url) => {
      try {
        const tt = (
          window as unknown as { trustedTypes: { defaultPolicy: { createScriptURL(u: string): unknown } } }
        ).trustedTypes;
        return String(tt.defaultPolicy.createScriptURL(url));
      } catch (error) {
        return (error as Error).message;
      }
    }, entry);
  try {
    await page.request.post(`${development.url}/common/login/login_actions.php`, {
      data: { action: 'login', username: 'root', password: 'atrium-demo' },
    });
    await page.goto(`${development.url}/home`);
    await page.evaluate((url) => localStorage.setItem('import-map-override:@atrium/area-exams', url), entry);
    expect(await policyOn(page)).toBe(entry);
    await page.goto(`${development.url}/examn`);
    await expect(heading(page, 'Peer review')).toBeVisible();
    await expect(heading(page, 'Peer review')).toHaveCSS('color', 'rgb(10, 110, 40)');

    // A production page refuses the same URL, whatever localStorage says.
    await signIn(page);
    await page.goto(`${server.url}/home`);
    expect(await policyOn(page)).toContain('[atrium] trusted-types: script URL not allowed');
  } finally {
    await development.close();
    await local.close();
  }
});

/** The colour the area's stylesheet gives a heading inside `.peer-app`, on whatever page is open now. */
const peerHeadingColour = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('section');
    probe.className = 'peer-app';
    const inner = probe.appendChild(document.createElement('h1'));
    document.body.append(probe);
    const colour = getComputedStyle(inner).color;
    probe.remove();
    return colour;
  });

let published: { file: string; url: string; integrity: string };

test("the CSS-file build: its stylesheet applies through a link with its integrity, and only while it's mounted", async ({
  page,
}) => {
  const out = path.join(work, 'peer-app-css-release');
  // Section 3's commands, unchanged, on the build from section 6's webpack config.
  const packed = await packPeerApp(cssArea.dist, out);
  expect(packed).toMatch(/main\.css -> main\.[0-9a-f]{16}\.css/);
  expect(await release('publish', out)).toContain('@atrium/area-peer-app');
  const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as {
    module: { css: { file: string; url: string; integrity: string }[] };
  };
  expect(manifest.module.css).toHaveLength(1);
  published = manifest.module.css[0]!;
  expect(published.url).toBe(`/assets/${published.file}`);

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Trusted Type/i.test(message.text())) violations.push(message.text());
  });
  const served: number[] = [];
  page.on('response', (response) => {
    if (response.url() === `${server.url}${published.url}`) served.push(response.status());
  });
  await signIn(page);
  await page.goto(`${server.url}/peer-app`);
  const title = heading(page, 'Peer review');
  await expect(title).toBeVisible();
  await expect(title).toHaveCSS('color', 'rgb(10, 110, 40)');
  // From the file: no <style> holds the rule, and the link carries the manifest's integrity.
  await expect(page.locator('style', { hasText: '.peer-app h1' })).toHaveCount(0);
  const link = page.locator(`link[rel="stylesheet"][href="${published.url}"]`);
  await expect(link).toHaveAttribute('integrity', published.integrity);
  expect(served).toEqual([200]);

  // Away: the area's stylesheet styles none of Atrium's pages.
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(`${server.url}/home`);
  await expect.poll(() => peerHeadingColour(page)).not.toBe('rgb(10, 110, 40)');
  // Back: on again, without fetching it again.
  await page.goBack();
  await expect(title).toHaveCSS('color', 'rgb(10, 110, 40)');
  expect(served).toEqual([200]);
  expect(violations).toEqual([]);
});

test('a stored stylesheet whose bytes differ from its integrity is blocked: the Retry card, not its styles', async ({
  page,
}) => {
  // The store's copy changed under the live release (a tampered volume or bucket): written beside it and
  // renamed in, with the compressed copies the server sends.
  const stored = path.join(work, 'releases', 'assets', published.file);
  const other = Buffer.from('.peer-app h1 {\n  color: rgb(200, 0, 0);\n}\n');
  for (const [suffix, bytes] of [
    ['', other],
    ['.gz', gzipSync(other)],
    ['.br', brotliCompressSync(other)],
  ] as const) {
    await writeFile(`${stored}${suffix}.next`, bytes);
    await rename(`${stored}${suffix}.next`, `${stored}${suffix}`);
  }
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('integrity')) blocked.push(message.text());
  });
  await signIn(page);
  await page.goto(`${server.url}/peer-app`);
  // The card under the area's title, in place of the area: a stylesheet that fails fails the area's load.
  await expect(page.getByText("This part of Atrium couldn't be loaded")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('You are at /peer-app', { exact: true })).toHaveCount(0);
  expect(blocked.join('\n')).toContain(published.file);
});
