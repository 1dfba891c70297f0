/** Forgot Username, New User and Forgot Password (item 5; SPEC section 8 to the letter). */
import { expect, test } from '@playwright/test';
import type { Page, Route } from '@playwright/test';
import { UNKNOWN_ERROR, enterUsername, openLogin } from './login-helpers';

async function openPrompt(page: Page, link: 'Forgot Username?' | 'New User?') {
  await openLogin(page);
  await page.getByRole('button', { name: link }).click();
  const dialog = page.getByRole('dialog', { name: link });
  await expect(dialog.getByRole('textbox', { name: 'E-mail address' })).toBeFocused();
  return dialog;
}

/** Holds a request until `release` is called, so the waiting state can be seen. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { release, wait: (route: Route) => opened.then(() => route.continue()) };
}

test('Forgot Username: Looking up information..., then Forgotten Username with the server message', async ({
  page,
}) => {
  const dialog = await openPrompt(page, 'Forgot Username?');
  const hold = gate();
  await page.route('**/common/api/lite/system/forgot_username', hold.wait);
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('student@example.edu');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Looking up information...');
  hold.release();
  const result = page.getByRole('dialog', { name: 'Forgotten Username' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('status')).not.toBeEmpty();
  await expect(result.getByRole('button', { name: 'OK' })).toBeFocused();
  await result.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Forgot Username?' })).toBeFocused();
});

test('New User: asks for an e-mail and answers with the Forgot Username titles', async ({ page }) => {
  const dialog = await openPrompt(page, 'New User?');
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('newcomer@example.edu');
  await dialog.getByRole('textbox', { name: 'E-mail address' }).press('Enter');
  await expect(page.getByRole('dialog', { name: 'Forgotten Username' })).toBeVisible();
});

test('an empty e-mail: Error / Please enter a valid e-mail address.', async ({ page }) => {
  let called = false;
  await page.route('**/common/api/lite/system/forgot_username', (route) => {
    called = true;
    return route.continue();
  });
  const dialog = await openPrompt(page, 'Forgot Username?');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error.getByRole('alert')).toHaveText('Please enter a valid e-mail address.');
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toBeFocused();
  expect(called).toBe(false);
});

test('server failure: Unable to Lookup Usernames with the server message; the value is kept', async ({
  page,
}) => {
  await page.route('**/common/api/lite/system/forgot_username', (route) =>
    route.fulfill({ json: { success: false, message: 'No account uses <b>that</b> address.' } }),
  );
  const dialog = await openPrompt(page, 'Forgot Username?');
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('nobody@example.edu');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: 'Unable to Lookup Usernames' });
  await expect(result.getByRole('alert')).toHaveText('No account uses <b>that</b> address.');
  await result.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('nobody@example.edu');
});

test('server error 500: Unable to Lookup Usernames with the unknown-error text', async ({ page }) => {
  await page.route('**/common/api/lite/system/forgot_username', (route) =>
    route.fulfill({ status: 500, body: 'Internal Server Error' }),
  );
  const dialog = await openPrompt(page, 'Forgot Username?');
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('jo@example.edu');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Unable to Lookup Usernames' }).getByRole('alert'),
  ).toHaveText(UNKNOWN_ERROR);
});

test('network failure: the unknown-error text', async ({ page }) => {
  await page.route('**/common/api/lite/system/forgot_username', (route) =>
    route.abort('internetdisconnected'),
  );
  const dialog = await openPrompt(page, 'New User?');
  await dialog.getByRole('textbox', { name: 'E-mail address' }).fill('jo@example.edu');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Unable to Lookup Usernames' }).getByRole('alert'),
  ).toHaveText(UNKNOWN_ERROR);
});

test.describe('Forgot Password', () => {
  async function openForgotPassword(page: Page) {
    await openLogin(page);
    await enterUsername(page, 'student');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password?' });
    await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue('student');
    return dialog;
  }

  test('asks for the username (prefilled) and shows Password Reset', async ({ page }) => {
    const dialog = await openForgotPassword(page);
    const hold = gate();
    await page.route('**/common/api/lite/system/forgot_password', hold.wait);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Looking up information...')).toBeVisible();
    hold.release();
    await expect(page.getByRole('dialog', { name: 'Password Reset' })).toBeVisible();
  });

  test('failure: Unable to Reset Password with the server message, or the unknown-error text', async ({
    page,
  }) => {
    const dialog = await openForgotPassword(page);
    await page.route('**/common/api/lite/system/forgot_password', (route) =>
      route.fulfill({
        json: { success: false, message: 'Password resets are turned off for this organization.' },
      }),
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const result = page.getByRole('dialog', { name: 'Unable to Reset Password' });
    await expect(result.getByRole('alert')).toHaveText(
      'Password resets are turned off for this organization.',
    );
    await page.unroute('**/common/api/lite/system/forgot_password');
    await page.route('**/common/api/lite/system/forgot_password', (route) => route.abort('connectionreset'));
    await result.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Unable to Reset Password' }).getByRole('alert'),
    ).toHaveText(UNKNOWN_ERROR);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
