/**
 * Page boot in real Chromium. A signed-in page comes with its first screen and its start-up answer (issue
 * 17): the screen is there before any script, the boot makes no start-up call and shows no message, and
 * the scripts bring that same screen to life. A page without the answer shows 'Setting up the product,
 * please wait...' while the app initialises, and the message goes away once it has started (SPEC
 * section 4).
 */
import { expect, test } from '@playwright/test';
import { signIn, signInByRequest } from './login-helpers';
import { holdScripts, pageProblems, untilLive, withoutPageStart } from './page-start-helpers';

const BLOCKING_TEXT = 'Setting up the product, please wait...';
const START_CALLS = /\/(ionic\/initialize|legacy_initialize)$/;

test('a signed-in page: its screen before any script, no message, no start-up call; the scripts bring that screen to life', async ({
  page,
}) => {
  await signInByRequest(page, 'student');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (START_CALLS.test(new URL(request.url()).pathname)) calls.push(request.url());
  });
  const problems = pageProblems(page);
  // Scripts held until the server's screen has been looked at.
  const releaseScripts = await holdScripts(page);

  await page.goto('/home', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'Welcome, Sam Student' });
  await expect(heading).toBeVisible();
  const apps = page.getByRole('main').getByRole('list', { name: 'Apps' }).getByRole('listitem');
  await expect(apps).toHaveCount(7);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled maintenance on Sunday' })).toBeVisible();
  await expect(page.getByText(BLOCKING_TEXT)).toBeHidden();
  // The nodes on screen now, to tell hydration (kept) from a render that replaced them.
  await page.evaluate(() => {
    for (const selector of ['h1', '.atrium-topbar', '.home-launcher', 'atrium-notification-bar'])
      (document.querySelector(selector) as { atriumServed?: string } | null)!.atriumServed = selector;
  });
  const before = await heading.boundingBox();

  releaseScripts();
  // Hydrated: the shell's marker and the server's stylesheet are gone once the area has mounted.
  await expect(page.locator('[data-atrium-prerendered]')).toHaveCount(0);
  await expect(page.locator('style[data-atrium-shell-frame]')).toHaveCount(0);
  const kept = await page.evaluate(() =>
    ['h1', '.atrium-topbar', '.home-launcher', 'atrium-notification-bar'].filter(
      (selector) =>
        (document.querySelector(selector) as { atriumServed?: string } | null)?.atriumServed !== selector,
    ),
  );
  expect(kept).toEqual([]);
  expect(await heading.boundingBox()).toEqual(before);
  // The page's start-up answer (it holds the access token) has left the page.
  await expect(page.locator('#atrium-start')).toHaveCount(0);
  // Alive: the user menu opens, a card's link navigates in the page.
  await page.getByRole('button', { name: /User menu for/ }).click();
  await expect(page.getByText('Current term:')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Exams' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exams' })).toBeVisible();
  expect(calls).toEqual([]);
  expect(problems).toEqual([]);
});

test('a signed-in page whose area the server does not draw: the chrome is kept, the area mounts into it', async ({
  page,
}) => {
  await signInByRequest(page, 'student');
  const problems = pageProblems(page);
  const releaseScripts = await holdScripts(page);
  await page.goto('/system/help', { waitUntil: 'commit' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await page.evaluate(
    () => ((document.querySelector('.atrium-sidenav') as { atriumServed?: boolean }).atriumServed = true),
  );
  releaseScripts();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.locator('[data-atrium-prerendered]')).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (document.querySelector('.atrium-sidenav') as { atriumServed?: boolean }).atriumServed,
    ),
  ).toBe(true);
  expect(problems).toEqual([]);
});

test("a notice dismissed earlier in the tab is not in the drawn page's bar either: nothing moves as the bar comes alive", async ({
  page,
}) => {
  await signInByRequest(page, 'student');
  await page.goto('/system/help');
  await untilLive(page);
  const bar = page.locator('atrium-notification-bar');
  const gradebook = bar.getByRole('listitem').filter({ hasText: 'New gradebook features' });
  await expect(gradebook).toBeVisible();
  await gradebook.getByRole('button', { name: /^Dismiss notification/ }).click();
  await expect(gradebook).toHaveCount(0);

  const releaseScripts = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  const main = page.getByRole('main');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(bar.getByText('Scheduled maintenance on Sunday')).toBeVisible();
  await expect(gradebook).toHaveCount(0);
  const before = await main.boundingBox();
  releaseScripts();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.locator('[data-atrium-prerendered]')).toHaveCount(0);
  await expect(gradebook).toHaveCount(0);
  expect((await main.boundingBox())?.y).toBe(before?.y);
});

test('a page without its start-up answer shows the blocking message while the app initialises, then it goes away', async ({
  page,
}) => {
  expect(await signInByRequest(page, 'student')).toMatchObject({ success: true });
  await withoutPageStart(page);

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
  // A reload is a new page, signed in: it comes with its start-up answer (legacy session merged), and makes
  // no call before home either.
  calls.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.locator('[data-atrium-prerendered]')).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('a backend whose initialize carries no legacy_initialize answer is asked for it, then home', async ({
  page,
}) => {
  await signInByRequest(page, 'student');
  await withoutPageStart(page);
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
