/**
 * Typing during boot, measured the same way on Atrium's login page and on both yardsticks, cold:
 *
 * - **typed text shown**: once the username box is on screen, a click on it and two characters typed with no
 *   delay (input events, as a person's), and the time (in the page's clock, from navigation start) the browser
 *   presented the frame after the input's value held them (Event Timing): what the person sees, not when the
 *   field got focus. Measured with no inspector on the page (measureTypedTextBare, the budgeted row) and
 *   under Playwright (measureTypedText, reported beside it);
 * - **worst input delay during boot**: at first paint a click on the username box, then (once the page has
 *   taken the click) one character every 50 ms until 5 s after first paint, sent through CDP without waiting
 *   for the page to take them (a person does not wait either); the Event Timing API reports each event's delay (`processingStart - startTime`), and the worst
 *   `keydown`/`input`/`pointerdown` delay is the figure. The longest main-thread task after first paint is
 *   kept beside it (Long Tasks API), as are the long animation frames' scripts, to say where the time went.
 *   This row runs in a Chromium with no inspector on the page (bare-chromium.ts): Playwright's makes V8
 *   record a detailed stack for every `Error` created, which made react-dom's module body several times
 *   slower than in a person's browser.
 */
import type { Browser } from 'playwright-core';
import type { BareChromium, BarePage } from './bare-chromium';
import { COLD_VIEWPORT, openColdPage } from './browser';

export const USERNAME_SELECTOR = 'input[name="username"]';
const TYPED_TEXT = 'ab';
const KEY_INTERVAL_MS = 50;
const TYPING_WINDOW_MS = 5_000;
/** The events whose delay the issue names. */
const MEASURED_EVENTS = new Set(['keydown', 'input', 'pointerdown']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type InputMethod = 'Input.dispatchMouseEvent' | 'Input.dispatchKeyEvent';

/**
 * A CDP input sender that keeps every dispatch's promise (`sent`), so a run can wait for the browser to have
 * taken them all. Failures are ignored: a page that went away takes no input, and the figure says so.
 */
function inputSender(dispatch: (method: InputMethod, params: Record<string, unknown>) => Promise<unknown>) {
  const sent: Promise<unknown>[] = [];
  const send = (method: InputMethod, params: Record<string, unknown>) => {
    const done = dispatch(method, params).catch(() => undefined);
    sent.push(done);
    return done;
  };
  return { send, sent };
}

type Send = ReturnType<typeof inputSender>['send'];

/** A left click at a point, as press and release (not awaited: the browser stamps each when it gets it). */
function click(send: Send, point: { x: number; y: number }): Promise<unknown>[] {
  const mouse = { x: point.x, y: point.y, button: 'left', clickCount: 1 };
  return [
    send('Input.dispatchMouseEvent', { type: 'mousePressed', ...mouse }),
    send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...mouse }),
  ];
}

/** One lower-case letter typed: keydown with its text, then keyup. */
function typeLetter(send: Send, letter: string): void {
  const upper = letter.toUpperCase();
  const key = { key: letter, code: `Key${upper}`, windowsVirtualKeyCode: upper.charCodeAt(0) };
  void send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text: letter });
  void send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
}

/**
 * Script text, run before the page's scripts by both typing rows: every Event Timing entry of 16 ms or more
 * (the API's smallest threshold; an event delayed longer is always reported, as duration >= delay), kept in
 * `window.__benchEventEntries` with the times each row reads.
 */
const EVENT_ENTRIES = `(() => {
  const entries = (window.__benchEventEntries = []);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        entries.push({ name: e.name, startTime: e.startTime, processingStart: e.processingStart, processingEnd: e.processingEnd, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch (e) {}
})();`;

/**
 * Runs before the page's scripts. Records when the username field first holds the typed text
 * (`__benchTypedHeldAt`, inside the `input` event that made it so), beside the page's Event Timing entries
 * (EVENT_ENTRIES): that event's entry ends when the browser presented the next frame after it, which is
 * when the screen showed the text. As a fallback (an entry under the API's 16 ms threshold, or a field the
 * app replaced and refilled) it stamps `__benchTypedShown` a task after the next frame. That stamp alone
 * waited behind whatever the page had queued meanwhile: on a page still booting, tens of milliseconds after
 * the frame had shown the text. Checked on every input event and DOM change (the login app replaces the
 * prerendered field and carries the value over).
 */
const TYPED_OBSERVER = `${EVENT_ENTRIES}
(() => {
  const expected = ${JSON.stringify(TYPED_TEXT)};
  let pending = false;
  const holds = () => {
    const input = document.querySelector(${JSON.stringify(USERNAME_SELECTOR)});
    return !!input && input.value === expected;
  };
  const check = () => {
    if (window.__benchTypedShown !== undefined || pending || !holds()) return;
    window.__benchTypedHeldAt ??= performance.now();
    pending = true;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        pending = false;
        // Still there after the frame (a controlled input could have been set back): then it was shown.
        if (holds()) window.__benchTypedShown = performance.now();
        else check();
      };
      channel.port2.postMessage(null);
    });
  };
  window.addEventListener('input', check, true);
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

/**
 * Read at the end of a run (after a pause, so the last entries are delivered): when the screen showed the
 * typed text (the presentation of the frame after the event that completed it, else the fallback stamp),
 * the first paint, and what the field holds.
 */
const TYPED_RESULT = `new Promise((resolve) => setTimeout(resolve, 200)).then(() => {
  const held = window.__benchTypedHeldAt;
  const entry = (window.__benchEventEntries || []).find(
    (e) => held !== undefined && e.processingStart <= held && held <= e.processingEnd,
  );
  const presented = entry ? entry.startTime + entry.duration : null;
  return {
    typedShownMs: presented ?? window.__benchTypedShown ?? null,
    shownBy: presented !== null ? 'event-timing' : window.__benchTypedShown !== undefined ? 'task-after-frame' : null,
    taskAfterFrameMs: window.__benchTypedShown ?? null,
    fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    finalValue: document.querySelector(${JSON.stringify(USERNAME_SELECTOR)})?.value ?? null,
  };
})`;

export interface TypedTextResult {
  /** From navigation start to the frame showing both characters; null if they never showed (30 s). */
  typedShownMs: number | null;
  /** How that frame was timed (TYPED_OBSERVER): its presentation, or the task after it. */
  shownBy: 'event-timing' | 'task-after-frame' | null;
  /** The fallback stamp, kept in the raw results beside the figure. */
  taskAfterFrameMs: number | null;
  fcpMs: number | null;
  /** The field's value at the end: anything but the typed text means a keystroke was lost or reordered. */
  finalValue: string | null;
}

/**
 * Runs before the page's scripts: once the username field is in the DOM, stamps the time (`__benchFieldAt`)
 * and calls the `__benchFieldSeen` binding where the driver exposed one (Playwright's).
 */
const FIELD_WATCHER = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(USERNAME_SELECTOR)})) return;
    observer.disconnect();
    window.__benchFieldAt = performance.now();
    window.__benchFieldSeen?.();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Typed text shown: one cold load. The way a person does it: once the username box is on screen (in the
 * DOM and the page painted), a click on it and two keystrokes sent at once, all as input events through
 * CDP (`Input.dispatch*`), never awaited one by one. Not Playwright's `waitFor` and `pressSequentially`:
 * those run Playwright's own script in the page and focus the field with a `focus()` call, ordinary tasks
 * that wait behind whatever the page has queued, where a person's tap and keys are input events the browser
 * hands the page first. A box in the page's HTML (Atrium's prerendered form) is clicked where it is painted
 * (`field`, from usernameFieldPoint) at the first paint; a box a script inserts (both yardsticks) once it
 * is visible and stable (Playwright's click; their main thread is free by then).
 */
export async function measureTypedText(
  browser: Browser,
  url: string,
  cpuThrottle: number,
  field: FieldPoint | null,
): Promise<TypedTextResult> {
  const cold = await openColdPage(browser, {
    cpuThrottle,
    initScript: `${TYPED_OBSERVER}\n${FIELD_WATCHER}`,
  });
  try {
    const { page, cdp } = cold;
    let fieldSeen: () => void = () => {};
    const seen = new Promise<void>((resolve) => (fieldSeen = resolve));
    await page.exposeBinding('__benchFieldSeen', () => fieldSeen());
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    let paintedYet = false;
    const painted = waitForFirstPaint(
      (listener) => cdp.on('Page.lifecycleEvent', (event) => listener(event.name)),
      30_000,
    ).then(() => (paintedYet = true));
    // In the page's HTML (Atrium's prerendered form): there before the first paint, clicked at that paint.
    let inHtml = false;
    void seen.then(() => (inHtml = !paintedYet));
    const loaded = page.goto(url, { waitUntil: 'load' });
    await Promise.all([seen, painted]);
    const { send, sent } = inputSender((method, params) => cdp.send(method, params as never));
    if (field && inHtml) {
      click(send, field);
    } else {
      // A box the page's script inserts (the yardsticks) moves while it settles: clicked once it is visible
      // and stable, which on those pages is once their script has run and the main thread is free.
      await page.locator(USERNAME_SELECTOR).click({ timeout: 30_000 });
    }
    for (const letter of TYPED_TEXT) typeLetter(send, letter);
    await page
      .waitForFunction(
        () => (window as { __benchTypedShown?: number }).__benchTypedShown !== undefined,
        null,
        {
          timeout: 30_000,
        },
      )
      .catch(() => undefined);
    await Promise.all(sent);
    await loaded.catch(() => undefined);
    return await page.evaluate<TypedTextResult>(TYPED_RESULT);
  } finally {
    await cold.close();
  }
}

/**
 * Where to click the username field, or null while it is not on screen and taking typing. A field that was
 * there before the first paint is on screen in it (clicked at once, as measureTypedText does); one inserted
 * later must also stay put for a frame (Playwright's actionability check in measureTypedText).
 */
const FIELD_TARGET = `new Promise((resolve) => {
  const read = () => {
    const input = document.querySelector(${JSON.stringify(USERNAME_SELECTOR)});
    const box = input && !input.disabled && !input.readOnly ? input.getBoundingClientRect() : null;
    return box && box.width > 0 ? { input, x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  };
  const first = read();
  if (!first) return resolve(null);
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
  if (window.__benchFieldAt <= fcp) return resolve({ x: first.x, y: first.y });
  requestAnimationFrame(() => {
    const second = read();
    const still = second && second.input === first.input && second.x === first.x && second.y === first.y;
    resolve(still ? { x: second.x, y: second.y } : null);
  });
})`;

/**
 * Typed text shown in a Chromium with no inspector on the page (bare-chromium.ts): the same cold load,
 * click and two keys as measureTypedText. A field in the page's HTML is clicked where it is painted the
 * moment the page first paints; a field the page's script inserts (the yardsticks) as measureTypedText does,
 * where the page says it is (FIELD_TARGET; their main thread is free by then).
 */
export async function measureTypedTextBare(
  chromium: BareChromium,
  url: string,
  cpuThrottle: number,
  field: FieldPoint | null,
): Promise<TypedTextResult> {
  const page = await chromium.openColdPage({
    cpuThrottle,
    initScript: `${TYPED_OBSERVER}\n${FIELD_WATCHER}`,
  });
  try {
    const { loaded } = await loadToFirstPaint(page, url);
    const { send, sent } = inputSender((method, params) => page.send(method, params));
    let point: { x: number; y: number } | null = field?.inHtml ? field : null;
    for (let tries = 0; point === null && tries < 600; tries += 1) {
      point = await page.evaluate<{ x: number; y: number } | null>(FIELD_TARGET);
      if (point === null) await sleep(50);
    }
    if (point === null) throw new Error(`${url}: no username field on screen within 30 s`);
    click(send, point);
    for (const letter of TYPED_TEXT) typeLetter(send, letter);
    // Asked after the keys, from the test's side: a read queued in the page waits its turn like any task.
    for (let waited = 0; waited < 30_000; waited += 50) {
      if (await page.evaluate<boolean>('window.__benchTypedShown !== undefined')) break;
      await sleep(50);
    }
    await Promise.race([Promise.all(sent), sleep(30_000)]);
    await loaded.catch(() => undefined);
    return await page.evaluate<TypedTextResult>(TYPED_RESULT);
  } finally {
    await page.close();
  }
}

/** Collects Event Timing entries (EVENT_ENTRIES), long tasks and long animation frames from the page's start. */
const EVENT_OBSERVER = `${EVENT_ENTRIES}
(() => {
  const tasks = (window.__benchLongTasks = []);
  const frames = (window.__benchLongFrames = []);
  const observe = (options, fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe(options);
    } catch (e) {}
  };
  observe({ type: 'longtask', buffered: true }, (e) => tasks.push({ startTime: e.startTime, duration: e.duration }));
  observe({ type: 'long-animation-frame', buffered: true }, (e) =>
    frames.push({
      startTime: e.startTime,
      duration: e.duration,
      blockingDuration: e.blockingDuration,
      scripts: (e.scripts || []).map((s) => ({
        source: (s.sourceURL || '').replace(/^.*\\//, ''),
        invoker: s.invoker,
        duration: Math.round(s.duration),
      })),
    }),
  );
})();`;

/** An entry as EVENT_ENTRIES keeps it. */
interface EventRecord {
  name: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

/** How long the event waited before its handlers ran. */
const delayOf = (event: EventRecord) => event.processingStart - event.startTime;
interface TaskRecord {
  startTime: number;
  duration: number;
}
interface FrameRecord extends TaskRecord {
  blockingDuration: number;
  scripts: { source: string; invoker: string; duration: number }[];
}

export interface InputDelayResult {
  /** Worst keydown/input/pointerdown delay in the 5 s from first paint; 0 when none reached 16 ms. */
  worstDelayMs: number | null;
  /** Which event that was. */
  worstEvent: string | null;
  /** Longest main-thread task that started after first paint (Long Tasks API). */
  longestTaskMs: number | null;
  fcpMs: number | null;
  keysSent: number;
  /** Characters in the username field at the end: fewer than keysSent means keystrokes were lost. */
  keysInField: number | null;
  /** The field's text at the end (the keys are a, b, c, … in turn, so a gap shows where keys were lost). */
  fieldValue: string | null;
  /** The three longest animation frames after first paint, with their scripts, to explain the figure. */
  longFrames: FrameRecord[];
}

export interface FieldPoint {
  x: number;
  y: number;
  /** The field is in the page's HTML (found with JavaScript off): it is on screen at the first paint. */
  inHtml: boolean;
}

/**
 * Where the username field is at first paint, so the cold run clicks without asking the page. A page that
 * paints its form as HTML (Atrium's) is read with JavaScript off: once the app runs, the settings add links
 * that move the field. A page whose form only exists once its script has run (the yardsticks) is read
 * after load.
 */
export async function usernameFieldPoint(browser: Browser, url: string): Promise<FieldPoint | null> {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ viewport: COLD_VIEWPORT, javaScriptEnabled });
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const field = page.locator(USERNAME_SELECTOR);
      if (!javaScriptEnabled && (await field.count()) === 0) continue;
      const box = await field.boundingBox({ timeout: 30_000 });
      if (box) return { x: box.x + box.width / 2, y: box.y + box.height / 2, inHtml: !javaScriptEnabled };
    } catch {
      // No field found this way: try the next, or click nowhere.
    } finally {
      await context.close();
    }
  }
  return null;
}

/** Lifecycle event names from either driver's CDP session (Playwright's, or bare-chromium's). */
type LifecycleEvents = (listener: (name: unknown) => void) => void;

function waitForFirstPaint(lifecycleEvents: LifecycleEvents, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    lifecycleEvents((name) => {
      if (name !== 'firstContentfulPaint') return;
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts loading `url` in a bare page and resolves at its first contentful paint, with the load (still under
 * way) to await later: in an object, which an async function's promise does not adopt.
 */
async function loadToFirstPaint(page: BarePage, url: string): Promise<{ loaded: Promise<void> }> {
  await page.send('Page.setLifecycleEventsEnabled', { enabled: true });
  const painted = waitForFirstPaint(
    (listener) => page.on('Page.lifecycleEvent', (event) => listener(event.name)),
    30_000,
  );
  const loaded = page.goto(url, 60_000);
  if (!(await painted)) {
    loaded.catch(() => undefined);
    throw new Error(`${url}: no first contentful paint within 30 s`);
  }
  return { loaded };
}

/**
 * Worst input delay during boot: one cold load, typed at from first paint, in a Chromium with no inspector
 * attached to the page (bare-chromium.ts says why: Playwright's made react-dom's start several times slower).
 */
export async function measureInputDelay(
  chromium: BareChromium,
  url: string,
  cpuThrottle: number,
  field: FieldPoint | null,
): Promise<InputDelayResult> {
  const page = await chromium.openColdPage({ cpuThrottle, initScript: EVENT_OBSERVER });
  try {
    const { loaded } = await loadToFirstPaint(page, url);
    // Sent without awaiting: the browser stamps each event when it gets it, the page takes it when it can.
    const { send, sent } = inputSender((method, params) => page.send(method, params));
    const paintedAt = Date.now();
    if (field) {
      // The typing starts once the page has taken the click: a mouse event can reach the page after key
      // events sent later (the browser hit-tests it first), and keys before the focus would go nowhere. The
      // click's own pointerdown delay counts like any other.
      await Promise.all(click(send, field));
    }
    const started = Date.now();
    let keysSent = 0;
    for (let at = KEY_INTERVAL_MS; started + at <= paintedAt + TYPING_WINDOW_MS; at += KEY_INTERVAL_MS) {
      await sleep(started + at - Date.now());
      typeLetter(send, String.fromCharCode(97 + (keysSent % 26)));
      keysSent += 1;
    }
    await Promise.race([Promise.all(sent), sleep(30_000)]);
    await loaded.catch(() => undefined);
    // Let the last events' entries be delivered to the observer.
    await page.evaluate('new Promise((resolve) => setTimeout(resolve, 200))');
    const data = await page.evaluate<{
      events: EventRecord[];
      tasks: TaskRecord[];
      frames: FrameRecord[];
      fcp: number | null;
      value: string | null;
    }>(`({
      events: window.__benchEventEntries || [],
      tasks: window.__benchLongTasks || [],
      frames: window.__benchLongFrames || [],
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      value: document.querySelector(${JSON.stringify(USERNAME_SELECTOR)})?.value ?? null,
    })`);
    const fcp = data.fcp ?? 0;
    const inWindow = (startTime: number) => startTime >= fcp && startTime <= fcp + TYPING_WINDOW_MS;
    const measured = data.events.filter(
      (event) => MEASURED_EVENTS.has(event.name) && inWindow(event.startTime),
    );
    const worst = measured.reduce<EventRecord | null>(
      (max, event) => (max === null || delayOf(event) > delayOf(max) ? event : max),
      null,
    );
    const tasksAfterPaint = data.tasks.filter((task) => task.startTime >= fcp);
    return {
      worstDelayMs: worst ? delayOf(worst) : 0,
      worstEvent: worst?.name ?? null,
      longestTaskMs: tasksAfterPaint.length ? Math.max(...tasksAfterPaint.map((task) => task.duration)) : 0,
      fcpMs: data.fcp,
      keysSent,
      keysInField: data.value === null ? null : data.value.length,
      fieldValue: data.value,
      longFrames: data.frames
        .filter((frame) => frame.startTime >= fcp)
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 3),
    };
  } finally {
    await page.close();
  }
}
