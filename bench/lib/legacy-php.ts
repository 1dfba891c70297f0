/**
 * The legacy pages' budgets, measured where they apply: on a real legacy PHP screen served by Debian's php-fpm
 * behind nginx (tests/real's harness), embedding the widgets through integrations/php/atrium.php with the
 * notices server-rendered, Atrium behind the same nginx under the same origin (as a university's path
 * routing does). bench/lib/legacy.ts measures Atrium's own /legacy/ page; this one measures the page an
 * integrator ships.
 *
 * Per cold run, for a student: the JS Atrium adds to the page (gzip and brotli, measured on the very files
 * the page loaded), whether any of it is React, the widgets' script start → the bar's own first paint, and
 * the layout shift over the load. For root, at 4x CPU: no React while the toolbar is closed, then the time
 * from Ctrl+Shift+A to the toolbar drawn. Then Lighthouse (mobile) on the same page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { widgetsUp } from '../../tests/real/page-holds';
import { startPhpSite } from '../../tests/real/php-site';
import { BUDGETS, KB, atLeast, atMost, below } from './budgets';
import type { Verdict } from './budgets';
import { openColdPage } from './browser';
import { BAR_PAINTED_MARK, REACT_MARKERS, WIDGETS_START_MARK } from './legacy';
import { runLighthouse } from './lighthouse';
import type { LighthouseScores } from './lighthouse';
import { markdownTable, writeResults } from './report';
import type { Row } from './report';
import { RequestRecorder } from './request-chain';
import { sessionCookie, signIn } from './session';
import { median } from './stats';

/**
 * The fifteen-year-old screen: table layout, an aggressive global stylesheet, Prototype-era globals, its
 * own React and custom element, a strict CSP, and the helper's server-rendered notices.
 */
export const LEGACY_PHP_PAGE = '/php/legacy/hostile.php';
/**
 * The same widgets, helper and notices on a plain modern PHP page: Lighthouse scores the whole page, and the
 * hostile screen's own React 18 and stylesheet are the page's cost, not Atrium's; both are reported.
 */
export const PLAIN_PHP_PAGE = '/php/legacy/plain.php';
/**
 * Every row of this module and of legacy-dokuwiki.ts starts with it (the --legacy-php run replaces exactly
 * these rows).
 */
export const LEGACY_PHP_ROW_PREFIX = 'Legacy PHP page';
const THROTTLE = 4;

export const LEGACY_PHP_BUDGETS = {
  layoutShift: 0.01,
  toolbarOpenMs: 300,
} as const;

export interface LegacyPhpLoad {
  user: string;
  /** Atrium's scripts on the page (everything not under /php/), as the browser received them. */
  atriumScripts: string[];
  /** The same files' sizes as Atrium serves them to a client that accepts only gzip, or brotli. */
  jsGzipBytes: number | null;
  jsBrotliBytes: number | null;
  jsRawBytes: number;
  reactLoaded: boolean;
  barPaintMs: number | null;
  layoutShift: number | null;
  /** Root only: Ctrl+Shift+A to the toolbar drawn, and whether React came with it. */
  toolbar?: {
    openMs: number | null;
    /** Of which: the key to the last of the toolbar's scripts received (the rest is parse, run, render). */
    downloadMs: number | null;
    reactWithToolbar: boolean;
    jsGzipBytes: number | null;
  };
}

/** Layout shifts (without recent input) summed over the page's life, and the toolbar's open time. */
export const OBSERVER = `(() => {
  const state = (window.__benchPhp = { shifts: 0, keyAt: null, toolbarAt: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.shifts += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  addEventListener('keydown', (event) => {
    if (state.keyAt !== null || !(event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 'a')) return;
    state.keyAt = event.timeStamp;
    const poll = () => {
      const toolbar = document.querySelector('atrium-dev-toolbar');
      // The panel (DevToolbar.tsx): a <section> popover with its title, in the element's shadow root.
      const region = toolbar && toolbar.shadowRoot && toolbar.shadowRoot.querySelector('section.atrium-devtb:not([hidden]) h2');
      if (region && region.getBoundingClientRect().height > 0) state.toolbarAt = performance.now();
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, true);
})();`;

export interface PageState {
  shifts: number;
  keyAt: number | null;
  toolbarAt: number | null;
}

export const readState = (page: Page): Promise<PageState> =>
  page.evaluate(() => (window as unknown as { __benchPhp: PageState }).__benchPhp);

/** Encoded size of `url`'s body for one Accept-Encoding (counted on the wire, never decoded). */
function encodedSize(url: string, encoding: 'gzip' | 'br'): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve(
          response.statusCode === 200 && response.headers['content-encoding'] === encoding ? bytes : null,
        ),
      );
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

const sizeCache = new Map<string, number | null>();

/** Sum of the files' sizes in one encoding; null when one of them is not served in it. */
async function totalSize(urls: readonly string[], encoding: 'gzip' | 'br'): Promise<number | null> {
  let total = 0;
  for (const url of urls) {
    const key = `${encoding} ${url}`;
    if (!sizeCache.has(key)) sizeCache.set(key, await encodedSize(url, encoding));
    const size = sizeCache.get(key);
    if (size === null || size === undefined) return null;
    total += size;
  }
  return total;
}

const isAtriumScript = (url: string) => !new URL(url).pathname.startsWith('/php/');

async function atriumScriptsOf(recorder: RequestRecorder): Promise<{
  urls: string[];
  raw: number;
  react: boolean;
}> {
  const scripts = recorder
    .requests()
    .filter((r) => r.type === 'Script' && r.finished && !r.fromCache && isAtriumScript(r.url));
  const urls = [...new Set(scripts.map((r) => r.url))];
  const raw = urls.reduce(
    (sum, url) => sum + Math.max(...scripts.filter((r) => r.url === url).map((r) => r.decodedBytes)),
    0,
  );
  const bodies = await recorder.scriptBodies();
  const react = urls.some((url) => REACT_MARKERS.some((marker) => bodies.get(url)?.includes(marker)));
  return { urls, raw, react };
}

export async function measureLegacyPhp(
  browser: Browser,
  origin: string,
  user: 'student' | 'root',
): Promise<LegacyPhpLoad> {
  const root = user === 'root';
  const cold = await openColdPage(browser, { initScript: OBSERVER, cpuThrottle: root ? THROTTLE : 1 });
  try {
    const { page, cdp } = cold;
    await signIn(page.request, origin, user);
    const recorder = await RequestRecorder.attach(cdp);
    const session = page.waitForResponse((r) => r.url().includes('/lapi/rpc/common/ionic/initialize'));
    await page.goto(`${origin}${LEGACY_PHP_PAGE}`, { waitUntil: 'load' });
    await session.catch(() => undefined);
    await widgetsUp(page, { timeout: 20_000 });
    await page
      .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, BAR_PAINTED_MARK, {
        timeout: 15_000,
      })
      .catch(() => undefined);
    // Late shifts (a font, the session's answer) count too: give them a moment.
    await page.waitForTimeout(500);
    await recorder.settled();
    const marks = await page.evaluate(
      ({ start, painted }) => [
        performance.getEntriesByName(start)[0]?.startTime ?? null,
        performance.getEntriesByName(painted)[0]?.startTime ?? null,
      ],
      { start: WIDGETS_START_MARK, painted: BAR_PAINTED_MARK },
    );
    const [start, painted] = marks;
    const scripts = await atriumScriptsOf(recorder);
    const state = await readState(page);
    const result: LegacyPhpLoad = {
      user,
      atriumScripts: scripts.urls,
      jsGzipBytes: await totalSize(scripts.urls, 'gzip'),
      jsBrotliBytes: await totalSize(scripts.urls, 'br'),
      jsRawBytes: scripts.raw,
      reactLoaded: scripts.react,
      barPaintMs:
        start !== null && start !== undefined && painted !== null && painted !== undefined
          ? painted - start
          : null,
      layoutShift: state.shifts,
    };
    if (root) {
      recorder.reset();
      await page.keyboard.press('Control+Shift+A');
      await page
        .waitForFunction(
          () => (window as unknown as { __benchPhp: PageState }).__benchPhp.toolbarAt !== null,
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => undefined);
      await recorder.settled();
      const after = await readState(page);
      const downloadedAt = await page.evaluate((since) => {
        if (since === null) return null;
        const ends = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= since && entry.name.endsWith('.js'))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
        return ends.length > 0 ? Math.max(...ends) : null;
      }, after.keyAt);
      const extra = await atriumScriptsOf(recorder);
      result.toolbar = {
        openMs: after.keyAt !== null && after.toolbarAt !== null ? after.toolbarAt - after.keyAt : null,
        downloadMs: after.keyAt !== null && downloadedAt !== null ? downloadedAt - after.keyAt : null,
        reactWithToolbar: extra.react,
        jsGzipBytes: await totalSize(extra.urls, 'gzip'),
      };
    }
    return result;
  } finally {
    await cold.close();
  }
}

export interface LegacyPhpResults {
  page: string;
  student: LegacyPhpLoad[];
  root: LegacyPhpLoad[];
  /** Lighthouse on LEGACY_PHP_PAGE, then on PLAIN_PHP_PAGE. */
  lighthouse: LighthouseScores[] | null;
}

/** Runs the cold loads (`runs` of each, interleaved) and, unless `lighthouse` is false, Lighthouse. */
export async function runLegacyPhp(options: {
  launch: () => Promise<Browser>;
  atriumOrigin: string;
  distDir: string;
  runs: number;
  lighthouse: boolean;
  progress?: (label: string) => void;
}): Promise<LegacyPhpResults> {
  // The PHP screens of tests/e2e/legacy-php-widgets.spec.ts, on 127.0.0.1: Lighthouse's Chromium and
  // Node's sign-in resolve no test host names.
  const site = await startPhpSite({
    host: '127.0.0.1',
    atriumPort: Number(new URL(options.atriumOrigin).port),
    phpEnv: { ATRIUM_WIDGETS_MANIFEST: path.join(options.distDir, 'widgets', 'manifest.json') },
  });
  const results: LegacyPhpResults = { page: LEGACY_PHP_PAGE, student: [], root: [], lighthouse: null };
  try {
    const browser = await options.launch();
    try {
      for (let run = 1; run <= options.runs; run += 1) {
        options.progress?.(`legacy PHP page: run ${run}/${options.runs}`);
        results.student.push(await measureLegacyPhp(browser, site.origin, 'student'));
        results.root.push(await measureLegacyPhp(browser, site.origin, 'root'));
      }
    } finally {
      await browser.close();
    }
    if (options.lighthouse) {
      options.progress?.('legacy PHP page: Lighthouse (mobile)');
      const cookie = await sessionCookie(site.origin, 'student');
      results.lighthouse = await runLighthouse(
        [LEGACY_PHP_PAGE, PLAIN_PHP_PAGE].map((page) => ({
          name: path.basename(page),
          url: `${site.origin}${page}`,
          cookie,
        })),
      );
    }
  } finally {
    await site.stop();
  }
  return results;
}

function noneOf(runs: readonly LegacyPhpLoad[], pick: (load: LegacyPhpLoad) => boolean): Verdict {
  if (runs.length === 0) return 'n/a';
  return runs.some(pick) ? 'OVER' : 'ok';
}

const yesNo = (runs: readonly LegacyPhpLoad[], pick: (load: LegacyPhpLoad) => boolean) =>
  runs.length === 0 ? null : runs.some(pick) ? 1 : 0;

function lighthouseRows(scores: LighthouseScores[] | null): Row[] {
  const pages = [LEGACY_PHP_PAGE, PLAIN_PHP_PAGE];
  return pages.flatMap((page, index): Row[] => {
    const label = `${LEGACY_PHP_ROW_PREFIX} (${path.basename(page)}): Lighthouse`;
    const entry = scores?.[index] ?? null;
    const note = !scores
      ? { note: 'skipped (--quick)' }
      : entry?.error
        ? { note: `error: ${entry.error.slice(0, 60)}` }
        : {};
    const tbt = entry?.tbtMs;
    return [
      {
        measure: `${label} performance (mobile)${typeof tbt === 'number' ? `, TBT ${Math.round(tbt)} ms` : ''}`,
        unit: 'score',
        atrium: entry?.performance ?? null,
        budget: `≥ ${BUDGETS.lighthousePerformance}`,
        verdict: entry ? atLeast(entry.performance, BUDGETS.lighthousePerformance) : 'n/a',
        ...note,
      },
      {
        measure: `${label} accessibility`,
        unit: 'score',
        atrium: entry?.accessibility ?? null,
        budget: `${BUDGETS.lighthouseAccessibility}`,
        verdict: entry ? atLeast(entry.accessibility, BUDGETS.lighthouseAccessibility) : 'n/a',
        ...note,
      },
    ];
  });
}

export function legacyPhpRows(results: LegacyPhpResults): Row[] {
  const label = `${LEGACY_PHP_ROW_PREFIX} (${path.basename(results.page)})`;
  const { student, root } = results;
  const gzip = median(student.map((load) => load.jsGzipBytes));
  const paint = median(student.map((load) => load.barPaintMs));
  const shift = median(student.map((load) => load.layoutShift));
  const openMs = median(root.map((load) => load.toolbar?.openMs ?? null));
  const opened = root.filter((load) => typeof load.toolbar?.openMs === 'number').length;
  const download = median(root.map((load) => load.toolbar?.downloadMs ?? null));
  return [
    {
      measure: `${label}, student: Atrium JS gzip`,
      unit: 'KB',
      atrium: gzip,
      budget: `≤ ${BUDGETS.widgetsGzipBytes / KB} KB`,
      verdict: atMost(gzip, BUDGETS.widgetsGzipBytes),
    },
    {
      measure: `${label}, student: Atrium JS brotli (what Chromium downloads)`,
      unit: 'KB',
      atrium: median(student.map((load) => load.jsBrotliBytes)),
    },
    {
      measure: `${label}, student: Atrium JS raw`,
      unit: 'KB',
      atrium: median(student.map((load) => load.jsRawBytes)),
    },
    {
      measure: `${label}, student: React downloaded`,
      unit: 'yes/no',
      atrium: yesNo(student, (load) => load.reactLoaded),
      budget: 'no',
      verdict: noneOf(student, (load) => load.reactLoaded),
    },
    {
      measure: `${label}, student: script start → bar painted`,
      unit: 'ms',
      atrium: paint,
      budget: `≤ ${BUDGETS.barPaintMs} ms`,
      verdict: atMost(paint, BUDGETS.barPaintMs),
    },
    {
      measure: `${label}, student: layout shift, server-rendered notices`,
      unit: 'fraction',
      atrium: shift,
      budget: `≤ ${LEGACY_PHP_BUDGETS.layoutShift}`,
      verdict: atMost(shift, LEGACY_PHP_BUDGETS.layoutShift),
    },
    {
      measure: `${label}, root, toolbar closed: React downloaded`,
      unit: 'yes/no',
      atrium: yesNo(root, (load) => load.reactLoaded),
      budget: 'no',
      verdict: noneOf(root, (load) => load.reactLoaded),
    },
    {
      measure: `${label}, root: Ctrl+Shift+A → toolbar drawn, ${THROTTLE}x CPU`,
      unit: 'ms',
      atrium: openMs,
      budget: `< ${LEGACY_PHP_BUDGETS.toolbarOpenMs} ms`,
      verdict: below(openMs, LEGACY_PHP_BUDGETS.toolbarOpenMs),
      ...(opened < root.length ? { note: `toolbar opened in ${opened}/${root.length} runs` } : {}),
    },
    {
      // The issue's "loads … in under 300 ms", read literally: the code is there; the row above is the
      // stricter reading (drawn on screen) and carries the verdict that counts.
      measure: `${label}, root: Ctrl+Shift+A → toolbar's code downloaded, ${THROTTLE}x CPU`,
      unit: 'ms',
      atrium: download,
      budget: `< ${LEGACY_PHP_BUDGETS.toolbarOpenMs} ms`,
      verdict: below(download, LEGACY_PHP_BUDGETS.toolbarOpenMs),
    },
    {
      measure: `${label}, root: toolbar's JS gzip (loaded on first open)`,
      unit: 'KB',
      atrium: median(root.map((load) => load.toolbar?.jsGzipBytes ?? null)),
    },
    ...lighthouseRows(results.lighthouse),
  ];
}

/**
 * `--legacy-php` alone: these rows replace the ones of the last full run in results.json (the rest of the
 * table and its raw runs stay as they were), so the figure can be refreshed without the whole bench.
 */
export function mergeLegacyPhpRows(
  file: string,
  rows: readonly Row[],
  raw: LegacyPhpResults & { dokuwiki?: unknown },
  meta: Record<string, unknown>,
): Row[] {
  let previous: { table?: Row[]; raw?: Record<string, unknown>; meta?: Record<string, unknown> } = {};
  if (existsSync(file)) {
    try {
      previous = JSON.parse(readFileSync(file, 'utf8')) as typeof previous;
    } catch {
      // A results file that does not parse is replaced by this run's rows alone.
    }
  }
  const table = [
    ...(previous.table ?? []).filter((row) => !row.measure.startsWith(LEGACY_PHP_ROW_PREFIX)),
    ...rows,
  ];
  writeResults(file, {
    ...previous,
    meta: { ...(previous.meta ?? {}), legacyPhp: meta },
    table,
    markdown: markdownTable(table),
    raw: { ...(previous.raw ?? {}), legacyPhp: raw },
  });
  return table;
}
