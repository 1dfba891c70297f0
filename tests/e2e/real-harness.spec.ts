/**
 * The real-servers harness itself, as the topology and legacy-page suites use it: Debian's nginx in front,
 * routing /php/ to a real PHP page through php-fpm and everything else to Atrium, on one test host name
 * that Chromium resolves to 127.0.0.1.
 */
import { chromium, expect, test, type Browser } from '@playwright/test';
import {
  CHROMIUM_PATH,
  chromiumArgsFor,
  startAtrium,
  startPhpSite,
  type PhpSite,
  type RunningServer,
} from '../real/index.js';

const HOST = 'school.test';
let atrium: RunningServer | undefined;
let site: PhpSite | undefined;
let browser: Browser;
let origin = '';

test.beforeAll(async () => {
  atrium = await startAtrium();
  site = await startPhpSite({ host: HOST, atriumPort: atrium.port });
  origin = site.origin;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgsFor([HOST]) });
});

test.afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await atrium?.stop();
});

test('nginx serves a real PHP page with its own session, and Atrium, on one origin', async () => {
  const page = await browser.newPage();
  await page.goto(`${origin}/php/example/index.php`);
  await expect(page.getByRole('heading', { level: 1, name: 'Legacy example' })).toBeVisible();
  await page.getByLabel('Note').fill('Rentrée à 8 h');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#saved')).toHaveText('Saved note: Rentrée à 8 h');
  await page.reload();
  await expect(page.locator('#saved')).toHaveText('Saved note: Rentrée à 8 h');

  await page.goto(`${origin}/common/login`);
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await page.close();
});
