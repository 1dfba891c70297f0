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

/**
 * Where the time goes, ms from the click (raw results only, for explaining the figure): the answers of the
 * sign-in, initialize and legacy_initialize calls, the address becoming /home, the shell's and the h1's
 * first appearance in the DOM, and the frame that shows the h1 (the measure itself).
 */
export interface LoginToHomePhases {
  signInAnswered: number | null;
  initializeAnswered: number | null;
  legacyInitializeAnswered: number | null;
  atHome: number | null;
  shellInDom: number | null;
  headingInDom: number | null;
  painted: number;
}

/** The phases in the order they happen (the bench's printed line). */
export const PHASE_NAMES = [
  'signInAnswered',
  'initializeAnswered',
  'legacyInitializeAnswered',
  'atHome',
  'shellInDom',
  'headingInDom',
  'painted',
] as const satisfies readonly (keyof LoginToHomePhases)[];

const PHASE_CALLS = {
  signInAnswered: '/common/login/login_actions.php',
  initializeAnswered: '/lapi/rpc/common/ionic/initialize',
  legacyInitializeAnswered: '/common/api/lite/system/legacy_initialize',
} as const;

export async function measureLoginToHome(
  browser: Browser,
  origin: string,
  username: string,
  cpuThrottle = 1,
  onPhases?: (phases: LoginToHomePhases) => void,
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
      const state = window as unknown as {
        __benchHome?: Promise<number>;
        __benchMarks?: Record<string, number>;
      };
      const marks: Record<string, number> = {};
      state.__benchMarks = marks;
      state.__benchHome = new Promise<number>((resolve) => {
        let clicked: number | undefined;
        document.addEventListener(
          'click',
          () => {
            clicked = performance.now();
            // The click's own time, for the calls' answers (resource timings are on the page's clock).
            marks['clickedAt'] = clicked;
          },
          { capture: true, once: true },
        );
        const observer = new MutationObserver(() => {
          if (clicked === undefined) return;
          const now = performance.now() - clicked;
          if (location.pathname === '/home') marks['atHome'] ??= now;
          if (document.querySelector('.atrium-shell')) marks['shellInDom'] ??= now;
          if (location.pathname !== '/home' || !document.querySelector(selector)) return;
          marks['headingInDom'] ??= now;
          observer.disconnect();
          const start = clicked;
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
    }, AREA_HEADING);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const painted = await page.evaluate(() =>
      Promise.race([
        (window as unknown as { __benchHome: Promise<number> }).__benchHome,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
      ]),
    );
    if (painted !== null && onPhases) {
      const { marks, answers } = await page.evaluate((calls) => {
        const recorded = (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks;
        const clickedAt = recorded['clickedAt'] ?? 0;
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const answered: Record<string, number | null> = {};
        for (const [phase, path] of Object.entries(calls)) {
          const entry = entries.find((e) => e.startTime >= clickedAt && new URL(e.name).pathname === path);
          answered[phase] = entry ? entry.responseEnd - clickedAt : null;
        }
        return { marks: recorded, answers: answered };
      }, PHASE_CALLS);
      const at = (value: number | null | undefined) => (typeof value === 'number' ? Math.round(value) : null);
      onPhases({
        signInAnswered: at(answers['signInAnswered']),
        initializeAnswered: at(answers['initializeAnswered']),
        legacyInitializeAnswered: at(answers['legacyInitializeAnswered']),
        atHome: at(marks['atHome']),
        shellInDom: at(marks['shellInDom']),
        headingInDom: at(marks['headingInDom']),
        painted: Math.round(painted),
      });
    }
    return painted;
  } catch (error) {
    console.warn(`[bench] login to home failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await cold.close();
  }
}
