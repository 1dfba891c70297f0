/**
 * Login to home as a person does it: type the username, Next, type the password, Sign In; timed from the
 * Sign In click to the home parcel's h1 on screen (the frame after it is in the DOM). The login app
 * navigates with single-spa inside the same document, so one in-page clock covers the whole way.
 *
 * Two drivers take the same way. The row's figure comes from `measureLoginToHomeBare`: a Chromium with no
 * inspector on the page (bare-chromium.ts says why), the password typed at a quick typist's pace (the login
 * page prepares the next screen meanwhile, as it does for a person). `measureLoginToHome` (Playwright) is
 * kept beside it: its inspector records a stack for every request and `Error`, and it fills the password
 * at once, so it shows what a password manager's instant fill plus an attached debugger cost.
 */
import type { Browser } from 'playwright-core';
import type { BareChromium, BarePage } from './bare-chromium';
import { openColdPage } from './browser';
import { DEMO_PASSWORD } from './session';
import { USERNAME_SELECTOR } from './typing';

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

/**
 * Armed in the page before the click: the click's own event starts the clock, the frame after the heading
 * stops it (`__benchHome`); the address becoming /home and the shell's and the heading's first appearance
 * are stamped on the way (`__benchMarks`).
 */
const ARM_HOME_CLOCK = `(() => {
  const marks = {};
  window.__benchMarks = marks;
  window.__benchHome = new Promise((resolve) => {
    let clicked;
    document.addEventListener('click', () => {
      clicked = performance.now();
      // The click's own time, for the calls' answers (resource timings are on the page's clock).
      marks.clickedAt = clicked;
    }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (clicked === undefined) return;
      const now = performance.now() - clicked;
      if (location.pathname === '/home') marks.atHome ??= now;
      if (document.querySelector('.atrium-shell')) marks.shellInDom ??= now;
      if (location.pathname !== '/home' || !document.querySelector(${JSON.stringify(AREA_HEADING)})) return;
      marks.headingInDom ??= now;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - clicked));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
  return true;
})()`;

/** The measure, once the heading has been painted; null if it was not within 30 s. */
const AWAIT_HOME = `Promise.race([
  window.__benchHome,
  new Promise((resolve) => setTimeout(() => resolve(null), 30000)),
])`;

/** The phases, ms from the click, rounded (calls that were not made are null). */
const READ_PHASES = `(() => {
  const marks = window.__benchMarks;
  const clickedAt = marks.clickedAt ?? 0;
  const entries = performance.getEntriesByType('resource');
  const at = (value) => (typeof value === 'number' ? Math.round(value) : null);
  const answered = (path) => {
    const entry = entries.find((e) => e.startTime >= clickedAt && new URL(e.name).pathname === path);
    return entry ? at(entry.responseEnd - clickedAt) : null;
  };
  const calls = ${JSON.stringify(PHASE_CALLS)};
  return {
    signInAnswered: answered(calls.signInAnswered),
    initializeAnswered: answered(calls.initializeAnswered),
    legacyInitializeAnswered: answered(calls.legacyInitializeAnswered),
    atHome: at(marks.atHome),
    shellInDom: at(marks.shellInDom),
    headingInDom: at(marks.headingInDom),
  };
})()`;

/** A driver's page, as the clock needs it: an expression evaluated (promises awaited) in the page. */
type Evaluate = <T>(expression: string) => Promise<T>;

/**
 * The part both drivers share: arm the in-page clock, click Sign In (the driver's own way), wait for the
 * painted heading and hand over the phases. Null, with a warning, when the way fails anywhere.
 */
async function timeSignIn(
  evaluate: Evaluate,
  clickSignIn: () => Promise<void>,
  onPhases: ((phases: LoginToHomePhases) => void) | undefined,
): Promise<number | null> {
  await evaluate(ARM_HOME_CLOCK);
  await clickSignIn();
  const painted = await evaluate<number | null>(AWAIT_HOME);
  if (painted !== null && onPhases) {
    const phases = await evaluate<Omit<LoginToHomePhases, 'painted'>>(READ_PHASES);
    onPhases({ ...phases, painted: Math.round(painted) });
  }
  return painted;
}

/** Runs one driver's way to home; a failure is a missing run (null), reported, not a crashed bench. */
async function orNull(label: string, run: () => Promise<number | null>): Promise<number | null> {
  try {
    return await run();
  } catch (error) {
    console.warn(`[bench] ${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export async function measureLoginToHome(
  browser: Browser,
  origin: string,
  username: string,
  cpuThrottle = 1,
  onPhases?: (phases: LoginToHomePhases) => void,
): Promise<number | null> {
  const cold = await openColdPage(browser, { cpuThrottle });
  const { page } = cold;
  try {
    return await orNull('login to home', async () => {
      await page.goto(`${origin}/common/login`, { waitUntil: 'load' });
      await page.getByLabel('Username').fill(username);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      return timeSignIn(
        (expression) => page.evaluate(expression),
        () => page.getByRole('button', { name: 'Sign In' }).click(),
        onPhases,
      );
    });
  } finally {
    await cold.close();
  }
}

/** A quick typist's pace: the demo password's 11 characters take 1.65 s. */
const PASSWORD_KEY_INTERVAL_MS = 150;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Polls an expression until it is true (a bare page has no auto-waiting locators). */
async function waitUntil(page: BarePage, expression: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(`!!(${expression})`))) {
    if (Date.now() > end) {
      // What the page shows instead, so a failed run says where it stopped.
      const state = await page.evaluate<string>(
        `[location.pathname, document.activeElement?.tagName, [...document.querySelectorAll('button')].map((b) => b.textContent.trim() + (b.disabled ? ' (disabled)' : '')).filter(Boolean).join(', ')].join(' | ')`,
      );
      throw new Error(`not within ${timeoutMs} ms: ${expression} (page: ${state})`);
    }
    await sleep(50);
  }
}

/** The centre of the first element `selector` finds (for the mouse, as a person aims). */
function centreOf(page: BarePage, selector: string): Promise<{ x: number; y: number }> {
  return page.evaluate(`(() => {
    const box = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  })()`);
}

async function click(page: BarePage, selector: string): Promise<void> {
  const { x, y } = await centreOf(page, selector);
  for (const type of ['mousePressed', 'mouseReleased'])
    await page.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
}

/** A button by its text, enabled (the login buttons have no ids: the form is the spec's). */
const enabledButton = (text: string) =>
  `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(text)} && !b.disabled)`;

/** Marks the button `text` with `data-bench` so the mouse can aim at it. */
async function markButton(page: BarePage, text: string): Promise<string> {
  const mark = text.replace(/\W/g, '').toLowerCase();
  await waitUntil(page, enabledButton(text));
  await page.evaluate(`(${enabledButton(text)}).setAttribute('data-bench', ${JSON.stringify(mark)})`);
  return `[data-bench="${mark}"]`;
}

/**
 * The same way as `measureLoginToHome`, in a Chromium with no inspector on the page: the username pasted,
 * Next clicked, the password typed a key every 150 ms, Sign In clicked once it is enabled. Input goes
 * through CDP's Input domain; the page is read with `Runtime.evaluate` only.
 */
export async function measureLoginToHomeBare(
  chromium: BareChromium,
  origin: string,
  username: string,
  cpuThrottle = 1,
  onPhases?: (phases: LoginToHomePhases) => void,
): Promise<number | null> {
  const page = await chromium.openColdPage({ cpuThrottle });
  try {
    return await orNull('login to home (no inspector)', async () => {
      await page.goto(`${origin}/common/login`);
      await waitUntil(page, `document.querySelector('${USERNAME_SELECTOR}:not([disabled])')`);
      await click(page, USERNAME_SELECTOR);
      await page.send('Input.insertText', { text: username });
      await click(page, await markButton(page, 'Next'));
      await waitUntil(page, `document.activeElement?.matches('input[type="password"]')`);
      for (const character of DEMO_PASSWORD) {
        await page.send('Input.dispatchKeyEvent', { type: 'keyDown', text: character, key: character });
        await page.send('Input.dispatchKeyEvent', { type: 'keyUp', key: character });
        await sleep(PASSWORD_KEY_INTERVAL_MS);
      }
      const signIn = await markButton(page, 'Sign In');
      return timeSignIn(
        (expression) => page.evaluate(expression),
        () => click(page, signIn),
        onPhases,
      );
    });
  } finally {
    await page.close();
  }
}
