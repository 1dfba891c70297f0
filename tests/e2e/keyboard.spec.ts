/** Keyboard-only walk-throughs (page.keyboard only, no clicks), with a visible focus indicator throughout. */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { untilLive } from './page-start-helpers';

/** The focused element draws an outline or a box-shadow ring: focus is visible. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body) return 'none';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? 'visible' : `invisible on ${element.tagName}`;
  });
  expect(ring).toBe('visible');
}

async function tabTo(page: Page, name: RegExp | string, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`never reached ${String(name)} with Tab`);
}

test('sign in with the keyboard only, through the organisation step', async ({ page, baseURL }) => {
  await page.goto('/common/login');
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('faculty');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Welcome back! Choose an organization to continue:')).toBeVisible();
  // Focus moves to the step's first field: the first organisation of the radio group.
  await expect(page.getByRole('radio').first()).toBeFocused();
  // Arrow keys move within the radio group; Space selects the focused one.
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await expectVisibleFocus(page);
  await tabTo(page, 'Continue');
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('atrium-demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${baseURL ?? ''}/home`);
});

test('the user menu opens, closes with Escape (focus back on its button) and logs out by keyboard', async ({
  page,
}) => {
  const response = await page.request.post('/common/login/login_actions.php', {
    data: { action: 'login', username: 'student', password: 'atrium-demo' },
  });
  expect(response.ok()).toBe(true);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await untilLive(page);
  await tabTo(page, /User menu for/);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const menuButton = page.getByRole('button', { name: /User menu for/ });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, 'Log out', 5);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/common\/login/);
});

test('the developer toolbar and the video selector by keyboard', async ({ page }) => {
  const response = await page.request.post('/common/login/login_actions.php', {
    data: { action: 'login', username: 'root', password: 'atrium-demo' },
  });
  expect(response.ok()).toBe(true);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
  await expect(async () => {
    if (!(await toolbar.isVisible())) await page.keyboard.press('Control+Shift+A');
    await expect(toolbar).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await tabTo(page, 'Record video');
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const selector = page.getByRole('dialog', { name: 'Choose a support request' });
  await expect(selector).toBeVisible();
  // Focus is inside the dialog, and Escape closes it.
  expect(
    await selector.evaluate(
      (dialog) => dialog.contains(document.activeElement) || dialog.getRootNode() !== document,
    ),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(selector).toBeHidden();
  await page.keyboard.press('Control+Shift+A');
  await expect(toolbar).toBeHidden();
});
