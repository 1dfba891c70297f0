/**
 * Fault tolerance of the session: initialize answering 401, 500, a malformed body or nothing; the API
 * going away mid-session and coming back; sign-in failures keep what the user typed.
 */
import { expect, test } from '@playwright/test';
import type { Page, Route } from '@playwright/test';
import { PASSWORD, UNKNOWN_ERROR, enterUsername, openLogin } from './login-helpers';
import { AREA_FAILED, bundleUrl, signInToHome } from './security-helpers';
import { withoutPageStart } from './page-start-helpers';

const INITIALIZE = '**/lapi/rpc/common/ionic/initialize';
const BOOT_FAILED = "We couldn't set up your session";

async function failInitializeThenRecover(page: Page, fail: (route: Route) => Promise<void>): Promise<void> {
  await signInToHome(page);
  // The page's own call, not the answer a signed-in page comes with.
  await withoutPageStart(page);
  await page.route(INITIALIZE, fail);
  await page.goto('/system/help');
  await expect(page.getByText(BOOT_FAILED)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Setting up the product' })).toBeHidden();
  await page.unroute(INITIALIZE);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.getByText(BOOT_FAILED)).toHaveCount(0);
}

test.describe('initialize fails', () => {
  test('401: the user is sent to sign in, with the page to come back to', async ({ page, baseURL }) => {
    await page.route(INITIALIZE, (route) =>
      route.fulfill({ status: 401, json: { error: { code: 'unauthorized', message: 'Sign in' } } }),
    );
    await page.goto('/system/help');
    await expect(page).toHaveURL(
      `${baseURL ?? ''}/common/login?returnUrl=${encodeURIComponent('/system/help')}`,
    );
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  });

  test('500: a clear message, and Retry recovers without a reload', async ({ page }) => {
    await failInitializeThenRecover(page, (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Something went wrong on the server.' } },
      }),
    );
  });

  test('a malformed body: a clear message, and Retry recovers', async ({ page }) => {
    await failInitializeThenRecover(page, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"sis": 12, "mobile": ' }),
    );
  });

  test('no answer at all: a clear message, and Retry recovers', async ({ page }) => {
    await failInitializeThenRecover(page, (route) => route.abort('connectionreset'));
  });
});

test.describe('the network goes away mid-session and comes back', () => {
  test('an area that cannot be fetched says so; once back, Retry opens it', async ({
    page,
    request,
    baseURL,
  }) => {
    const helpUrl = await bundleUrl(request, baseURL ?? '', '@atrium/area-help');
    await signInToHome(page);
    await page.route(helpUrl, (route) => route.abort('internetdisconnected'));
    await page.route('**/lapi/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Help' }).first().click();
    await expect(page.getByText(AREA_FAILED).first()).toBeVisible();
    await page.unroute(helpUrl);
    await page.unroute('**/lapi/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  });
});

test.describe('sign-in failures keep what the user typed', () => {
  test('the username lookup failing shows the unknown error and keeps the username', async ({ page }) => {
    await openLogin(page);
    await page.route('**/common/login/login_actions.php', (route) => route.abort('connectionreset'));
    await enterUsername(page, 'student');
    await expect(page.getByText(UNKNOWN_ERROR)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('student');
    await page.unroute('**/common/login/login_actions.php');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });

  test('a sign-in whose session start is malformed shows the unknown error; Sign In again gets home', async ({
    page,
  }) => {
    await openLogin(page);
    // The sign-in succeeds, but the initialize answer it carries is not what the client can use.
    await page.route('**/common/login/login_actions.php', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { initialize?: Record<string, unknown> };
      if (body.initialize) body.initialize['sis'] = 'not a session';
      await route.fulfill({ response, json: body });
    });
    await enterUsername(page, 'student');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(UNKNOWN_ERROR)).toBeVisible();
    await expect(page).toHaveURL(/\/common\/login/);
    await expect(password).toHaveValue(PASSWORD);
    await page.unroute('**/common/login/login_actions.php');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  });
});
