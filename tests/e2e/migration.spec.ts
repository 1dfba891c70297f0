/**
 * Moving between the new pages and the legacy screens, as a root user and a student do all day: the
 * migration map's links both ways, the school picker landing on a school home in production, acting as
 * another user with a way back in every tab, the classic page when a new one is down, and the unread count.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { holdScripts } from './page-start-helpers';
import { AREA_FAILED, bundleUrl, signInToHome } from './security-helpers';

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const toolbar = (page: Page) => page.getByRole('region', { name: 'Developer toolbar' });

async function openToolbar(page: Page): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Control+Shift+A');
    await expect(toolbar(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('root swaps to the legacy counterpart of the current page, and comes back to the same page', async ({
  page,
}) => {
  await signInToHome(page, 'root');
  await page.goto('/evaluations/forms/12');
  await expect(page.getByRole('heading', { level: 1, name: /Evaluations/ })).toBeVisible();
  await openToolbar(page);
  const swap = toolbar(page).getByRole('link', { name: 'Swap to Legacy' });
  await expect(swap).toHaveAttribute('href', '/legacy/evaluations/form.php?id=12');
  await expect(toolbar(page).getByRole('link', { name: 'Open in the new Atrium' })).toHaveCount(0);
  await swap.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Evaluation form 12 (legacy)' })).toBeVisible();
  // The widgets are up once the bar shows the notices; the toolbar's code loads on the first shortcut.
  await expect(page.locator('atrium-notification-bar').getByRole('status')).toContainText(
    'Scheduled maintenance',
  );
  await openToolbar(page);
  await expect(toolbar(page).getByRole('link', { name: 'Swap to Legacy' })).toHaveCount(0);
  await toolbar(page).getByRole('link', { name: 'Open in the new Atrium' }).click();
  await page.waitForURL((url) => url.pathname === '/evaluations/forms/12');
  await expect(page.getByRole('heading', { level: 1, name: /Evaluations/ })).toBeVisible();

  // A page the map does not name swaps to the legacy home.
  await page.goto('/hub');
  await openToolbar(page);
  await expect(toolbar(page).getByRole('link', { name: 'Swap to Legacy' })).toHaveAttribute(
    'href',
    '/legacy/',
  );
});

test('a student on a legacy screen finds the page that replaces it', async ({ page }) => {
  await signInToHome(page);
  await page.goto('/legacy/scheduling/calendar.php');
  await page.getByRole('link', { name: 'This page in the new Atrium' }).click();
  await page.waitForURL((url) => url.pathname === '/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Rotation Scheduling' })).toBeVisible();
});

test('root switching school from the shell lands on that school home in production', async ({ page }) => {
  await signInToHome(page, 'root');
  await openToolbar(page);
  const picker = toolbar(page).getByRole('combobox', { name: 'Switch school' });
  await picker.fill('nurs');
  await page.getByRole('option', { name: /nursing-east/ }).click();
  await page.waitForURL((url) => url.pathname === '/nursing-east/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Eastern College of Nursing (102 / 1002)' }),
  ).toBeVisible();
  await expect(page.getByText('You are now working in nursing-east.')).toBeVisible();
  await expect(page.getByText('There is no page at')).toHaveCount(0);
});

test('acting as another user shows the banner in the shell, and Switch back restores root in every tab', async ({
  page,
  context,
}) => {
  await signInToHome(page, 'root');
  await openToolbar(page);
  const switcher = toolbar(page).getByLabel('Switch user');
  await expect(switcher).toBeEnabled();
  await switcher.selectOption('faculty');
  await toolbar(page).getByRole('button', { name: 'Act as user' }).click();

  const banner = (p: Page) => p.getByRole('region', { name: 'Acting as another user' });
  await expect(banner(page)).toContainText('Acting as Dr. Farah (faculty); signed in as root.');
  // Faculty has no toolbar: the banner is the shell's own.
  await expect(page.getByRole('region', { name: 'Developer toolbar' })).toHaveCount(0);
  // The banner, the unread badge (faculty has some) and the folded notices, all accessible.
  await expect(page.getByRole('button', { name: /^User menu for/ })).toHaveAccessibleName(/unread/);
  await expectNoAxeViolations(page);

  // The other tab is drawn by the server, its scripts held back: the switch happens before it can listen.
  const other = await context.newPage();
  const releaseScripts = await holdScripts(other);
  await other.goto('/profile', { waitUntil: 'commit' });
  await expect(banner(other)).toBeVisible();

  await banner(page).getByRole('button', { name: 'Switch back' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /User menu for Robin Root/ })).toBeVisible();
  releaseScripts();
  // The other tab finds the switch made after its page was requested, and reloads as root too.
  await expect(banner(other)).toHaveCount(0);
  await expect(other.getByRole('button', { name: /User menu for Robin Root/ })).toBeVisible();
});

test('an area that stays down after Retry offers its classic page', async ({ page, request, baseURL }) => {
  const url = await bundleUrl(request, baseURL ?? '', '@atrium/area-evaluations');
  await page.route(`${url}*`, (route) => route.fulfill({ status: 503, body: 'down' }));
  await signInToHome(page);
  await page.goto('/evaluations/forms/7');
  await expect(page.getByText(AREA_FAILED).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the classic page' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Retry' }).click();
  const classic = page.getByRole('link', { name: 'Open the classic page' });
  await expect(classic).toHaveAttribute('href', '/legacy/evaluations/form.php?id=7');
  await classic.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Evaluation form 7 (legacy)' })).toBeVisible();
});

test('the user menu shows the unread count, refreshes it on return to the tab and hides it on failure', async ({
  page,
}) => {
  await signInToHome(page);
  const menu = page.getByRole('button', { name: /^User menu for/ });
  await expect(menu).toHaveAccessibleName(/3 unread notifications$/);

  let answer: { status: number; body: string } = { status: 500, body: '{}' };
  await page.route('**/lapi/rpc/common/notifications/unread-count', (route) =>
    route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
  );
  const returnToTab = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await returnToTab();
  await expect(menu).not.toHaveAccessibleName(/unread/);
  answer = { status: 200, body: JSON.stringify({ count: 1 }) };
  await returnToTab();
  await expect(menu).toHaveAccessibleName(/1 unread notification$/);
});

test('the skip link of a legacy page shows only when it has keyboard focus', async ({ page }) => {
  await page.goto('/legacy/terms');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});
