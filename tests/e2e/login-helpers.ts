/** Shared steps of the login specs: people's actions, by role and label. */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const PASSWORD = 'atrium-demo';
export const UNKNOWN_ERROR =
  "An unknown error has occurred. For assistance, contact your university/organization's support contact.";

export async function openLogin(page: Page, base = ''): Promise<void> {
  await page.goto(`${base}/common/login`);
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
}

export async function enterUsername(page: Page, username: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await enterUsername(page, username);
  const passwordField = page.getByLabel('Password', { exact: true });
  await expect(passwordField).toBeFocused();
  await passwordField.fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in without the form, through `page.request`, so the session cookie lands in the page's browser
 * context: for tests about what comes after the login page. Resolves with the sign-in's answer.
 */
export async function signInByRequest(page: Page, username: string, password = PASSWORD): Promise<unknown> {
  const response = await page.request.post('/common/login/login_actions.php', {
    data: { action: 'login', username, password },
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

/** The heading of the slide on show (hidden slides are not in the accessibility tree). */
export function currentSlide(page: Page) {
  return page.getByRole('region', { name: 'Apps of the suite' }).getByRole('heading', { level: 2 });
}

/** The apps in carousel order, read from the picker's tab names. */
export async function carouselOrder(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const names: string[] = [];
  for (const tab of await tabs.all())
    names.push((await tab.getAttribute('aria-controls')) ? await accessibleName(tab) : '');
  return names;
}

async function accessibleName(locator: ReturnType<Page['getByRole']>): Promise<string> {
  return locator
    .locator('img')
    .getAttribute('alt')
    .then((alt) => alt ?? '');
}
