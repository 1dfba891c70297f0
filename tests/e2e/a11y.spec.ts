/**
 * axe-core over every page, and every open dialog, menu and popover, with WCAG 2.2 AA and best-practice
 * rules (region, aria-dialog-name, colour contrast...). No violations allowed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { enterUsername, openLogin } from './login-helpers';
import { untilLive } from './page-start-helpers';
import { bundleUrl } from './security-helpers';

// Each test here stands alone (its own sign-in, its own page): both workers take this long file's tests, so
// it does not run on alone at the end of the suite.
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function expectNoViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact ?? ''}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `${what}:\n${summary.join('\n')}`).toEqual([]);
}

/** A cookie session without the login page (the login page has its own tests here). */
async function signInQuietly(page: Page, username: string): Promise<void> {
  const response = await page.request.post('/common/login/login_actions.php', {
    data: { action: 'login', username, password: 'atrium-demo' },
  });
  expect(await response.json()).toMatchObject({ success: true });
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Setting up the product, please wait...')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

test.describe('login', () => {
  test('username, organisation and password steps', async ({ page }) => {
    await openLogin(page);
    await expectNoViolations(page, 'username step');
    await enterUsername(page, 'faculty');
    await expect(page.getByText('Welcome back! Choose an organization to continue:')).toBeVisible();
    await expectNoViolations(page, 'organisation step');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expectNoViolations(page, 'password step');
  });

  test('the forgot-username and forgot-password prompts', async ({ page }) => {
    await openLogin(page);
    await page
      .getByRole('link', { name: 'Forgot Username?' })
      .or(page.getByRole('button', { name: 'Forgot Username?' }))
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, 'forgot-username prompt');
    await page.keyboard.press('Escape');
    await enterUsername(page, 'student');
    await page
      .getByRole('link', { name: 'Forgot Password?' })
      .or(page.getByRole('button', { name: 'Forgot Password?' }))
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, 'forgot-password prompt');
  });

  test('the external sign-in prompt', async ({ page }) => {
    await openLogin(page);
    await enterUsername(page, 'sso');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoViolations(page, 'external sign-in');
  });
});

test.describe('the shell', () => {
  for (const path of [
    '/home',
    '/start',
    '/system/help',
    '/profile',
    '/ei3',
    '/evaluations',
    '/ext/legacy/',
    '/no/such/page',
  ]) {
    test(`page ${path}`, async ({ page }) => {
      await signInQuietly(page, 'student');
      await page.goto(path);
      await settled(page);
      await expectNoViolations(page, path);
    });
  }

  test('the user menu open', async ({ page }) => {
    await signInQuietly(page, 'student');
    await page.goto('/home');
    await settled(page);
    await untilLive(page);
    await page.getByRole('button', { name: /User menu for/ }).click();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expectNoViolations(page, 'user menu');
  });

  test("an area's error card", async ({ page, request, baseURL }) => {
    const helpUrl = await bundleUrl(request, baseURL ?? '', '@atrium/area-help');
    await signInQuietly(page, 'student');
    await page.route(helpUrl, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/system/help');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expectNoViolations(page, 'error card');
  });

  test('a notification modal', async ({ page }) => {
    await signInQuietly(page, 'student');
    await page.goto('/system/help');
    await settled(page);
    await page.getByText('Our privacy policy has been updated', { exact: false }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, 'notification modal');
  });
});

async function openToolbar(page: Page): Promise<Locator> {
  const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
  await expect(async () => {
    if (!(await toolbar.isVisible())) await page.keyboard.press('Control+Shift+A');
    await expect(toolbar).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  return toolbar;
}

test.describe('root tools', () => {
  test('the developer toolbar open', async ({ page }) => {
    await signInQuietly(page, 'root');
    await page.goto('/home');
    await settled(page);
    await openToolbar(page);
    await expectNoViolations(page, 'developer toolbar');
  });

  test('the support-request selector of the video flow', async ({ page }) => {
    await signInQuietly(page, 'root');
    await page.goto('/home');
    await settled(page);
    const toolbar = await openToolbar(page);
    await toolbar.getByRole('button', { name: 'Record video' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose a support request' })).toBeVisible();
    await expectNoViolations(page, 'support-request selector');
  });

  test('a legacy page with the widgets', async ({ page }) => {
    await signInQuietly(page, 'root');
    await page.goto('/legacy/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'legacy page');
    await openToolbar(page);
    await expectNoViolations(page, 'legacy page, toolbar open');
  });
});
