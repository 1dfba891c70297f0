/**
 * Login to home as a person does it: type the username, Next, type the password, Sign In; timed from the
 * Sign In click to the home parcel's h1 on screen (the frame after it is in the DOM). The login app
 * navigates with single-spa inside the same document, so one in-page clock covers the whole way.
 */
import type { Browser } from 'playwright-core';
import { openColdPage } from './browser';
import { DEMO_PASSWORD } from './session';

/** Selector of an area's h1: the shell wraps every parcel in `.atrium-area` (AreaOutlet). */
export const AREA_HEADING = '.atrium-area h1';

export async function measureLoginToHome(
  browser: Browser,
  origin: string,
  username: string,
  cpuThrottle = 1,
): Promise<number | null> {
  const cold = await openColdPage(browser, { cpuThrottle });
  try {
    const { page } = cold;
    await page.goto(`${origin}/common/login`, { waitUntil: 'load' });
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    // Armed before the click: the click's own event starts the clock, the frame after the heading stops it.
    await page.evaluate((selector) => {
      const state = window as unknown as { __benchHome?: Promise<number> };
      state.__benchHome = new Promise<number>((resolve) => {
        let clicked: number | undefined;
        document.addEventListener('click', () => (clicked = performance.now()), {
          capture: true,
          once: true,
        });
        const observer = new MutationObserver(() => {
          if (clicked === undefined || location.pathname !== '/home' || !document.querySelector(selector))
            return;
          observer.disconnect();
          const start = clicked;
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
    }, AREA_HEADING);
    await page.getByRole('button', { name: 'Sign In' }).click();
    return await page.evaluate(() =>
      Promise.race([
        (window as unknown as { __benchHome: Promise<number> }).__benchHome,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
      ]),
    );
  } catch (error) {
    console.warn(`[bench] login to home failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await cold.close();
  }
}
