/** axe-core on each step and prompt of the login page: no violations. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { enterUsername, openLogin } from './login-helpers';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('username, password and error states', async ({ page }) => {
  await openLogin(page);
  await expectNoViolations(page);
  await enterUsername(page, 'student');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expectNoViolations(page);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page);
});

test('organisation step', async ({ page }) => {
  await openLogin(page);
  await enterUsername(page, 'faculty');
  await expect(page.getByRole('radio').first()).toBeFocused();
  await expectNoViolations(page);
});

test('external sign-in step', async ({ page }) => {
  await openLogin(page);
  const popup = page.waitForEvent('popup');
  await enterUsername(page, 'sso');
  await (await popup).close();
  await expect(page.getByText('The sign-in popup was closed')).toBeVisible();
  await expectNoViolations(page);
});

test('prompts: form, waiting, result', async ({ page }) => {
  await openLogin(page);
  await page.getByRole('button', { name: 'Forgot Username?' }).click();
  await expect(page.getByRole('dialog', { name: 'Forgot Username?' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'New User?' }).click();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('jo@example.edu');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Forgotten Username' })).toBeVisible();
  await expectNoViolations(page);
});

test('narrow screens: the showcase view', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await openLogin(page);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Explore the Apps' }).click();
  await expectNoViolations(page);
});
