/**
 * Page boot in real Chromium: a signed-in student opening /home sees 'Setting up the product, please
 * wait...' while the app initialises, and the message goes away once it has started (SPEC section 4).
 */
import { expect, test } from '@playwright/test';
import { signIn, signInByRequest } from './login-helpers';

const BLOCKING_TEXT = 'Setting up the product, please wait...';

test('the blocking message shows while the app initialises, then goes away', async ({ page }) => {
  expect(await signInByRequest(page, 'student')).toMatchObject({ success: true });

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

test('after a sign-in the session starts from the sign-in answer: no start-up call, then home', async ({
  page,
}) => {
  await page.goto('/common/login');
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/(ionic\/initialize|legacy_initialize|login_actions\.php)$/.test(pathname)) calls.push(pathname);
  });
  await signIn(page, 'student');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  expect(calls).toEqual([
    '/common/login/login_actions.php', // lookup (Next)
    '/common/login/login_actions.php', // login (Sign In): its answer carries initialize's, and that legacy_initialize's
  ]);
  // A reload is a new page: it asks initialize, as every page does, whose answer carries legacy_initialize's
  // (Atrium's backend merges the values the page would send): one round trip before home.
  calls.length = 0;
  const initialize = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/ionic/initialize'));
  await page.reload();
  const answer = (await (await initialize).json()) as { legacy_initialize?: { session_data: object } };
  expect(answer.legacy_initialize?.session_data).toMatchObject({ legacy_session: true, username: 'student' });
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  expect(calls).toEqual(['/lapi/rpc/common/ionic/initialize']);
});

test('a backend whose initialize carries no legacy_initialize answer is asked for it, then home', async ({
  page,
}) => {
  await signInByRequest(page, 'student');
  // As the legacy suite's own backend answers: initialize's fields alone.
  await page.route('**/lapi/rpc/common/ionic/initialize', async (route) => {
    const response = await route.fetch();
    const { legacy_initialize: _carried, ...answer } = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: answer });
  });
  const legacy = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/legacy_initialize'));
  await page.goto('/home');
  expect((await legacy).postDataJSON()).toMatchObject({ session_data: { company_id: 101 } });
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
});
