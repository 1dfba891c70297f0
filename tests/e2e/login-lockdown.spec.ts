/** Lockdown mode (item 9): only the exam app, no Forgot Username / Forgot Password / New User. */
import { expect, test } from '@playwright/test';
import { startServer } from './fixtures';
import type { RunningServer } from './fixtures';
import { currentSlide, enterUsername, openLogin } from './login-helpers';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ env: { ATRIUM_LOCKDOWN: '1' } });
});
test.afterAll(async () => {
  await server?.close();
});

test('only the exam app is shown and the help links are hidden', async ({ page }) => {
  await openLogin(page, server.url);
  await expect(currentSlide(page)).toHaveText('Exams');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause slide show' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Forgot Username?' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New User?' })).toHaveCount(0);
  await enterUsername(page, 'student');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Forgot Password?' })).toHaveCount(0);
});
