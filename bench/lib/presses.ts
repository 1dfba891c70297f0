/**
 * The press capture's rows: presses made on a server-drawn page before it is live are carried out, not lost.
 *
 * - Presses lost: per control, `runs` cold loads at 4x CPU with every script held back until the press is
 *   made (as on a slow phone, where the drawn page is on screen long before it is live); a run counts as lost
 *   unless the press was carried out exactly once (the user menu open, one dismissal stored, one switch-back
 *   asked, the toolbar open). The controls: the user menu, a notice's Dismiss, Switch back on the acting-as
 *   banner, Ctrl+Shift+A, and Dismiss on a legacy page's bar as the PHP helper draws it (printed by php-cli
 *   with the build's manifest, served at Atrium's origin).
 * - The inline script's weight, gzip: the shell page's capture, and what it adds to the legacy loader.
 * - First contentful paint and blocking time of /home at 4x CPU with the capture and with the same page
 *   without it (taken out of the HTML), interleaved: the capture should change neither.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { LEGACY_PRESS_CAPTURE, loaderSnippet, pressCaptureSnippet } from '@atrium/widgets/loader';
import { actAsUser, holdScripts } from '../../tests/real/page-holds';
import { openColdPage } from './browser';
import { BUDGETS, KB, atMost } from './budgets';
import type { Row } from './report';
import { signIn } from './session';
import { median, ratio } from './stats';

const THROTTLE = 4;
/** A press not carried out within this long after the scripts are let through is lost. */
const CARRIED_WITHIN_MS = 20_000;
/** The drawn shell's press capture, in the script after the shell's markup as signed-in-page.ts prints it. */
const SHELL_CAPTURE = /\(function\(w\)\{if\(w\.__atriumPresses\)[\s\S]*?\}\)\(window\);(?=<\/script>)/;
const LEGACY_PAGE_PATH = '/bench-legacy-bar.html';

export const PRESS_CONTROLS = [
  'user menu',
  'Dismiss',
  'Switch back',
  'Ctrl+Shift+A',
  'legacy bar Dismiss',
] as const;
export type PressControl = (typeof PRESS_CONTROLS)[number];

export interface PressesResult {
  runs: number;
  /** Per control: runs whose press was not carried out exactly once. */
  lost: Record<PressControl, number>;
  /** What went wrong in each lost run. */
  failures: string[];
  /** gzip bytes: the shell page's capture; what the capture adds to the legacy loader. */
  shellScriptGzipBytes: number;
  legacyAddedGzipBytes: number;
  /** /home at 4x CPU, per run: with the capture and without it. */
  fcpMs: { with: (number | null)[]; without: (number | null)[] };
  tbtMs: { with: (number | null)[]; without: (number | null)[] };
}

const gzipBytes = (text: string) => gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).length;

/** The capture's weight on each kind of page. */
export function pressScriptWeights(): { shell: number; legacyAdded: number } {
  const loader = loaderSnippet();
  return {
    shell: gzipBytes(pressCaptureSnippet('1', '#atrium-shell')),
    legacyAdded: gzipBytes(loader) - gzipBytes(loader.replace(LEGACY_PRESS_CAPTURE, '')),
  };
}

/** A legacy page with the bar the PHP helper draws (php-cli, the helper, the build's manifest). */
export function legacyBarPage(root: string, distDir: string): string {
  const notices = [
    { id: 'welcome-gradebook', message: 'New gradebook features are now available.', closeable: true },
    { id: 'maintenance-sunday', message: 'Scheduled maintenance on Sunday.', closeable: false },
  ].map((notice) => ({ clickable: false, static: false, routeInfo: null, ...notice }));
  const script = [
    'require getenv("ATRIUM_HELPER");',
    'echo atrium_widgets(["manifest" => getenv("ATRIUM_MANIFEST"), "notifications" => json_decode(getenv("ATRIUM_NOTICES"), true)]);',
  ].join('');
  const widgets = execFileSync('php', ['-r', script], {
    env: {
      ...process.env,
      ATRIUM_HELPER: path.join(root, 'integrations', 'php', 'atrium.php'),
      ATRIUM_MANIFEST: path.join(distDir, 'widgets', 'manifest.json'),
      ATRIUM_NOTICES: JSON.stringify(notices),
    },
    encoding: 'utf8',
  });
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Legacy page</title></head><body>${widgets}<main><h1>Legacy page</h1></main></body></html>`;
}

/** Acts as faculty (what the toolbar's "Act as user" does), with a drawn page's access token. */
async function actAsFaculty(page: Page, origin: string): Promise<void> {
  const status = await actAsUser(page, `${origin}/home`, 'faculty');
  if (status !== 200) throw new Error(`switch-user answered ${status}`);
}

/** One cold run for `control`: null when its press was carried out exactly once, else what went wrong. */
async function pressOnce(
  browser: Browser,
  origin: string,
  control: PressControl,
  legacyHtml: string,
): Promise<string | null> {
  const carried = await carriedOnce(browser, origin, control, legacyHtml).catch(
    (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'failed',
  );
  return carried === true ? null : carried === false ? 'carried out, but not exactly once' : carried;
}

async function carriedOnce(
  browser: Browser,
  origin: string,
  control: PressControl,
  legacyHtml: string,
): Promise<boolean> {
  const cold = await openColdPage(browser);
  const { page, context, cdp } = cold;
  try {
    const user = control === 'Ctrl+Shift+A' || control === 'Switch back' ? 'root' : 'student';
    await signIn(context.request, origin, user);
    if (control === 'Switch back') await actAsFaculty(page, origin);
    const switchBacks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/lapi/rpc/dev/switch-back') switchBacks.push(request.method());
    });
    if (control === 'legacy bar Dismiss') {
      await page.route(`${origin}${LEGACY_PAGE_PATH}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: legacyHtml }),
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const release = await holdScripts(page);
    const where =
      { Dismiss: '/profile', 'legacy bar Dismiss': LEGACY_PAGE_PATH }[control as string] ?? '/home';
    await page.goto(`${origin}${where}`, { waitUntil: 'commit' });
    const dismiss = page
      .locator('atrium-notification-bar')
      .getByRole('button', { name: /^Dismiss notification: New gradebook/ });
    const menu = page.getByRole('button', { name: /^User menu for / });
    const banner = page.getByRole('region', { name: 'Acting as another user' });
    const wait = { timeout: CARRIED_WITHIN_MS };
    // Pressed the moment it is on screen.
    switch (control) {
      case 'user menu':
        await menu.click(wait);
        break;
      case 'Dismiss':
      case 'legacy bar Dismiss':
        await dismiss.click(wait);
        break;
      case 'Switch back':
        await banner.getByRole('button', { name: 'Switch back' }).click(wait);
        break;
      case 'Ctrl+Shift+A':
        await menu.waitFor(wait);
        await page.keyboard.press('Control+Shift+A');
        break;
    }
    release();
    try {
      switch (control) {
        case 'user menu':
          await page.getByText(/Current term: /).waitFor(wait);
          return (await menu.getAttribute('aria-expanded')) === 'true';
        case 'Dismiss':
        case 'legacy bar Dismiss':
          await dismiss.waitFor({ state: 'detached', ...wait });
          return (
            (await page.evaluate(() => sessionStorage.getItem('atrium.dismissedNotifications'))) ===
            '["welcome-gradebook"]'
          );
        case 'Switch back':
          await page.getByRole('button', { name: /User menu for Robin Root/ }).waitFor(wait);
          return switchBacks.length === 1;
        case 'Ctrl+Shift+A':
          await page.getByRole('region', { name: 'Developer toolbar' }).waitFor(wait);
          await page.getByRole('button', { name: 'Act as user' }).waitFor(wait);
          return await page.getByRole('region', { name: 'Developer toolbar' }).isVisible();
      }
    } catch (error) {
      throw new Error(`not carried out: ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    await cold.close();
  }
}

/** First contentful paint and blocking time (long tasks' time over 50 ms, first 5 s) of /home, 4x CPU. */
export async function homePaint(
  browser: Browser,
  origin: string,
  withCapture: boolean,
): Promise<{ fcpMs: number | null; tbtMs: number | null }> {
  const cold = await openColdPage(browser, {
    cpuThrottle: THROTTLE,
    initScript: `window.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`,
  });
  const { page, context } = cold;
  try {
    await signIn(context.request, origin, 'student');
    if (!withCapture) {
      await page.route(`${origin}/home`, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-encoding'];
        delete headers['content-length'];
        const body = (await response.text()).replace(SHELL_CAPTURE, '');
        await route.fulfill({ status: response.status(), headers, body });
      });
    }
    await page.goto(`${origin}/home`);
    await page.waitForTimeout(5000);
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
      const from = fcp ?? 0;
      const tbt = tasks
        .filter(([start]) => start >= from)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { fcpMs: fcp, tbtMs: tbt };
    });
  } finally {
    await cold.close();
  }
}

export async function measurePresses(
  browser: Browser,
  origin: string,
  root: string,
  distDir: string,
  runs: number,
  paintRuns: number,
  progress: (label: string) => void,
): Promise<PressesResult> {
  const legacyHtml = legacyBarPage(root, distDir);
  const failures: string[] = [];
  const lost = Object.fromEntries(PRESS_CONTROLS.map((control) => [control, 0])) as Record<
    PressControl,
    number
  >;
  for (let run = 1; run <= runs; run += 1) {
    for (const control of PRESS_CONTROLS) {
      progress(`presses at first paint, ${THROTTLE}x CPU: run ${run}/${runs}, ${control}`);
      const failure = await pressOnce(browser, origin, control, legacyHtml);
      if (failure !== null) {
        lost[control] += 1;
        failures.push(`${control}, run ${run}: ${failure}`);
        process.stdout.write(`\n[bench] lost: ${control}, run ${run}: ${failure}\n`);
      }
    }
  }
  const fcpMs: PressesResult['fcpMs'] = { with: [], without: [] };
  const tbtMs: PressesResult['tbtMs'] = { with: [], without: [] };
  for (let run = 1; run <= paintRuns; run += 1) {
    progress(`/home with and without the press capture, ${THROTTLE}x CPU: run ${run}/${paintRuns}`);
    for (const withCapture of [true, false]) {
      const figures = await homePaint(browser, origin, withCapture);
      fcpMs[withCapture ? 'with' : 'without'].push(figures.fcpMs);
      tbtMs[withCapture ? 'with' : 'without'].push(figures.tbtMs);
    }
  }
  const weights = pressScriptWeights();
  return {
    runs,
    lost,
    shellScriptGzipBytes: weights.shell,
    legacyAddedGzipBytes: weights.legacyAdded,
    failures,
    fcpMs,
    tbtMs,
  };
}

/** Within noise of the page without the capture: ≤ max(1.1x, +50 ms) of its median. */
function paintLimit(without: number | null): number | null {
  return without === null
    ? null
    : Math.max(without * BUDGETS.pressPaintVsWithout, without + BUDGETS.pressPaintSlackMs);
}

export function pressRows(result: PressesResult): Row[] {
  const rows: Row[] = PRESS_CONTROLS.map((control) => ({
    measure: `Presses at first paint lost, 4x CPU: ${control} (of ${result.runs})`,
    unit: 'count',
    atrium: result.lost[control],
    budget: `${BUDGETS.pressesLost} in ${BUDGETS.pressRuns}`,
    verdict: result.runs < BUDGETS.pressRuns ? 'n/a' : atMost(result.lost[control], BUDGETS.pressesLost),
  }));
  for (const [measure, bytes] of [
    ['Press capture: inline script gzip, signed-in page', result.shellScriptGzipBytes],
    ['Press capture: inline script gzip, added to the legacy loader', result.legacyAddedGzipBytes],
  ] as const) {
    rows.push({
      measure,
      unit: 'KB',
      atrium: bytes,
      budget: `≤ ${BUDGETS.pressScriptGzipBytes / KB} KB`,
      verdict: atMost(bytes, BUDGETS.pressScriptGzipBytes),
    });
  }
  for (const [label, figures] of [
    ['first contentful paint', result.fcpMs],
    ['blocking time (long tasks over 50 ms, 5 s)', result.tbtMs],
  ] as const) {
    const withCapture = median(figures.with);
    const without = median(figures.without);
    const limit = paintLimit(without);
    rows.push({
      measure: `Press capture: /home ${label}, 4x CPU (beside: without it)`,
      unit: 'ms',
      atrium: withCapture,
      yardstick: without,
      ratio: ratio(withCapture, without),
      budget: limit === null ? 'unchanged' : `≤ ${limit.toFixed(0)} ms (without ${without?.toFixed(0)} ms)`,
      verdict: limit === null ? 'n/a' : atMost(withCapture, limit),
    });
  }
  return rows;
}
