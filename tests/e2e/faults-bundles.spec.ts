/**
 * Fault tolerance of loading: an area bundle that answers 404, hangs, fails its integrity check or throws;
 * a broken import map. The user sees a clear message, the rest keeps working, and Retry recovers without a
 * manual reload.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { AREA_FAILED, bundleUrl, signInToHome } from './security-helpers';
import { PASSWORD, enterUsername, openLogin } from './login-helpers';

async function expectHelpRecoversOnRetry(page: Page, helpUrl: string): Promise<void> {
  await expect(page.getByText(AREA_FAILED).first()).toBeVisible();
  // The rest of the shell still works: the logo still takes the user home... but first, recover in place.
  await page.unroute(helpUrl);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
}

test.describe('an area bundle that fails', () => {
  let helpUrl = '';
  test.beforeEach(async ({ page, request, baseURL }) => {
    helpUrl = await bundleUrl(request, baseURL ?? '', '@atrium/area-help');
    await signInToHome(page);
  });

  test('answers 404: error card, then Retry loads it', async ({ page }) => {
    await page.route(helpUrl, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/system/help');
    await expectHelpRecoversOnRetry(page, helpUrl);
  });

  test('answers 404 on a direct load of a drawn page: no page error, the shell keeps its markup, Retry works', async ({
    page,
    request,
    baseURL,
  }) => {
    const curriculumUrl = await bundleUrl(request, baseURL ?? '', '@atrium/area-curriculum');
    await page.route(curriculumUrl, (route) => route.fulfill({ status: 404, body: 'not found' }));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The top bar the server drew, kept as parsed (before any module has run): the one on screen afterwards
    // when the shell hydrated it rather than rendering it again.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawnBar: Element | null }).drawnBar =
          document.querySelector('#atrium-shell header');
      });
    });
    await page.goto('/curriculum');
    await expect(page.getByText(AREA_FAILED).first()).toBeVisible();
    expect(
      await page.evaluate(() => {
        const drawn = (window as unknown as { drawnBar: Element | null }).drawnBar;
        return drawn !== null && drawn.isConnected;
      }),
    ).toBe(true);
    await page.unroute(curriculumUrl);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Curriculum' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('throws when it runs: error card, then Retry loads it', async ({ page }) => {
    await page.route(helpUrl, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'throw new Error("boom at load");',
      }),
    );
    await page.goto('/system/help');
    await expectHelpRecoversOnRetry(page, helpUrl);
  });

  test('fails its integrity check: error card, then Retry loads the real one', async ({ page }) => {
    await page.route(helpUrl, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n;` });
    });
    await page.goto('/system/help');
    await expectHelpRecoversOnRetry(page, helpUrl);
  });

  test('hangs: the shell gives up, says so, and the rest of the page works', async ({ page }) => {
    await page.clock.install();
    await page.route(helpUrl, () => {
      // Never answered.
    });
    // A hanging module script would hold the load event: wait for the shell, not for 'load'.
    await page.goto('/system/help', { waitUntil: 'commit' });
    await expect(page.getByText('Setting up the product, please wait...')).toBeHidden();
    // The shell starts the area's timer once it mounts: move time on until it has given up.
    const card = page.getByText("This part of Atrium couldn't be loaded");
    await expect(async () => {
      await page.clock.fastForward(5_000);
      await expect(card).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await page.unroute(helpUrl);
    await page
      .getByRole('link', { name: /Atrium|home/i })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  });

  test('throws on mount: error card, the other areas still open', async ({ page }) => {
    // A module that loads but whose parcel throws while mounting.
    await page.route(helpUrl, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: `System.register([], function (e) { return { execute: function () {
          e({ bootstrap: function () { return Promise.resolve(); },
              mount: function () { return Promise.reject(new Error('boom at mount')); },
              unmount: function () { return Promise.resolve(); } });
        } }; });`,
      }),
    );
    await page.goto('/system/help');
    await expect(page.getByText(AREA_FAILED).first()).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  });
});

test.describe('a broken import map', () => {
  for (const [label, replacement] of [
    ['invalid JSON', '{ "imports": { '],
    ['a map without the apps', '{ "imports": {} }'],
  ] as const) {
    test(`${label}: the page says part of it failed to load instead of staying blank`, async ({ page }) => {
      await page.route('**/home', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(<script type="systemjs-importmap"[^>]*>)[\s\S]*?(<\/script>)/,
          `$1${replacement}$2`,
        );
        await route.fulfill({ response, body: html });
      });
      await page.goto('/home');
      await expect(
        page.getByRole('alert').filter({ hasText: 'Part of the page failed to load.' }),
      ).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Setting up the product' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Reload' })).toBeVisible();
    });
  }

  test('the page itself answering 500 from a proxy: the browser shows the error body, no app code runs', async ({
    page,
  }) => {
    await page.route('**/home', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failed' }),
    );
    const response = await page.goto('/home');
    expect(response?.status()).toBe(500);
    await expect(page.getByText('upstream failed')).toBeVisible();
  });
});

/**
 * The developer toolbar is a chunk of the shell's own, fetched only for root and headquarters
 * users once their shell has rendered. Its chunk file is named `atrium-shell.<id>.<hash>.js` like the
 * shell's other chunks; these tests find it as the one asked for after a root user's home has painted.
 */
test.describe('the developer toolbar chunk', () => {
  const SHELL_CHUNK = /\/assets\/atrium-shell\.\d+\.[0-9a-f]+\.js$/;

  test("a student's home never asks for it", async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (SHELL_CHUNK.test(request.url())) chunks.push(request.url());
    });
    await signInToHome(page);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    // The notices and the unread count have come and gone by now; the toolbar was never asked for.
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
  });

  test('a Ctrl+Shift+A pressed while it is still on its way opens the toolbar when it arrives', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SHELL_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await signInToHome(page, 'root');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await page.keyboard.press('Control+Shift+A');
    const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
    await expect(toolbar).toBeHidden();
    release();
    await expect(toolbar).toBeVisible();
  });

  test('failing to load: the page says part of it failed, and the shell goes on working', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route(SHELL_CHUNK, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await signInToHome(page, 'root');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Part of the page failed to load.' }),
    ).toBeVisible();
    expect(errors.some((text) => text.includes('the developer toolbar failed to load'))).toBe(true);
    await page.getByRole('link', { name: 'Help' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  });
});

test("home's bundle failing while the password is typed: Sign In still lands on a working home", async ({
  page,
  request,
  baseURL,
}) => {
  // The login page loads the landing area ahead; that early load failing is nobody's to see.
  const homeUrl = await bundleUrl(request, baseURL ?? '', '@atrium/area-home');
  let failed = 0;
  await page.route(homeUrl, (route) => {
    failed += 1;
    return route.fulfill({ status: 503, body: 'unavailable' });
  });
  await openLogin(page);
  await enterUsername(page, 'student');
  const passwordField = page.getByLabel('Password', { exact: true });
  await expect(passwordField).toBeFocused();
  await expect.poll(() => failed).toBeGreaterThan(0);
  await page.unroute(homeUrl);
  await passwordField.fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('list', { name: 'Apps' })).toBeVisible();
  await expect(page.getByText("This part of Atrium couldn't be loaded")).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Part of the page failed to load.' })).toBeHidden();
});

/** The boot sequence's own chunk of the root config (`atrium-root-config.<id>.<hash>.js`; lazy-boot.ts). */
const BOOT_CHUNK = /\/assets\/atrium-root-config\.\d+\.[0-9a-f]+\.js$/;

test('the boot chunk failing to load on a signed-in page: it says part of it failed, no endless spinner', async ({
  page,
}) => {
  await signInToHome(page);
  await page.route(BOOT_CHUNK, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Part of the page failed to load.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Setting up the product' })).toBeHidden();
  // Reload is the way back once the file can be fetched again.
  await page.unroute(BOOT_CHUNK);
  await page.getByRole('link', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Part of the page failed to load.' })).toBeHidden();
});
