/**
 * A signed-in page carries its start-up answer (the server answers initialize for the cookie's
 * session and renders the shell from it), so its boot makes no start-up call. Tests about that call (its
 * blocking message, its failures, a backend that answers it differently) take the answer out of the page,
 * which is what a page from a server that renders none looks like (Atrium behind `--proxy`, a build without
 * the renderer): the boot then asks initialize itself, behind the blocking message.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export { holdScripts } from '../real/page-holds';

const PAGE_START = /<script type="application\/json" id="atrium-start"[^>]*>[\s\S]*?<\/script>/;

/** Every page this tab opens from now on comes without its start-up answer. */
export async function withoutPageStart(page: Page): Promise<void> {
  await page.route(
    (url) => !/\.\w+$/.test(url.pathname) && !/^\/(lapi|common\/api|assets|static)\//.test(url.pathname),
    async (route) => {
      if (!route.request().isNavigationRequest()) return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      // The body is handed on decoded.
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({
        status: response.status(),
        headers,
        body: (await response.text()).replace(PAGE_START, ''),
      });
    },
  );
}

/** The page's errors and warnings (an uncaught error, a console error or warning), as they come. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  return problems;
}

/**
 * Waits until a page the server drew is live: the shell has taken over its markup (the marker goes once the
 * area has mounted) and the notification bar is upgraded. A press on the drawn markup before then is held
 * and carried out at that moment (held-presses.spec.ts); tests about acting on the page, not about that
 * moment, wait for this first.
 */
export async function untilLive(page: Page): Promise<void> {
  await expect(page.locator('[data-atrium-prerendered]')).toHaveCount(0);
  await page.waitForFunction(() => customElements.get('atrium-notification-bar') !== undefined);
}
