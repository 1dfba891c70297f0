/**
 * The login steps for every demo account of DESIGN.md, against the real server (items 1-4, 10
 * and "bad input"). Server failures are injected with page.route.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, UNKNOWN_ERROR, enterUsername, openLogin, signIn } from './login-helpers';

// Each test here stands alone (its own sign-in, its own page): both workers take this long file's tests, so
// it does not run on alone at the end of the suite.
test.describe.configure({ mode: 'parallel' });

test.describe('username step', () => {
  test('Next is disabled while the username is invalid, and Enter submits', async ({ page }) => {
    await openLogin(page);
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    const username = page.getByRole('textbox', { name: 'Username' });
    await username.fill('   ');
    await expect(next).toBeDisabled();
    await username.fill('x'.repeat(65));
    await expect(next).toBeDisabled();
    await expect(page.getByText('A username has at most 64 characters.')).toBeVisible();
    await username.fill('student');
    await expect(next).toBeEnabled();
    await username.press('Enter');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Forgot Username?' })).toBeHidden();
  });

  test('shows the help links', async ({ page }) => {
    await openLogin(page);
    await expect(page.getByRole('button', { name: 'Forgot Username?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New User?' })).toBeVisible();
  });
});

test.describe('demo accounts', () => {
  test('student: straight to the password step, then home', async ({ page }) => {
    await openLogin(page);
    await enterUsername(page, 'student');
    const readOnly = page.getByRole('textbox', { name: 'Username' });
    await expect(readOnly).toHaveValue('student');
    await expect(readOnly).toHaveAttribute('readonly', '');
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    await expect(signInButton).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Forgot Password?' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signInButton.click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('faculty: chooses an organisation first; Back returns to it', async ({ page }) => {
    await openLogin(page);
    await enterUsername(page, 'faculty');
    const group = page.getByRole('group', { name: 'Welcome back! Choose an organization to continue:' });
    await expect(group).toBeVisible();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    const organisations = group.getByRole('radio');
    expect(await organisations.count()).toBeGreaterThan(1);
    await expect(organisations.first()).toBeFocused();
    // Keyboard: arrows move through the radio group, Space/arrow selects.
    await page.keyboard.press('ArrowDown');
    await expect(organisations.nth(1)).toBeChecked();
    await continueButton.click();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(organisations.nth(1)).toBeChecked();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('faculty');
    await enterUsername(page, 'faculty');
    await organisations.first().check();
    await continueButton.click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  for (const username of ['root', 'hq']) {
    test(`${username}: signs in and lands home`, async ({ page }) => {
      await openLogin(page);
      await signIn(page, username);
      await expect(page).toHaveURL(/\/home$/);
    });
  }

  test('restricted: the boot sequence sends them to their legacy redirect or start', async ({ page }) => {
    await openLogin(page);
    await signIn(page, 'restricted');
    await expect(page).not.toHaveURL(/\/common\/login/);
    await expect(page).not.toHaveURL(/\/home$/);
  });

  test('returnUrl: another site is refused (home instead)', async ({ page }) => {
    await page.goto('/common/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    await signIn(page, 'student');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
  });

  test('returnUrl: a same-origin path is where the user lands', async ({ page }) => {
    await page.goto('/common/login?returnUrl=%2Fscheduling');
    await signIn(page, 'student');
    await expect(page).toHaveURL(/\/scheduling$/);
  });
});

test.describe('wrong password and failures', () => {
  test('a wrong password: a clear error, the password cleared, the username kept', async ({ page }) => {
    await openLogin(page);
    await signIn(page, 'student', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('incorrect');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('student');
  });

  test('login_actions answering 500: unknown-error text, what was typed is kept', async ({ page }) => {
    await openLogin(page);
    await enterUsername(page, 'student');
    await page.route('**/common/login/login_actions.php', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"boom","message":"SQLSTATE[42000]"}}',
      }),
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(UNKNOWN_ERROR);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('student');
  });

  test('login_actions answering garbage to the lookup: unknown-error text, the username kept', async ({
    page,
  }) => {
    await page.route('**/common/login/login_actions.php', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '<html>oops' }),
    );
    await openLogin(page);
    await enterUsername(page, 'student');
    await expect(page.getByRole('alert')).toHaveText(UNKNOWN_ERROR);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('student');
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeEditable();
  });

  test('a network failure: unknown-error text', async ({ page }) => {
    await page.route('**/common/login/login_actions.php', (route) => route.abort('connectionrefused'));
    await openLogin(page);
    await enterUsername(page, 'student');
    await expect(page.getByRole('alert')).toHaveText(UNKNOWN_ERROR);
  });

  test('hostile text in a username or a server message is shown as text, never run', async ({ page }) => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    await openLogin(page);
    await enterUsername(page, hostile);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(hostile);
    await page.route('**/common/login/login_actions.php', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: `${hostile}<script>window.__pwned=2</script>` }),
      }),
    );
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('<img src=x onerror=');
    await expect(page.getByRole('alert')).toContainText('<script>');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

test.describe('external sign-in (sso)', () => {
  test('the popup authenticates, then Sign In lands home', async ({ page }) => {
    await openLogin(page);
    const popupPromise = page.waitForEvent('popup');
    await enterUsername(page, 'sso');
    const popup = await popupPromise;
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: 'external popup' })).toHaveText(
      'Follow the instructions in the external popup to authenticate, then click Sign In.',
    );
    const closed = popup.waitForEvent('close');
    // The popup closes itself in its click handler, which can end Playwright's click before it returns
    // (more often while the opener, sharing its process, loads what Sign In needs next).
    await popup
      .getByRole('button', { name: 'Continue as sso' })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    await closed;
    await expect(page.getByText('You are authenticated. Click Sign In to continue.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('Back returns to choosing a different user and closes the popup', async ({ page }) => {
    await openLogin(page);
    const popupPromise = page.waitForEvent('popup');
    await enterUsername(page, 'sso');
    const popup = await popupPromise;
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
    await expect.poll(() => popup.isClosed()).toBe(true);
  });

  test('Sign In before the popup finished says what to do', async ({ page }) => {
    await openLogin(page);
    const popupPromise = page.waitForEvent('popup');
    await enterUsername(page, 'sso');
    await popupPromise;
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Finish signing in in the popup window first, then click Sign In.',
    );
  });

  test('a popup closed by the user is reported, and can be opened again', async ({ page }) => {
    await openLogin(page);
    const popupPromise = page.waitForEvent('popup');
    await enterUsername(page, 'sso');
    const popup = await popupPromise;
    await popup.close();
    await expect(page.getByText('The sign-in popup was closed before you finished.')).toBeVisible();
    const again = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open Sign-In Popup' }).click();
    await again;
    await expect(page.getByText('Follow the instructions in the external popup')).toBeVisible();
  });

  test('a blocked popup is reported', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openLogin(page);
    await enterUsername(page, 'sso');
    await expect(page.getByText('Your browser blocked the sign-in popup.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open Sign-In Popup' })).toBeVisible();
  });

  test('a message from a foreign origin is refused with a clear message', async ({ page }) => {
    await openLogin(page);
    const popupPromise = page.waitForEvent('popup');
    await enterUsername(page, 'sso');
    await popupPromise;
    await page.evaluate(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'http://127.0.0.1.evil.example',
          data: { type: 'atrium-sso', state: 'forged', code: 'forged' },
        }),
      );
    });
    await expect(page.getByText('A message from another website was ignored.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('first');
    await expect(page).toHaveURL(/\/common\/login/);
  });
});

test.describe('footer and page weight', () => {
  test('Terms of Use, Privacy Policy and the copyright year', async ({ page }) => {
    await openLogin(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', /.+/);
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', /.+/);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('the login page runs no shell, area or dev toolbar code, and only prefetches the shell and home', async ({
    page,
  }) => {
    // What home needs after sign-in is prefetched (fetched at idle into the cache, never run).
    const requests: Promise<{ url: string; prefetch: boolean }>[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script' && !request.url().endsWith('.js')) return;
      requests.push(
        request.allHeaders().then((headers) => ({
          url: request.url(),
          prefetch: /prefetch/.test(headers['sec-purpose'] ?? ''),
        })),
      );
    });
    await openLogin(page);
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(requests);
    const scripts = all.filter((entry) => !entry.prefetch).map((entry) => entry.url);
    const prefetched = all.filter((entry) => entry.prefetch).map((entry) => entry.url);
    expect(scripts.some((url) => url.includes('atrium-login'))).toBe(true);
    // Fetched, not run: SystemJS loading one would be a script request of its own (answered from the cache).
    expect(scripts.filter((url) => /atrium-shell|atrium-area-|widgets|toolbar/.test(url))).toEqual([]);
    expect(prefetched.some((url) => url.includes('atrium-shell'))).toBe(true);
    expect(prefetched.some((url) => url.includes('atrium-area-home'))).toBe(true);
    expect(prefetched.filter((url) => /atrium-area-(?!home)|widgets|toolbar/.test(url))).toEqual([]);
  });

  test('once the username is known, the shell and home are loaded ahead, and Sign In fetches no script', async ({
    page,
  }) => {
    // The password step is when the login page loads what a sign-in needs next.
    const scripts: Promise<string | null>[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        request
          .allHeaders()
          .then((headers) => (/prefetch/.test(headers['sec-purpose'] ?? '') ? null : request.url())),
      );
    });
    const run = async () => (await Promise.all(scripts)).filter((url): url is string => url !== null);
    const ahead = /\/atrium-shell\.[0-9a-f]+\.js$|\/atrium-area-home\./;
    await openLogin(page);
    await page.waitForLoadState('networkidle');
    expect((await run()).filter((url) => ahead.test(url))).toEqual([]);

    await enterUsername(page, 'student');
    const passwordField = page.getByLabel('Password', { exact: true });
    await expect(passwordField).toBeFocused();
    await expect.poll(async () => (await run()).filter((url) => ahead.test(url)).length).toBe(2);
    const before = (await run()).length;
    await passwordField.fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    expect((await run()).slice(before)).toEqual([]);
  });
});
