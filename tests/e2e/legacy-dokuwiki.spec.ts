/**
 * The widgets inside a real third-party PHP application nobody here wrote: Debian's DokuWiki (jQuery, its
 * own CSS, user tools absolutely positioned against the page, its own skip link), with the PHP helper's
 * two calls in its layout template exactly as docs/embedding.md says, served by php-fpm behind nginx
 * (tests/real/dokuwiki.ts): on Atrium's origin with no option, and on another host of the site
 * (wiki.school.test, listed in ATRIUM_EMBED_ORIGINS) with Atrium's origin as 'base', where the helper
 * reads the notices from Atrium's notice feed with the cookie the widgets keep on that host. Asserted the
 * way a visitor meets it: boxes, elementFromPoint, the Tab key, and the layout shifts Chromium reports.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  CHROMIUM_PATH,
  chromiumArgsFor,
  createDokuWiki,
  documentedBucketCors,
  dokuwikiServer,
  freePort,
  makeCertificate,
  startAtrium,
  startNginx,
  startPhpFpm,
  startS3,
  type DokuWikiInstance,
  type RunningServer,
  widgetsUp,
} from '../real/index.js';
import { widgetsAxeViolations } from './widgets-axe.js';

const HOST = 'school.test';
/** Another host of the same site, serving only the wiki, with the widgets from Atrium on HOST. */
const WIKI_HOST = 'wiki.school.test';
/** The CDN in front of the release files' bucket (nginx with TLS before the S3 server). */
const CDN_HOST = 'cdn.school.test';
const PASSWORD = 'atrium-demo';
/** The wiki's pages the suite visits (tests/real/dokuwiki.ts writes them), and its search results. */
const START = 'doku.php?id=start';
const PAGES = [START, 'doku.php?id=policies', 'doku.php?do=search&q=policy'];

const running: RunningServer[] = [];
const wikis: DokuWikiInstance[] = [];
let browser: Browser;
let origin = '';
let wikiOrigin = '';
let phpPort = 0;

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://${HOST}:${port}`;
  wikiOrigin = `http://${WIKI_HOST}:${port}`;
  const atrium = await startAtrium({
    // school.test is not a loopback name: the demo backend must be asked for on purpose.
    env: { ATRIUM_PUBLIC_ORIGIN: origin, ATRIUM_EMBED_ORIGINS: wikiOrigin, ATRIUM_DEMO: '1' },
  });
  running.push(atrium);
  const php = await startPhpFpm();
  running.push(php);
  phpPort = php.port;
  // On one origin: the documented call, no option. On the other host: Atrium's origin as 'base', and the
  // manifest and the notice feed where this machine's PHP reaches them ('server': the front door, whose
  // first server is Atrium's; PHP cannot resolve the test's host names).
  const sameOrigin = createDokuWiki();
  const front = `http://127.0.0.1:${port}`;
  const otherHost = createDokuWiki({
    widgetsOptions: `['base' => ${JSON.stringify(origin)}, 'server' => '${front}', 'manifest' => '${front}/widgets/manifest.json']`,
  });
  wikis.push(sameOrigin, otherHost);
  const servers = [
    dokuwikiServer({
      port,
      host: HOST,
      webRoot: sameOrigin.webRoot,
      phpPort: php.port,
      atriumPort: atrium.port,
    }),
    dokuwikiServer({ port, host: WIKI_HOST, webRoot: otherHost.webRoot, phpPort: php.port }),
  ].join('\n');
  running.push(await startNginx({ servers, port }));
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgsFor([HOST, WIKI_HOST, CDN_HOST]),
  });
});

test.afterAll(async () => {
  await browser?.close();
  for (const server of running.splice(0).reverse()) await server.stop();
  for (const wiki of wikis.splice(0)) wiki.remove();
});

let context: BrowserContext;
test.beforeEach(async () => {
  context = await browser.newContext();
});
test.afterEach(async () => {
  await context.close();
});

const wikiUrl = (page: string) => `${origin}/wiki/${page}`;

/** Signs in on Atrium's legacy login from a page of the origin, so the browser holds `atrium_sid`. */
async function signIn(page: Page, username: string, atrium: string = origin): Promise<void> {
  await page.goto(`${atrium}/wiki/lib/exe/css.php?t=dokuwiki`);
  const status = await page.evaluate(
    async ([user, password]) =>
      (
        await fetch('/common/login/login_actions.php', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ action: 'login', username: user, password }),
        })
      ).status,
    [username, PASSWORD],
  );
  expect(status).toBe(200);
}

/** Layout shifts without recent input, summed per document from its start (Chromium's own CLS entries). */
async function recordShifts(page: Page): Promise<() => Promise<{ total: number; moved: string[] }>> {
  await page.addInitScript(() => {
    const seen = { total: 0, moved: [] as string[] };
    Object.defineProperty(window, '__shifts', { value: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }
      >) {
        if (entry.hadRecentInput) continue;
        seen.total += entry.value;
        for (const source of entry.sources)
          seen.moved.push(`${entry.value.toFixed(4)} ${source.node?.nodeName}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __shifts: { total: number; moved: string[] } }).__shifts);
}

/**
 * Every link of the wiki's user tools and of its site tools is where a click lands (elementFromPoint at
 * its centre is the link or inside it), and below the bar, and below `above` too when given (the bottom of
 * another of the widgets' boxes, in CSS pixels of the viewport).
 */
async function hostControlsUncovered(page: Page, above?: { name: string; bottom: number }): Promise<void> {
  const report = await page.evaluate((other) => {
    const bar = document.querySelector('atrium-notification-bar')!.getBoundingClientRect();
    const limits = [{ name: 'bar', bottom: bar.bottom }, ...(other ? [other] : [])];
    const links = [
      ...document.querySelectorAll<HTMLElement>('#dokuwiki__usertools a, #dokuwiki__sitetools a'),
    ];
    return {
      count: links.length,
      covered: links
        .filter((link) => link.getClientRects().length > 0)
        .flatMap((link) => {
          const box = link.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          const problems: string[] = [];
          if (!hit || !(link === hit || link.contains(hit)))
            problems.push(`${link.textContent} under ${hit?.nodeName}`);
          for (const limit of limits)
            if (box.top < limit.bottom)
              problems.push(`${link.textContent} at y=${box.top}, ${limit.name} ends at ${limit.bottom}`);
          return problems;
        }),
    };
  }, above ?? null);
  expect(report.count).toBeGreaterThan(0);
  expect(report.covered).toEqual([]);
}

test.describe('the widgets in DokuWiki, on one origin', () => {
  test('signed in, the notices are in the first paint above the wiki, and cover none of its tools', async () => {
    const page = await context.newPage();
    await signIn(page, 'student');
    const shifts = await recordShifts(page);
    for (const path of PAGES) {
      await page.goto(wikiUrl(path));
      // Server-rendered: the helper asked Atrium with the visitor's cookie, found the manifest through the
      // page's front door, and had nothing to complain about.
      const html = await page.evaluate(async (address) => (await fetch(address)).text(), wikiUrl(path));
      expect(html).toContain('<template shadowrootmode="open"><div class="frame frame--reserved"');
      expect(html).toContain('data-integrity="sha384-');
      expect(html).not.toContain('<!-- [atrium-widgets]');
      await widgetsUp(page);
      const bar = page.locator('atrium-notification-bar').getByRole('status');
      await expect(bar.getByRole('listitem').first()).toBeVisible();
      await hostControlsUncovered(page);
      // The wiki's "Log In" is DokuWiki's own (signed out of the wiki), reachable with the bar shown.
      await expect(page.locator('#dokuwiki__usertools').getByRole('link', { name: 'Log In' })).toBeVisible();
      const { total, moved } = await shifts();
      expect(total, moved.join('\n')).toBeLessThanOrEqual(0.01);
    }
  });

  test("the wiki's own skip link is the first stop of the Tab key, and the bar's buttons are reachable", async () => {
    const page = await context.newPage();
    await signIn(page, 'student');
    await page.goto(wikiUrl(START));
    await widgetsUp(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    // Further on, after the page's own controls, the bar's: every one reached by Tab alone.
    const dismiss = page
      .locator('atrium-notification-bar')
      .getByRole('button', { name: /^Dismiss notification/ });
    const wanted = await dismiss.count();
    expect(wanted).toBeGreaterThan(0);
    let reached = 0;
    for (let press = 0; press < 80 && reached < wanted; press++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.tagName === 'ATRIUM-NOTIFICATION-BAR')) reached++;
    }
    expect(reached).toBe(wanted);
  });

  test('with the widgets unreachable the console says so in one [atrium-widgets] line, and the wiki works', async () => {
    const page = await context.newPage();
    const lines: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[atrium-widgets]')) lines.push(message.text());
    });
    await page.route('**/widgets/atrium-widgets*.js', (route) => route.abort('connectionrefused'));
    await page.goto(wikiUrl(START));
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toContain('the widgets did not load from /widgets/atrium-widgets.');
    await hostControlsUncovered(page);
  });

  test("on paper the widgets and their room are gone, and the wiki's own rules on the elements win", async () => {
    const page = await context.newPage();
    await signIn(page, 'root');
    await page.goto(wikiUrl(START));
    await widgetsUp(page);
    await page.keyboard.press('Control+Shift+A');
    await expect(page.getByRole('region', { name: 'Developer toolbar' })).toBeVisible();
    const look = () =>
      page.evaluate(() => ({
        bar: getComputedStyle(document.querySelector('atrium-notification-bar')!).display,
        toolbar: getComputedStyle(document.querySelector('atrium-dev-toolbar')!).display,
        room: parseFloat(getComputedStyle(document.documentElement).marginTop),
        barHeight: document.querySelector('atrium-notification-bar')!.getBoundingClientRect().height,
      }));
    const screen = await look();
    expect(screen.room).toBeGreaterThan(0);
    expect(screen.room).toBeCloseTo(screen.barHeight, 0);
    await page.emulateMedia({ media: 'print' });
    expect(await look()).toMatchObject({ bar: 'none', toolbar: 'none', room: 0 });
    // A print stylesheet of the page's that wants the notices on paper gets them.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('@media print { atrium-notification-bar { display: block } }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    expect((await look()).bar).toBe('block');
    // On screen, the page's `!important` rule on the elements hides them, and the bar's room goes with it.
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('atrium-notification-bar, atrium-dev-toolbar { display: none !important }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    await expect.poll(look).toMatchObject({ bar: 'none', toolbar: 'none', room: 0 });
    await expect(page.getByRole('region', { name: 'Developer toolbar' })).toBeHidden();
  });

  test("acting as someone, the banner leaves the wiki's user tools uncovered and clickable, axe clean", async () => {
    const page = await context.newPage();
    // A window where the bar folds to one row: the wiki's user tools then sit right under the bar's room.
    await page.setViewportSize({ width: 700, height: 800 });
    await signIn(page, 'root');
    // Root acts as the student (what the toolbar's user switcher asks), from the page signIn left open.
    const switched = await page.evaluate(
      async () =>
        (
          await fetch('/lapi/rpc/dev/switch-user', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ username: 'student' }),
          })
        ).status,
    );
    expect(switched).toBe(200);
    await page.goto(wikiUrl(START));
    await widgetsUp(page);
    const banner = page.getByRole('region', { name: 'Acting as another user' });
    await expect(banner).toContainText('signed in as root');
    await expect(banner.getByRole('button', { name: 'Switch back' })).toBeVisible();
    // Once the banner is drawn and its room taken (both after the toolbar's chunk has run).
    await expect(async () => {
      const bannerBox = (await banner.boundingBox())!;
      const bannerBottom = bannerBox.y + bannerBox.height;
      // The bar's notices are below the banner too.
      const barTop = await page
        .locator('atrium-notification-bar')
        .evaluate((bar) => bar.getBoundingClientRect().top);
      expect(barTop).toBeGreaterThanOrEqual(bannerBottom);
      await hostControlsUncovered(page, { name: 'the banner', bottom: bannerBottom });
    }).toPass();
    expect(await widgetsAxeViolations(page, ['#dokuwiki__usertools'])).toEqual([]);
    // A click on the wiki's own Log In lands on it (Playwright clicks only what receives the pointer).
    await page.locator('#dokuwiki__usertools').getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL(/do=login/);
  });

  test('signed out, nothing is reserved and nothing moves', async () => {
    const page = await context.newPage();
    const shifts = await recordShifts(page);
    for (const path of PAGES) {
      await page.goto(wikiUrl(path));
      await widgetsUp(page);
      await page.waitForTimeout(300);
      expect(
        await page.locator('atrium-notification-bar').evaluate((bar) => bar.getBoundingClientRect().height),
      ).toBe(0);
      await hostControlsUncovered(page);
      const { total, moved } = await shifts();
      expect(total, moved.join('\n')).toBeLessThanOrEqual(0.01);
    }
  });
});

test.describe('the widgets in DokuWiki on another host of the site', () => {
  test("root's toolbar there links to Atrium's origin and its Releases panel answers; nothing is covered", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
        errors.push(message.text());
    });
    await signIn(page, 'root');
    await page.goto(`${wikiOrigin}/wiki/${START}`);
    await widgetsUp(page);
    const bar = page.locator('atrium-notification-bar').getByRole('status');
    await expect(bar.getByRole('listitem').first()).toBeVisible();
    await hostControlsUncovered(page);
    await page.keyboard.press('Control+Shift+A');
    const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
    await expect(toolbar).toBeVisible();
    await expect(toolbar.getByRole('link', { name: 'Admin panel' })).toHaveAttribute(
      'href',
      new RegExp(`^${origin}/`),
    );
    await toolbar.getByText('Releases', { exact: true }).first().click();
    await expect(
      toolbar.getByText('No release is published: this server runs the full build.'),
    ).toBeVisible();
    // The open panel covers the bottom of the window: the page has room to bring its last controls (the
    // footer's links) above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#dokuwiki__footer a')].flatMap((link) => {
        const box = link.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit && (hit === link || link.contains(hit))
          ? []
          : [`${link.textContent} under ${hit?.nodeName}`];
      }),
    );
    expect(covered).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('signed out there, nothing is reserved and nothing moves', async () => {
    const page = await context.newPage();
    const shifts = await recordShifts(page);
    await page.goto(`${wikiOrigin}/wiki/${START}`);
    await widgetsUp(page);
    expect(
      await page.locator('atrium-notification-bar').evaluate((bar) => bar.getBoundingClientRect().height),
    ).toBe(0);
    await hostControlsUncovered(page);
    const { total, moved } = await shifts();
    expect(total, moved.join('\n')).toBeLessThanOrEqual(0.01);
  });

  test('signed in there, every page after the first has the notices in its first paint, and nothing moves', async () => {
    const page = await context.newPage();
    await signIn(page, 'student');
    // The first page on this host has no feed cookie yet: its bar reads the notices after `load`.
    await page.goto(`${wikiOrigin}/wiki/${START}`);
    await widgetsUp(page);
    const cookie = await feedCookie();
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false, secure: false });
    expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    const shifts = await recordShifts(page);
    for (const path of PAGES) {
      await page.goto(`${wikiOrigin}/wiki/${path}`);
      const html = await page.evaluate(async (address) => (await fetch(address)).text(), page.url());
      expect(html).toContain('<template shadowrootmode="open"><div class="frame frame--reserved"');
      expect(html).not.toContain('<!-- [atrium-widgets]');
      await widgetsUp(page);
      await expect(page.locator('atrium-notification-bar').getByRole('listitem').first()).toBeVisible();
      await hostControlsUncovered(page);
      const { total, moved } = await shifts();
      expect(total, moved.join('\n')).toBeLessThanOrEqual(0.01);
    }
  });

  test("a notice dismissed on the wiki's host is gone on Atrium's pages, and the other way round", async () => {
    const wiki = await context.newPage();
    await signIn(wiki, 'student');
    await wiki.goto(`${wikiOrigin}/wiki/${START}`);
    await widgetsUp(wiki);
    await dismiss(wiki, /^Dismiss notification: New gradebook features/);

    // Atrium's origin, in another tab (nothing of the wiki host's tab storage there): the shell, and the
    // wiki served on Atrium's origin, after a reload.
    const atrium = await context.newPage();
    await atrium.goto(`${origin}/evaluations`);
    await expect(atrium.getByText('Our privacy policy has been updated')).toBeVisible();
    await expect(atrium.getByText('New gradebook features')).toHaveCount(0);
    await atrium.goto(wikiUrl(START));
    await widgetsUp(atrium);
    await expect(atrium.locator('atrium-notification-bar').getByText('Scheduled maintenance')).toBeVisible();
    await expect(atrium.locator('atrium-notification-bar').getByText('New gradebook features')).toHaveCount(
      0,
    );

    await atrium.goto(`${origin}/evaluations`);
    await dismiss(atrium, /^Dismiss notification: Our privacy policy/);
    await atrium.reload();
    await expect(atrium.getByText('Scheduled maintenance')).toBeVisible();
    await expect(atrium.getByText('Our privacy policy has been updated')).toHaveCount(0);

    await wiki.reload();
    await widgetsUp(wiki);
    const bar = wiki.locator('atrium-notification-bar');
    await expect(bar.getByText('Scheduled maintenance')).toBeVisible();
    await expect(bar.getByText('Our privacy policy has been updated')).toHaveCount(0);
    await expect(bar.getByText('New gradebook features')).toHaveCount(0);
  });

  test("after sign-out the wiki host's feed cookie reads nothing, and the widgets remove it", async () => {
    const page = await context.newPage();
    await signIn(page, 'student');
    await page.goto(`${wikiOrigin}/wiki/${START}`);
    await widgetsUp(page);
    const token = (await feedCookie())!.value;
    // The helper's call, made from a page of Atrium's origin (the test's own resolver knows no host names).
    await page.goto(`${origin}/wiki/lib/exe/css.php?t=dokuwiki`);
    const feed = () =>
      page.evaluate(async (feedToken) => {
        const response = await fetch('/lapi/rpc/common/ionic/notice_feed', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ feed_token: feedToken }),
        });
        return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
      }, token);
    expect((await feed()).status).toBe(200);

    expect(
      await page.evaluate(async () => (await fetch('/common/login/logout.php', { method: 'POST' })).status),
    ).toBe(200);
    expect(await feed()).toMatchObject({ status: 401, body: { error: { code: 'signed-out' } } });
    // The page, sent while the cookie is still there, has no notices in it; its widgets then remove the cookie.
    const response = await page.goto(`${wikiOrigin}/wiki/${START}`);
    expect(await response!.text()).not.toContain('shadowrootmode');
    await widgetsUp(page);
    await expect
      .poll(async () => (await context.cookies(wikiOrigin)).some((cookie) => cookie.name === 'atrium_feed'))
      .toBe(false);
  });
});

test.describe('a widgets release with its files on S3 behind a CDN', () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const BUCKET = 'atrium-assets';
  const run = promisify(execFile);
  /** Atrium's origin and the wiki's other host for this suite's own Atrium (its releases on S3). */
  let atrium = '';
  let otherHost = '';
  let work = '';
  let env: Record<string, string> = {};
  /** The widgets release to publish: its folder, and its entry's URL on the CDN and integrity. */
  let released = { dir: '', url: '', integrity: '' };
  /** The full build's widgets, which legacy pages get with no widgets release live. */
  let built = { entry: '', integrity: '', loaderLite: '' };

  const release = async (...args: string[]): Promise<string> =>
    (await run(TSX, ['scripts/release.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } })).stdout;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    work = await mkdtemp(path.join(os.tmpdir(), 'atrium-e2e-widgets-cdn-'));
    // The bucket answers CORS with the rule docs/deploy.md gives operators, exactly as written there.
    const s3 = await startS3({ buckets: [BUCKET], cors: documentedBucketCors() });
    running.push(s3);
    const port = await freePort();
    const cdnPort = await freePort();
    atrium = `http://${HOST}:${port}`;
    otherHost = `http://${WIKI_HOST}:${port}`;
    env = {
      ATRIUM_RELEASES_DIR: path.join(work, 'releases'),
      ATRIUM_RELEASE_AUTHOR: 'e2e',
      ATRIUM_ASSETS: 's3',
      ATRIUM_ASSETS_S3_BUCKET: BUCKET,
      ATRIUM_ASSETS_S3_PREFIX: 'atrium/assets/',
      ATRIUM_ASSETS_S3_ENDPOINT: s3.endpoint,
      ATRIUM_ASSETS_PUBLIC_URL: `https://${CDN_HOST}:${cdnPort}/${BUCKET}/atrium/assets/`,
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    expect(await release('init')).toMatch(/^r\d+ live/);
    const out = path.join(work, 'widgets-build');
    await run(TSX, ['scripts/build.ts', '--app', 'widgets', '--out', out], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    const [version] = await readdir(path.join(out, 'atrium-widgets'));
    const dir = path.join(out, 'atrium-widgets', version!);
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
      module: { url: string; integrity: string };
    };
    // Published, the entry is the CDN's URL of the same file (the release's map points there).
    const file = path.basename(manifest.module.url);
    released = { dir, url: `${env.ATRIUM_ASSETS_PUBLIC_URL}${file}`, integrity: manifest.module.integrity };
    built = JSON.parse(await readFile(path.join(ROOT, 'dist', 'widgets', 'manifest.json'), 'utf8')) as {
      entry: string;
      integrity: string;
      loaderLite: string;
    };
    const server = await startAtrium({
      env: { ...env, ATRIUM_PUBLIC_ORIGIN: atrium, ATRIUM_EMBED_ORIGINS: otherHost, ATRIUM_DEMO: '1' },
    });
    running.push(server);
    // No manifest cache ('cache_ttl' => 0): the next page load after a publish or a rollback shows it.
    const sameOrigin = createDokuWiki({ widgetsOptions: "['cache_ttl' => 0]" });
    const otherHostWiki = createDokuWiki({
      widgetsOptions: `['base' => ${JSON.stringify(atrium)}, 'manifest' => 'http://127.0.0.1:${port}/widgets/manifest.json', 'cache_ttl' => 0]`,
    });
    wikis.push(sameOrigin, otherHostWiki);
    // A page of the other host with the raw tags docs/embedding.md shows, the loader naming the fixed
    // address on Atrium's host: with a widgets release live, that address redirects to the CDN, and the
    // CDN is then asked with `Origin: null` (a cross-origin redirect hides the page's origin).
    await writeFile(
      path.join(otherHostWiki.webRoot, 'raw.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Raw tags</title></head><body>' +
        '<atrium-notification-bar></atrium-notification-bar><atrium-dev-toolbar></atrium-dev-toolbar>' +
        `<script data-src="${atrium}/widgets/atrium-widgets.js">${built.loaderLite}</script></body></html>`,
    );
    const certificate = await makeCertificate([CDN_HOST]);
    const servers = [
      dokuwikiServer({ port, host: HOST, webRoot: sameOrigin.webRoot, phpPort, atriumPort: server.port }),
      dokuwikiServer({ port, host: WIKI_HOST, webRoot: otherHostWiki.webRoot, phpPort }),
      // The CDN: TLS, and the bucket's objects and CORS answers passed through as they are.
      `server {
        listen 127.0.0.1:${cdnPort} ssl;
        server_name ${CDN_HOST};
        ssl_certificate ${certificate.cert};
        ssl_certificate_key ${certificate.key};
        location / { proxy_pass ${s3.endpoint}; }
      }`,
    ].join('\n');
    running.push(await startNginx({ servers, port }));
  });

  test.afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  /**
   * Root on `address`: the widgets' entry is `src` (Atrium's origin in its fragment) with `integrity` when
   * given, the bar shows the notices, the toolbar links to Atrium and its Releases panel answers from Atrium
   * with `liveId` live, the widgets release in it or not.
   */
  async function widgetsReachAtrium(
    address: string,
    expected: { src: string; integrity?: string; liveId: string; widgetsLive: boolean },
  ): Promise<void> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
        errors.push(message.text());
    });
    await signIn(page, 'root', atrium);
    await page.goto(address);
    await widgetsUp(page);
    const script = page.locator('script[type="module"][src*="atrium-widgets"]');
    await expect(script).toHaveAttribute('src', expected.src);
    if (expected.integrity) await expect(script).toHaveAttribute('integrity', expected.integrity);
    await expect(
      page.locator('atrium-notification-bar').getByRole('status').getByRole('listitem').first(),
    ).toBeVisible();
    await page.keyboard.press('Control+Shift+A');
    const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
    // The link as a click follows it (relative on Atrium's own origin, absolute on the other host).
    await expect(toolbar.getByRole('link', { name: 'Admin panel' })).toHaveJSProperty(
      'href',
      `${atrium}/violet/obuilder/hub/common/admin_panel`,
    );
    await toolbar.getByText('Releases', { exact: true }).first().click();
    await expect(toolbar.getByRole('table', { name: `Live release ${expected.liveId}` })).toBeVisible();
    await expect(toolbar.getByRole('rowheader', { name: '@atrium/widgets' })).toHaveCount(
      expected.widgetsLive ? 1 : 0,
    );
    expect(errors).toEqual([]);
    await page.close();
  }

  test('a publish reaches the wiki on one origin and on another host, and a rollback takes it back', async () => {
    test.setTimeout(120_000);
    const published = await release('publish', released.dir);
    expect(published).toContain('@atrium/widgets (new) -> ');
    const publishedId = /^(r\d+) live/.exec(published)![1]!;
    for (const host of [atrium, otherHost]) {
      await widgetsReachAtrium(`${host}/wiki/${START}`, {
        src: `${released.url}#origin=${atrium}`,
        integrity: released.integrity,
        liveId: publishedId,
        widgetsLive: true,
      });
    }
    const fixed = { src: `${atrium}/widgets/atrium-widgets.js#origin=${atrium}`, widgetsLive: true };
    await widgetsReachAtrium(`${otherHost}/wiki/raw.html`, { ...fixed, liveId: publishedId });
    const rolledBack = /^(r\d+) live/.exec(await release('rollback', 'widgets'))![1]!;
    for (const [host, entry] of [
      [atrium, `/widgets/${built.entry}`],
      [otherHost, `${atrium}/widgets/${built.entry}`],
    ] as const) {
      await widgetsReachAtrium(`${host}/wiki/${START}`, {
        src: `${entry}#origin=${atrium}`,
        integrity: built.integrity,
        liveId: rolledBack,
        widgetsLive: false,
      });
    }
    await widgetsReachAtrium(`${otherHost}/wiki/raw.html`, {
      ...fixed,
      liveId: rolledBack,
      widgetsLive: false,
    });
  });
});

/** The notice feed's cookie the widgets keep on the wiki's host, once it is there. */
async function feedCookie() {
  let found: Awaited<ReturnType<BrowserContext['cookies']>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await context.cookies(wikiOrigin)).find((cookie) => cookie.name === 'atrium_feed');
      return found?.value ?? '';
    })
    .toMatch(/^v1\./);
  return found;
}

/** Presses a notice's Dismiss and waits until the server has kept the dismissal. */
async function dismiss(page: Page, name: RegExp): Promise<void> {
  const kept = page.waitForResponse(
    (response) => response.url().endsWith('/dismiss_notification') && response.status() === 200,
  );
  await page.getByRole('button', { name }).click();
  await kept;
}
