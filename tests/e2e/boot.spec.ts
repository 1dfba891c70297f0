/**
 * Page boot in real Chromium: a signed-in student opening /home sees 'Setting up the product, please
 * wait...' while the app initialises, and the message goes away once it has started (SPEC section 4).
 */
import { expect, test } from '@playwright/test';

const BLOCKING_TEXT = 'Setting up the product, please wait...';

test('the blocking message shows while the app initialises, then goes away', async ({ page }) => {
  // Through page.request so the session cookie lands in this browser context.
  const login = await page.request.post('/common/login/login_actions.php', {
    data: { action: 'login', username: 'student', password: 'atrium-demo' },
  });
  expect(login.ok()).toBe(true);
  expect(await login.json()).toMatchObject({ success: true });

  // Hold initialize until the message has been seen, so the test does not race a fast server.
  let releaseInitialize: () => void = () => {};
  const initializeHeld = new Promise<void>((resolve) => {
    releaseInitialize = resolve;
  });
  await page.route('**/lapi/rpc/common/ionic/initialize', async (route) => {
    await initializeHeld;
    await route.continue();
  });

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/home', { waitUntil: 'commit' });
  const blocking = page.getByRole('status').filter({ hasText: BLOCKING_TEXT });
  await expect(blocking).toBeVisible();
  releaseInitialize();
  await expect(blocking).toBeHidden();
  await expect(page.getByText('Part of the page failed to load.')).toBeHidden();
  expect(errors).toEqual([]);
});

test('the login page does not show the blocking message', async ({ page }) => {
  await page.goto('/common/login');
  await expect(page.getByText(BLOCKING_TEXT)).toBeHidden();
});
