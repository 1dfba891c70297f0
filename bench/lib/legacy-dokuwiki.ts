/**
 * The legacy budgets on a real third-party PHP application: Debian's DokuWiki with the helper's two calls in
 * its layout template, started exactly as tests/e2e/legacy-dokuwiki.spec.ts starts it (tests/real's
 * createDokuWiki and dokuwikiServer, php-fpm behind nginx): on Atrium's own origin (school.test, no helper
 * option) and on another host of the site (wiki.school.test, Atrium's origin as 'base'), both resolved by
 * Chromium's --host-resolver-rules. Atrium here is the bench's own server, with the other host listed in
 * its embed origins.
 *
 * Per cold run and page, signed in as a student and signed out: the layout shift over the load and the
 * widgets' script start → the bar's first paint (signed in: signed out the bar has nothing to paint). On
 * the other host signed in, each measured page follows a first page of the same visit: only from the second
 * page on does the helper have the notice feed's cookie to draw the notices with (docs/embedding.md). Then,
 * on the start page: axe-core's failures beside the same page of a wiki without the helper (what the
 * widgets add), and Lighthouse (mobile), as for the fixture pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import {
  chromiumArgsFor,
  createDokuWiki,
  dokuwikiServer,
  freePort,
  startNginx,
  startPhpFpm,
  type DokuWikiInstance,
  type RunningServer,
} from '../../tests/real/index';
import { BUDGETS, atLeast, atMost } from './budgets';
import type { Verdict } from './budgets';
import { CHROMIUM_PATH, COLD_VIEWPORT } from './browser';
import { BAR_PAINTED_MARK, WIDGETS_START_MARK } from './legacy';
import { widgetsUp } from '../../tests/real/page-holds';
import { LEGACY_PHP_BUDGETS, OBSERVER, readState } from './legacy-php';
import { runLighthouse } from './lighthouse';
import type { LighthouseScores } from './lighthouse';
import { DOKUWIKI_ROW_PREFIX } from './report';
import type { Row } from './report';
import { startBenchServer } from './server';
import { SESSION_COOKIE, sessionCookie } from './session';
import { median } from './stats';

const HOST = 'school.test';
/** Another host of the same site: the wiki only, the widgets from Atrium on HOST. */
const WIKI_HOST = 'wiki.school.test';
/** The same wiki without the helper in its template: the page axe compares with. */
const BARE_HOST = 'bare.school.test';
/** The wiki's pages (tests/real/dokuwiki.ts writes them) and its search results, as the e2e suite visits. */
export const DOKUWIKI_PAGES = ['doku.php?id=start', 'doku.php?id=policies', 'doku.php?do=search&q=policy'];
const START_PAGE = DOKUWIKI_PAGES[0]!;
/** Another page of the wiki, opened first where a visit's first page is not what is measured. */
const FIRST_PAGE_OF_VISIT = 'doku.php?do=index';
/** axe-core's rules the e2e suites hold pages to (tests/e2e/a11y.spec.ts). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export const DOKUWIKI_WHERE = ['one origin', 'other host'] as const;
export type DokuWikiWhere = (typeof DOKUWIKI_WHERE)[number];
export const DOKUWIKI_WHO = ['signed in', 'signed out'] as const;
export type DokuWikiWho = (typeof DOKUWIKI_WHO)[number];

/** One cold load of one page. */
export interface DokuWikiLoad {
  page: string;
  layoutShift: number;
  barPaintMs: number | null;
}

/** axe-core's failures on the start page: failing elements per rule. */
export type AxeCounts = Record<string, number>;

export interface DokuWikiCase {
  where: DokuWikiWhere;
  who: DokuWikiWho;
  /** Per run, every page once. */
  runs: DokuWikiLoad[][];
  axe: AxeCounts | null;
  lighthouse: LighthouseScores | null;
}

export interface DokuWikiResults {
  cases: DokuWikiCase[];
  /** axe-core on the same start page of a wiki without the helper. */
  axeWithoutWidgets: AxeCounts | null;
  /** Lighthouse there too: DokuWiki's own score, which the widgets' rows are read against. */
  lighthouseWithoutWidgets?: LighthouseScores | null;
  error?: string;
}

interface DokuWikiSite {
  /** The start page's origin for each case. */
  originOf: Record<DokuWikiWhere, string>;
  bareOrigin: string;
  /** Atrium, straight (not through nginx): Node's sign-in does not resolve the test's host names. */
  atriumOrigin: string;
  hosts: string[];
  stop: () => Promise<void>;
}

/** Atrium, php-fpm, three wikis (one origin, other host, without the helper) and nginx in front of them. */
async function startDokuWikiSite(distDir: string, dataDir: string): Promise<DokuWikiSite> {
  const running: RunningServer[] = [];
  const wikis: DokuWikiInstance[] = [];
  let closeAtrium: (() => Promise<void>) | null = null;
  const stop = async () => {
    for (const server of running.splice(0).reverse()) await server.stop();
    for (const wiki of wikis.splice(0)) wiki.remove();
    await closeAtrium?.();
  };
  try {
    const port = await freePort();
    const origin = `http://${HOST}:${port}`;
    const wikiOrigin = `http://${WIKI_HOST}:${port}`;
    const atrium = await startBenchServer({ distDir, dataDir, embedOrigins: [wikiOrigin] });
    closeAtrium = atrium.close;
    const atriumPort = Number(new URL(atrium.origin).port);
    const php = await startPhpFpm();
    running.push(php);
    const sameOrigin = createDokuWiki();
    wikis.push(sameOrigin);
    // PHP on this machine cannot resolve the test's host names: the manifest at Atrium's own address.
    // The notice feed at Atrium's own address too ('server'), as tests/e2e/legacy-dokuwiki.spec.ts does.
    const otherHost = createDokuWiki({
      widgetsOptions: `['base' => ${JSON.stringify(origin)}, 'server' => '${atrium.origin}', 'manifest' => '${atrium.origin}/widgets/manifest.json']`,
    });
    wikis.push(otherHost);
    const bare = createDokuWiki({ widgets: false });
    wikis.push(bare);
    const wiki = (host: string, instance: DokuWikiInstance, withAtrium: boolean) =>
      dokuwikiServer({
        port,
        host,
        webRoot: instance.webRoot,
        phpPort: php.port,
        ...(withAtrium ? { atriumPort } : {}),
      });
    const servers = [
      wiki(HOST, sameOrigin, true),
      wiki(WIKI_HOST, otherHost, false),
      wiki(BARE_HOST, bare, false),
    ].join('\n');
    running.push(await startNginx({ servers, port }));
    return {
      originOf: { 'one origin': origin, 'other host': wikiOrigin },
      bareOrigin: `http://${BARE_HOST}:${port}`,
      atriumOrigin: atrium.origin,
      hosts: [HOST, WIKI_HOST, BARE_HOST],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A fresh context (nothing cached), signed in on Atrium's origin when `cookie` is given. */
async function coldContext(browser: Browser, cookie: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: COLD_VIEWPORT });
  if (cookie) {
    const value = cookie.slice(`${SESSION_COOKIE}=`.length);
    await context.addCookies([{ name: SESSION_COOKIE, value, url: `http://${HOST}/` }]);
  }
  return context;
}

/** The cookie in which the widgets keep the notice feed's token on another host (docs/embedding.md). */
const FEED_COOKIE = 'atrium_feed';

/**
 * A visit's first page on another host, signed in: it has no feed cookie yet, so its bar reads the notices
 * after `load` (the one page that may shift, docs/embedding.md). Resolves once the widgets have kept the
 * cookie, so the pages measured next in this context are the visit's later pages.
 */
async function firstPageOfVisit(context: BrowserContext, url: string): Promise<void> {
  const tab = await context.newPage();
  try {
    await tab.goto(url, { waitUntil: 'load' });
    const deadline = Date.now() + 15_000;
    while (!(await context.cookies(url)).some((cookie) => cookie.name === FEED_COOKIE)) {
      if (Date.now() > deadline) throw new Error(`the widgets kept no ${FEED_COOKIE} cookie on ${url}`);
      await tab.waitForTimeout(100);
    }
  } finally {
    await tab.close();
  }
}

async function measureLoad(
  browser: Browser,
  url: string,
  cookie: string | null,
  page: string,
  visitStart: string | null,
): Promise<DokuWikiLoad> {
  const context = await coldContext(browser, cookie);
  try {
    if (visitStart) await firstPageOfVisit(context, visitStart);
    const tab = await context.newPage();
    await tab.addInitScript(OBSERVER);
    await tab.goto(url, { waitUntil: 'load' });
    await widgetsUp(tab, { timeout: 20_000 });
    if (cookie) {
      await tab
        .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, BAR_PAINTED_MARK, {
          timeout: 15_000,
        })
        .catch(() => undefined);
    }
    // Late shifts (a font, the session's answer) count too.
    await tab.waitForTimeout(500);
    const [start, painted] = await tab.evaluate(
      ({ startMark, paintedMark }) => [
        performance.getEntriesByName(startMark)[0]?.startTime ?? null,
        performance.getEntriesByName(paintedMark)[0]?.startTime ?? null,
      ],
      { startMark: WIDGETS_START_MARK, paintedMark: BAR_PAINTED_MARK },
    );
    const state = await readState(tab);
    return {
      page,
      layoutShift: state.shifts,
      barPaintMs:
        start !== null && start !== undefined && painted !== null && painted !== undefined
          ? painted - start
          : null,
    };
  } finally {
    await context.close();
  }
}

/** axe-core's failures on `url`, as failing elements per rule. */
async function axeCounts(browser: Browser, url: string, cookie: string | null): Promise<AxeCounts> {
  const context = await coldContext(browser, cookie);
  try {
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'load' });
    if (!url.includes(BARE_HOST)) await widgetsUp(tab, { timeout: 20_000 });
    await tab.waitForTimeout(300);
    const { violations } = await new AxeBuilder({ page: tab }).withTags(AXE_TAGS).analyze();
    return Object.fromEntries(violations.map((violation) => [violation.id, violation.nodes.length]));
  } finally {
    await context.close();
  }
}

/** Every cold load, then axe and (with `lighthouseRuns`) Lighthouse on each case's start page. */
export async function runDokuWiki(options: {
  distDir: string;
  dataDir: string;
  runs: number;
  /** Lighthouse runs per page, each score their median; 0: no Lighthouse. */
  lighthouseRuns: number;
  progress?: (label: string) => void;
}): Promise<DokuWikiResults> {
  const site = await startDokuWikiSite(options.distDir, options.dataDir);
  const cases: DokuWikiCase[] = DOKUWIKI_WHERE.flatMap((where) =>
    DOKUWIKI_WHO.map((who) => ({ where, who, runs: [], axe: null, lighthouse: null })),
  );
  const results: DokuWikiResults = { cases, axeWithoutWidgets: null };
  try {
    const cookie = await sessionCookie(site.atriumOrigin, 'student');
    const cookieOf = (item: DokuWikiCase) => (item.who === 'signed in' ? cookie : null);
    const urlOf = (item: DokuWikiCase, page: string) => `${site.originOf[item.where]}/wiki/${page}`;
    const args = chromiumArgsFor(site.hosts);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: false });
    try {
      for (let run = 1; run <= options.runs; run += 1) {
        options.progress?.(`DokuWiki: run ${run}/${options.runs}`);
        for (const item of cases) {
          const loads: DokuWikiLoad[] = [];
          // Signed in on another host, the pages measured are a visit's later ones (after its first page
          // has the widgets keep the feed's cookie), which the budget holds to.
          const visitStart =
            item.where === 'other host' && item.who === 'signed in' ? urlOf(item, FIRST_PAGE_OF_VISIT) : null;
          for (const page of DOKUWIKI_PAGES)
            loads.push(await measureLoad(browser, urlOf(item, page), cookieOf(item), page, visitStart));
          item.runs.push(loads);
        }
      }
      options.progress?.('DokuWiki: axe-core');
      results.axeWithoutWidgets = await axeCounts(browser, `${site.bareOrigin}/wiki/${START_PAGE}`, null);
      for (const item of cases) item.axe = await axeCounts(browser, urlOf(item, START_PAGE), cookieOf(item));
    } finally {
      await browser.close();
    }
    if (options.lighthouseRuns > 0) {
      options.progress?.('DokuWiki: Lighthouse (mobile)');
      const scores = await runLighthouse(
        [
          ...cases.map((item) => ({
            name: `${item.where}, ${item.who}`,
            url: urlOf(item, START_PAGE),
            ...(cookieOf(item) ? { cookie } : {}),
          })),
          { name: 'without the widgets', url: `${site.bareOrigin}/wiki/${START_PAGE}` },
        ],
        options.lighthouseRuns,
        args,
      );
      cases.forEach((item, index) => (item.lighthouse = scores[index] ?? null));
      results.lighthouseWithoutWidgets = scores[cases.length] ?? null;
    }
  } catch (error) {
    // The fixture pages' rows still count when the wiki could not run: the rows say why they are empty.
    results.error = error instanceof Error ? error.message : String(error);
  } finally {
    await site.stop();
  }
  return results;
}

/** Failing elements in all, and the rules that fail more often with the widgets than without them. */
export function axeAgainst(
  withWidgets: AxeCounts,
  without: AxeCounts,
): { total: number; totalWithout: number; worse: string[] } {
  const sum = (counts: AxeCounts) => Object.values(counts).reduce((all, count) => all + count, 0);
  const worse = Object.entries(withWidgets)
    .filter(([rule, count]) => count > (without[rule] ?? 0))
    .map(([rule]) => rule);
  return { total: sum(withWidgets), totalWithout: sum(without), worse };
}

/** The worst page of each run, then their median: the budget holds on every page of the application. */
function worstPageMedian(runs: readonly DokuWikiLoad[][], pick: (load: DokuWikiLoad) => number | null) {
  return median(
    runs.map((loads) => {
      const values = loads.map(pick).filter((value): value is number => value !== null);
      return values.length === loads.length && values.length > 0 ? Math.max(...values) : null;
    }),
  );
}

export function dokuwikiRows(results: DokuWikiResults): Row[] {
  const note = results.error ? { note: `error: ${results.error.slice(0, 60)}` } : {};
  const pages = DOKUWIKI_PAGES.length;
  return results.cases.flatMap((item): Row[] => {
    const label = `${DOKUWIKI_ROW_PREFIX}, ${item.where === 'one origin' ? 'one origin' : WIKI_HOST}), ${item.who}`;
    const shift = worstPageMedian(item.runs, (load) => load.layoutShift);
    const rows: Row[] = [
      {
        measure: `${label}: layout shift, worst of ${pages} pages`,
        unit: 'fraction',
        atrium: shift,
        budget: `≤ ${LEGACY_PHP_BUDGETS.layoutShift}`,
        verdict: atMost(shift, LEGACY_PHP_BUDGETS.layoutShift),
        ...note,
      },
    ];
    if (item.who === 'signed in') {
      const paint = worstPageMedian(item.runs, (load) => load.barPaintMs);
      rows.push({
        measure: `${label}: script start → bar painted, worst of ${pages} pages`,
        unit: 'ms',
        atrium: paint,
        budget: `≤ ${BUDGETS.barPaintMs} ms`,
        verdict: atMost(paint, BUDGETS.barPaintMs),
        ...note,
      });
    }
    rows.push(axeRow(label, item.axe, results.axeWithoutWidgets, note));
    rows.push(...lighthouseRows(label, item.lighthouse, results.lighthouseWithoutWidgets ?? null, note));
    return rows;
  });
}

function axeRow(
  label: string,
  withWidgets: AxeCounts | null,
  without: AxeCounts | null,
  note: { note?: string },
): Row {
  const measure = `${label}: axe-core failures on the start page`;
  if (!withWidgets || !without)
    return { measure, unit: 'count', atrium: null, budget: 'none new', verdict: 'n/a', ...note };
  const { total, totalWithout, worse } = axeAgainst(withWidgets, without);
  const verdict: Verdict = worse.length === 0 ? 'ok' : 'OVER';
  return {
    measure: `${measure} (without the widgets: ${totalWithout})`,
    unit: 'count',
    atrium: total,
    budget: 'none new',
    verdict,
    ...(worse.length > 0 ? { note: `more with the widgets: ${worse.join(', ')}` } : note),
  };
}

/**
 * A Lighthouse budget where the wiki without the widgets (the floor: nothing of Atrium's on it) already
 * misses it on this machine: the page with the widgets is then judged against that floor, and both are shown.
 */
function judged(
  score: number | null | undefined,
  limit: number,
  floor: number | null | undefined,
): Pick<Row, 'budget' | 'verdict'> {
  if (typeof score !== 'number') return { budget: `≥ ${limit}`, verdict: 'n/a' };
  if (typeof floor === 'number' && floor < limit)
    return { budget: `≥ ${limit}; the wiki alone ${floor}: ≥ that`, verdict: atLeast(score, floor) };
  return { budget: `≥ ${limit}`, verdict: atLeast(score, limit) };
}

function lighthouseRows(
  label: string,
  entry: LighthouseScores | null,
  without: LighthouseScores | null,
  note: { note?: string },
): Row[] {
  const skipped = entry ? (entry.error ? { note: `error: ${entry.error.slice(0, 60)}` } : note) : note;
  const tbt = entry?.tbtMs;
  // The wiki's own score beside each: what is DokuWiki's and what the widgets add.
  const beside = (score: number | null | undefined) =>
    typeof score === 'number' ? ` (without the widgets: ${score})` : '';
  return [
    {
      measure: `${label}: Lighthouse performance (mobile)${typeof tbt === 'number' ? `, TBT ${Math.round(tbt)} ms` : ''}${beside(without?.performance)}`,
      unit: 'score',
      atrium: entry?.performance ?? null,
      ...judged(entry?.performance, BUDGETS.lighthousePerformance, without?.performance),
      ...(entry || note.note ? skipped : { note: 'skipped (--quick)' }),
    },
    {
      measure: `${label}: Lighthouse accessibility${beside(without?.accessibility)}`,
      unit: 'score',
      atrium: entry?.accessibility ?? null,
      ...judged(entry?.accessibility, BUDGETS.lighthouseAccessibility, without?.accessibility),
      ...(entry || note.note ? skipped : { note: 'skipped (--quick)' }),
    },
  ];
}
