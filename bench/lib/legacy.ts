/**
 * A legacy page with the widgets script, cold: what a student downloads (no React may be in it), and the
 * time from the widgets script running to the notification bar painted; for root, what opening the developer
 * toolbar (Ctrl+Shift+A) downloads on top.
 *
 * The widgets engineer may mark `atrium:widgets-start` and `atrium:notification-bar-painted`; without them the
 * init script below stamps the definition of <atrium-notification-bar> (the script's first act) and the first
 * animation frame in which the bar's shadow root has visible content.
 */
import type { Browser } from 'playwright-core';
import { openColdPage } from './browser';
import { RequestRecorder } from './request-chain';
import { signIn } from './session';

export const WIDGETS_START_MARK = 'atrium:widgets-start';
export const BAR_PAINTED_MARK = 'atrium:notification-bar-painted';

/** Strings only React's own builds contain (the same markers scripts/budgets.json checks). */
export const REACT_MARKERS = [
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  'react.transitional.element',
];

const BAR_OBSERVER = `(() => {
  const stamps = (window.__benchBar = {});
  const define = customElements.define.bind(customElements);
  customElements.define = function (name, constructor, options) {
    if (name === 'atrium-notification-bar' && stamps.defined === undefined) stamps.defined = performance.now();
    return define(name, constructor, options);
  };
  const poll = () => {
    // A widgets build that marks its own start and paint is measured by those marks: polling the layout on
    // every frame would only slow the page it measures (each read forces a layout during the load).
    if (performance.getEntriesByName('atrium:widgets-start').length > 0) return;
    const bar = document.querySelector('atrium-notification-bar');
    const root = bar && bar.shadowRoot;
    const content = root && root.querySelector(':not(style):not(slot)');
    if (content && bar.getBoundingClientRect().height > 0) {
      stamps.painted = performance.now();
      return;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();`;

export interface LegacyLoad {
  user: string;
  requestCount: number;
  jsEncodedBytes: number;
  jsDecodedBytes: number;
  reactLoaded: boolean;
  /** Widgets script start to the bar painted. */
  barPaintMs: number | null;
  barSource: 'marks' | 'dom' | 'none';
  /** Root only: what Ctrl+Shift+A downloads, and the page total after it. */
  toolbar?: { opened: boolean; jsEncodedBytes: number; jsDecodedBytes: number; totalJsEncodedBytes: number };
}

interface BarTimes {
  markStart: number | null;
  markPainted: number | null;
  defined: number | null;
  painted: number | null;
}

function containsReact(bodies: Map<string, string>): boolean {
  return [...bodies.values()].some((body) => REACT_MARKERS.some((marker) => body.includes(marker)));
}

export async function measureLegacy(
  browser: Browser,
  origin: string,
  user: string,
  openToolbar: boolean,
): Promise<LegacyLoad> {
  const cold = await openColdPage(browser, { initScript: BAR_OBSERVER });
  try {
    const { page, cdp } = cold;
    await signIn(page.request, origin, user);
    const recorder = await RequestRecorder.attach(cdp);
    await page.goto(`${origin}/legacy/`, { waitUntil: 'load' });
    await page
      .waitForFunction(
        (mark) =>
          (window as unknown as { __benchBar?: { painted?: number } }).__benchBar?.painted !== undefined ||
          performance.getEntriesByName(mark).length > 0,
        BAR_PAINTED_MARK,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    await recorder.settled();
    const times = await page.evaluate(
      ({ start, painted }): BarTimes => {
        const stamps = (window as unknown as { __benchBar?: { defined?: number; painted?: number } })
          .__benchBar;
        return {
          markStart: performance.getEntriesByName(start)[0]?.startTime ?? null,
          markPainted: performance.getEntriesByName(painted)[0]?.startTime ?? null,
          defined: stamps?.defined ?? null,
          painted: stamps?.painted ?? null,
        };
      },
      { start: WIDGETS_START_MARK, painted: BAR_PAINTED_MARK },
    );
    const marks = times.markStart !== null && times.markPainted !== null;
    const barPaintMs = marks
      ? (times.markPainted ?? 0) - (times.markStart ?? 0)
      : times.defined !== null && times.painted !== null
        ? times.painted - times.defined
        : null;
    const page1 = recorder.summary();
    const bodies = await recorder.scriptBodies();
    const result: LegacyLoad = {
      user,
      requestCount: page1.requestCount,
      jsEncodedBytes: page1.jsEncodedBytes,
      jsDecodedBytes: page1.jsDecodedBytes,
      reactLoaded: containsReact(bodies),
      barPaintMs,
      barSource: marks ? 'marks' : barPaintMs !== null ? 'dom' : 'none',
    };
    if (openToolbar) {
      recorder.reset();
      await page.keyboard.press('Control+Shift+A');
      const opened = await page
        .waitForFunction(
          () => {
            const toolbar = document.querySelector('atrium-dev-toolbar');
            const root = toolbar?.shadowRoot ?? toolbar;
            return !!root?.querySelector('button, a, [role="toolbar"]');
          },
          undefined,
          { timeout: 15_000 },
        )
        .then(() => true)
        .catch(() => false);
      await recorder.settled();
      const extra = recorder.summary();
      result.toolbar = {
        opened,
        jsEncodedBytes: extra.jsEncodedBytes,
        jsDecodedBytes: extra.jsDecodedBytes,
        totalJsEncodedBytes: page1.jsEncodedBytes + extra.jsEncodedBytes,
      };
    }
    return result;
  } finally {
    await cold.close();
  }
}
