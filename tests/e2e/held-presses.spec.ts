/**
 * No dead clicks: what a person presses on a page the server drew, before its scripts have taken it over,
 * is held (the page's inline press capture), shows that it was taken, and is carried out once the page is
 * live: once, in order, on the control it was aimed at. Each test presses at the first paint of a page
 * whose scripts are held back until after the press, on a CPU slowed 4x as a slow phone's.
 */
import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { actAsUser } from '../real/page-holds';
import { holdScripts, untilLive } from './page-start-helpers';
import { signInToHome } from './security-helpers';

const HELD = 'data-atrium-held';

/** Opens `path` with 4x CPU and every script held: only what the server drew is on the page. */
async function openDrawn(page: Page, path: string): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#atrium-shell[data-atrium-prerendered]')).toBeAttached();
  return release;
}

/** The requests to `path` from now on. */
function requestsTo(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request);
  });
  return seen;
}

test('the user menu pressed before the page is live shows it was taken, then opens once', async ({
  page,
}) => {
  await signInToHome(page);
  const release = await openDrawn(page, '/home');
  const menu = page.getByRole('button', { name: /^User menu for / });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-busy', 'true');
  await expect(menu).toHaveAttribute(HELD, '');
  release();
  await untilLive(page);
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Current term: /)).toBeVisible();
  await expect(menu).not.toHaveAttribute('aria-busy');
  await expect(menu).not.toHaveAttribute(HELD);
});

test("a notice's Dismiss pressed before the page is live dismisses it, stored once", async ({ page }) => {
  await signInToHome(page);
  const release = await openDrawn(page, '/profile');
  const bar = page.locator('atrium-notification-bar');
  const dismiss = bar.getByRole('button', { name: /^Dismiss notification: New gradebook/ });
  await dismiss.click();
  await expect(dismiss).toHaveAttribute(HELD, '');
  release();
  await untilLive(page);
  await expect(bar).not.toContainText('New gradebook features');
  expect(await page.evaluate(() => sessionStorage.getItem('atrium.dismissedNotifications'))).toBe(
    '["welcome-gradebook"]',
  );
  // The other notices are still there: one press, one dismissal.
  await expect(bar.getByRole('button', { name: /^Dismiss notification:/ })).not.toHaveCount(0);
});

test('Ctrl+Shift+A pressed at the first paint opens the developer toolbar once it is live', async ({
  page,
}) => {
  await signInToHome(page, 'root');
  const release = await openDrawn(page, '/home');
  await expect(page.getByRole('button', { name: /^User menu for / })).toBeVisible();
  await page.keyboard.press('Control+Shift+A');
  release();
  await untilLive(page);
  const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
  await expect(toolbar).toBeVisible();
  // Carried out once: a second toggle would have closed it again.
  await expect(toolbar.getByRole('button', { name: 'Act as user' })).toBeVisible();
  await expect(toolbar).toBeVisible();
});

test('Switch back pressed as soon as the acting-as banner shows switches back, asked once', async ({
  page,
}) => {
  await signInToHome(page, 'root');
  const status = await actAsUser(page, '/home', 'faculty');
  expect(status).toBe(200);
  const switchBacks = requestsTo(page, '/lapi/rpc/dev/switch-back');
  const release = await openDrawn(page, '/home');
  const banner = page.getByRole('region', { name: 'Acting as another user' });
  const button = banner.getByRole('button', { name: 'Switch back' });
  await button.click();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('button', { name: /User menu for Robin Root/ })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await untilLive(page);
  expect(switchBacks.map((request) => request.method())).toEqual(['POST']);
});

test('a link followed before the page is live is not followed again', async ({ page }) => {
  await signInToHome(page);
  const release = await openDrawn(page, '/home');
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Curriculum' }).click();
  await page.waitForURL((url) => url.pathname === '/curriculum', { waitUntil: 'commit' });
  release();
  await untilLive(page);
  expect(navigations).toEqual(['/curriculum']);
});
