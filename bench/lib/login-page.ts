/**
 * One cold load of a login page (Atrium's or the yardstick's, measured the same way): JS bytes, requests,
 * the longest request chain, first contentful paint, and when the username field accepts typing.
 *
 * "Accepts typing" = the React-rendered username input is in the DOM, enabled and focused. The login app
 * focuses it from an effect, which runs after React has committed the tree and its event handling is live,
 * so focus is the first moment a keystroke lands. If the login app sets `performance.mark('atrium:login-ready')`
 * that mark wins; otherwise the init script below observes the DOM.
 */
import type { Browser } from 'playwright-core';
import { openColdPage } from './browser';
import { RequestRecorder } from './request-chain';
import type { RequestSummary } from './request-chain';

export const LOGIN_READY_MARK = 'atrium:login-ready';

/** Runs before the page's scripts: stamps performance.now() the first time the username field is usable. */
const READY_OBSERVER = `(() => {
  const check = () => {
    if (window.__benchUsernameReady !== undefined) return;
    const input = document.querySelector('input[name="username"]');
    if (input && !input.disabled && document.activeElement === input) {
      window.__benchUsernameReady = performance.now();
    }
  };
  document.addEventListener('focusin', check, true);
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

export interface LoginLoad extends RequestSummary {
  fcpMs: number | null;
  usernameReadyMs: number | null;
  /** Where usernameReadyMs came from: the app's own mark or the bench's DOM observer. */
  readySource: 'mark' | 'dom' | 'none';
}

interface PageTimings {
  fcp: number | null;
  mark: number | null;
  observed: number | null;
}

/** `hasLogin: false` for the static page: there is no field to wait for, only the first paint. */
export async function measureLoginLoad(
  browser: Browser,
  url: string,
  cpuThrottle: number,
  hasLogin = true,
): Promise<LoginLoad> {
  const cold = await openColdPage(browser, { cpuThrottle, initScript: READY_OBSERVER });
  try {
    const recorder = await RequestRecorder.attach(cold.cdp);
    await cold.page.goto(url, { waitUntil: 'load' });
    await (hasLogin ? cold.page : null)
      ?.waitForFunction(
        (mark) =>
          (window as unknown as { __benchUsernameReady?: number }).__benchUsernameReady !== undefined ||
          performance.getEntriesByName(mark).length > 0,
        LOGIN_READY_MARK,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    // The settings call and late images count too: let the network go quiet before summing.
    await recorder.settled();
    const timings = await cold.page.evaluate((mark): PageTimings => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const marked = performance.getEntriesByName(mark)[0]?.startTime ?? null;
      const observed = (window as unknown as { __benchUsernameReady?: number }).__benchUsernameReady ?? null;
      return { fcp, mark: marked, observed };
    }, LOGIN_READY_MARK);
    const readyMs = timings.mark ?? timings.observed;
    return {
      ...recorder.summary(),
      fcpMs: timings.fcp,
      usernameReadyMs: readyMs,
      readySource: timings.mark !== null ? 'mark' : timings.observed !== null ? 'dom' : 'none',
    };
  } finally {
    await cold.close();
  }
}
