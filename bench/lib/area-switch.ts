/**
 * Switching between two loaded areas of the shell, many times, in the page itself (no round trip to the
 * bench per switch): each switch is timed from single-spa's navigateToUrl to the frame after the target
 * area's h1 is in the DOM. Heap, listeners and nodes are read after a forced GC before and after the run
 * (the latter once single-spa's lifecycle timers have run out), so growth means something the shell or the
 * areas keep per switch.
 */
import type { Browser } from 'playwright-core';
import { openColdPage } from './browser';
import { collectedMetrics, enableMetrics } from './cdp-metrics';
import type { PageMetrics } from './cdp-metrics';
import { AREA_HEADING } from './login-home';
import { signIn } from './session';
import { percentile } from './stats';

export interface AreaSwitchResult {
  areas: [string, string];
  switches: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
  before: PageMetrics;
  after: PageMetrics;
  samplesMs: number[];
}

interface Target {
  url: string;
  title: string;
}

/**
 * The in-page loop, as source text: tsx would wrap named functions of a TypeScript callback in its own
 * helpers, which do not exist in the page. Each switch starts from the first area (the page is on the
 * second), so an even count ends where it began; a switch that never shows its area fails after 10 s.
 */
const SWITCH_LOOP = `async ({ targets, count, selector }) => {
  const nav =
    window.singleSpaNavigate ||
    function (url) {
      history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
  function shown(title) {
    return Array.from(document.querySelectorAll(selector)).some((h) => (h.textContent || '').trim() === title);
  }
  // Resolves on the frame after the heading appears; a MessageChannel hop lets that frame paint first.
  function painted(title) {
    return new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (!shown(title)) return;
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            channel.port1.close();
            resolve(performance.now());
          };
          channel.port2.postMessage(null);
        });
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error('"' + title + '" did not appear within 10 s'));
      }, 10000);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }
  const samples = [];
  for (let i = 0; i < count; i += 1) {
    const target = targets[i % 2];
    const started = performance.now();
    const done = painted(target.title);
    nav(target.url);
    samples.push((await done) - started);
  }
  return samples;
}`;

/** Warm-up switches before the "before" snapshot: first-use caches (styles, lazy state) are not leaks. */
const WARM_UP_SWITCHES = 10;

/**
 * single-spa arms two timers per lifecycle call (a warning and its timeout: 1 s and 3 s for mount and
 * unmount, 4 s for bootstrap) and lets them run out even when the call finished; each holds the parcel it
 * watches. Read right after the loop, the heap counted the last seconds' unmounted parcels (about 240 KB
 * of 200 switches' 477 KB in a heap-snapshot comparison). Waiting until they have fired leaves
 * what the page really keeps.
 */
const LIFECYCLE_TIMERS_SETTLE_MS = 4_500;

export async function measureAreaSwitches(
  browser: Browser,
  origin: string,
  paths: [string, string],
  switches: number,
): Promise<AreaSwitchResult> {
  const cold = await openColdPage(browser);
  try {
    const { page, cdp } = cold;
    await signIn(page.request, origin, 'student');
    await enableMetrics(cdp);
    const targets: Target[] = [];
    for (const [index, pathname] of paths.entries()) {
      if (index === 0) await page.goto(`${origin}${pathname}`, { waitUntil: 'load' });
      else await page.evaluate(`window.singleSpaNavigate(${JSON.stringify(pathname)})`);
      await page.waitForFunction((path) => location.pathname === path, pathname);
      const heading = page.locator(AREA_HEADING).first();
      await heading.waitFor({ timeout: 30_000 });
      const title = (await heading.textContent())?.trim() ?? '';
      if (targets.some((target) => target.title === title))
        throw new Error(`${pathname} shows the same h1 "${title}"`);
      targets.push({ url: pathname, title });
    }
    const run = (count: number) =>
      page.evaluate(
        `(${SWITCH_LOOP})(${JSON.stringify({ targets, count, selector: AREA_HEADING })})`,
      ) as Promise<number[]>;
    await run(WARM_UP_SWITCHES);
    // The same wait before both readings, so neither counts parcels the other does not.
    await page.waitForTimeout(LIFECYCLE_TIMERS_SETTLE_MS);
    const before = await collectedMetrics(cdp);
    const samples = await run(switches);
    await page.waitForTimeout(LIFECYCLE_TIMERS_SETTLE_MS);
    const after = await collectedMetrics(cdp);
    return {
      areas: [paths[0], paths[1]],
      switches: samples.length,
      p50Ms: percentile(samples, 50),
      p95Ms: percentile(samples, 95),
      maxMs: samples.length > 0 ? Math.max(...samples) : null,
      before,
      after,
      samplesMs: samples,
    };
  } finally {
    await cold.close();
  }
}
