/**
 * Page set-ups shared by the end-to-end tests, the bench and the screenshot script (playwright-core's Page,
 * which is also what @playwright/test hands a test): holding a page's scripts back, acting as another user,
 * and waiting until a legacy page's widgets are up.
 */
import type { Page } from 'playwright-core';

/**
 * Holds every script the page asks for until the returned function is called: what the server sent is on
 * screen alone meanwhile.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/**
 * Acts as `username` (what the toolbar's "Act as user" does) from a signed-in root page, with a drawn page's
 * access token (read from the answer: the boot takes it out of the page). Resolves to the switch's status.
 */
export async function actAsUser(page: Page, homeUrl: string, username: string): Promise<number> {
  const html = (await (await page.goto(homeUrl))?.text()) ?? '';
  const accessToken = /"lapi_access_token":"([^"]+)"/.exec(html)?.[1] ?? '';
  return page.evaluate(
    async ({ token, name }) => {
      const answer = await fetch('/lapi/rpc/dev/switch-user', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ username: name }),
      });
      return answer.status;
    },
    { token: accessToken, name: username },
  );
}

/**
 * The widgets' script has run and the bar is Lit's own, rendered (no longer the server's markup). `timeout`
 * as Playwright's waitForFunction takes it (default: the page's).
 */
export async function widgetsUp(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    async () => {
      const bar = document.querySelector('atrium-notification-bar') as
        (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
      if (!customElements.get('atrium-notification-bar') || !bar?.updateComplete) return false;
      await bar.updateComplete;
      return true;
    },
    undefined,
    options,
  );
}
