/**
 * Turns the raw runs into the table: medians of the cold runs, Atrium beside the yardsticks where the issues
 * compare them, and each budget beside the figure it applies to. Groups that were not
 * measured (`--only`) give no rows.
 */
import type { AreaSwitchResult } from './area-switch';
import { BUDGETS, KB, atLeast, atMost, below } from './budgets';
import type { Verdict } from './budgets';
import type { LegacyLoad } from './legacy';
import type { LighthouseScores } from './lighthouse';
import type { LoginLoad } from './login-page';
import { pressRows } from './presses';
import type { PressesResult } from './presses';
import type { Row } from './report';
import { median, ratio } from './stats';
import type { InputDelayResult, TypedTextResult } from './typing';

export interface BenchResults {
  /** Which groups of rows were measured (bench/run.ts --only). */
  groups: ReadonlySet<string>;
  /** By throttle (`cpu1x`, `cpu4x`), then page (`atrium`, `yardstick`, `minimal`, `static`). */
  login: Record<string, Record<string, LoginLoad[]>>;
  /** By page (`atrium`, `yardstick`, `minimal`), 4x CPU. */
  typing: {
    /** No inspector on the page (the budgeted row). */
    typed: Record<string, TypedTextResult[]>;
    /** The same under Playwright (inspector attached), reported beside it. */
    typedInspector?: Record<string, TypedTextResult[]>;
    delay: Record<string, InputDelayResult[]>;
  } | null;
  /** By throttle (`cpu1x`, `cpu4x`: no inspector; the same with INSPECTOR_SUFFIX: Playwright's). */
  loginToHome: Record<string, (number | null)[]>;
  areaSwitch: AreaSwitchResult | { error: string } | null;
  legacy: { student: LegacyLoad[]; root: LegacyLoad[] } | null;
  lighthouse: LighthouseScores[] | null;
  /** The press capture's rows (presses.ts). */
  presses?: PressesResult | null;
  buildSeconds: number | null;
  npmTestSeconds: number | null;
}

function loginRows(login: BenchResults['login']): Row[] {
  const runsOf = (throttle: string, page: string) => login[throttle]?.[page] ?? [];
  const med = (throttle: string, page: string, pick: (load: LoginLoad) => number | null) =>
    median(runsOf(throttle, page).map(pick));
  const pair = (
    measure: string,
    unit: Row['unit'],
    throttle: string,
    pick: (load: LoginLoad) => number | null,
  ) => {
    const atrium = med(throttle, 'atrium', pick);
    const yardstick = med(throttle, 'yardstick', pick);
    const minimal = med(throttle, 'minimal', pick);
    return { measure, unit, atrium, yardstick, minimal, ratio: ratio(atrium, yardstick) };
  };
  const gzip = pair('Login: JS gzip', 'KB', 'cpu1x', (load) => load.jsEncodedBytes);
  const chain = pair('Login: longest request chain', 'count', 'cpu1x', (load) => load.chainDepth);
  const rows: Row[] = [
    {
      ...gzip,
      budget: `≤ ${BUDGETS.loginJsGzipBytes / KB} KB`,
      verdict: atMost(gzip.atrium, BUDGETS.loginJsGzipBytes),
    },
    pair('Login: JS raw', 'KB', 'cpu1x', (load) => load.jsDecodedBytes),
    pair('Login: requests', 'count', 'cpu1x', (load) => load.requestCount),
    {
      ...chain,
      budget: `≤ ${BUDGETS.loginChainDepth}`,
      verdict: atMost(chain.atrium, BUDGETS.loginChainDepth),
    },
  ];
  for (const throttle of ['cpu1x', 'cpu4x']) {
    const label = throttle === 'cpu1x' ? 'no throttling' : '4x CPU';
    const fcp = pair(`Login: first contentful paint, ${label}`, 'ms', throttle, (load) => load.fcpMs);
    const staticFcp = med(throttle, 'static', (load) => load.fcpMs);
    const fcpLimit =
      staticFcp === null ? null : Math.max(staticFcp * BUDGETS.fcpVsStatic, staticFcp + BUDGETS.fcpSlackMs);
    rows.push({
      ...fcp,
      budget:
        staticFcp === null
          ? 'close to static page'
          : `≤ ${fcpLimit?.toFixed(0)} ms (static ${staticFcp.toFixed(0)} ms)`,
      verdict: fcpLimit === null ? 'n/a' : atMost(fcp.atrium, fcpLimit),
    });
    const ready = pair(
      `Login: username accepts typing, ${label}`,
      'ms',
      throttle,
      (load) => load.usernameReadyMs,
    );
    rows.push(
      throttle === 'cpu4x'
        ? {
            ...ready,
            budget: `≤ ${BUDGETS.loginReadyVsYardstick}x yardstick`,
            verdict: ready.ratio === null ? 'n/a' : atMost(ready.ratio, BUDGETS.loginReadyVsYardstick),
          }
        : ready,
    );
  }
  return rows;
}

/** The typed-text runs' key for Atrium's login page with its scripts taken out (the floor under its figure). */
export const FLOOR_PAGE = 'static';

/** Typing during boot, Atrium beside both yardsticks, judged against the minimal React page. */
function typingRows(typing: NonNullable<BenchResults['typing']>): Row[] {
  /** Each page's median typed-text figure in one set of runs. */
  const shownIn = (runs: Record<string, TypedTextResult[]>) => {
    const typed = (page: string) => median((runs[page] ?? []).map((run) => run.typedShownMs));
    return { atrium: typed('atrium'), yardstick: typed('yardstick'), minimal: typed('minimal') };
  };
  const delay = (page: string) => median((typing.delay[page] ?? []).map((run) => run.worstDelayMs));
  const task = (page: string) => median((typing.delay[page] ?? []).map((run) => run.longestTaskMs));
  /** The most keys a run of the input-delay typist lost (sent, not in the field at the end): the issue's
   *  "keep anything the user typed", judged on every run rather than the median. */
  const keysLost = (page: string) => {
    const lostPerRun = (typing.delay[page] ?? []).flatMap((run) =>
      run.keysInField === null ? [] : [run.keysSent - run.keysInField],
    );
    return lostPerRun.length === 0 ? null : Math.max(...lostPerRun);
  };
  const lost = (typing.typed['atrium'] ?? []).filter((run) => run.finalValue !== 'ab').length;
  const shown = shownIn(typing.typed);
  const shownInspector = typing.typedInspector ? shownIn(typing.typedInspector) : null;
  const shownRatio = ratio(shown.atrium, shown.minimal);
  const floor = median((typing.typed[FLOOR_PAGE] ?? []).map((run) => run.typedShownMs));
  const worst = { atrium: delay('atrium'), yardstick: delay('yardstick'), minimal: delay('minimal') };
  const keys = { atrium: keysLost('atrium'), yardstick: keysLost('yardstick'), minimal: keysLost('minimal') };
  return [
    {
      measure: 'Login: typed text shown, 4x CPU',
      unit: 'ms',
      ...shown,
      ratio: shownRatio,
      budget: `≤ ${BUDGETS.typedShownVsMinimal}x minimal React`,
      verdict: shownRatio === null ? 'n/a' : atMost(shownRatio, BUDGETS.typedShownVsMinimal),
      ...(lost > 0 ? { note: `typed text lost or reordered in ${lost} runs` } : {}),
    },
    // No budget: what the browser alone takes on the same form, so the row above can be read against it.
    ...(floor === null
      ? []
      : [
          {
            measure: "Login: typed text shown, 4x CPU, Atrium's page without scripts (the floor)",
            unit: 'ms' as const,
            atrium: floor,
            minimal: shown.minimal,
            ratio: ratio(floor, shown.minimal),
          },
        ]),
    ...(shownInspector
      ? [
          {
            measure: 'Login: typed text shown, 4x CPU (under Playwright)',
            unit: 'ms' as const,
            ...shownInspector,
            ratio: ratio(shownInspector.atrium, shownInspector.minimal),
          },
        ]
      : []),
    {
      measure: 'Login: worst input delay during boot, 4x CPU',
      unit: 'ms',
      ...worst,
      ratio: ratio(worst.atrium, worst.minimal),
      budget: `≤ ${BUDGETS.inputDelayMs} ms`,
      verdict: atMost(worst.atrium, BUDGETS.inputDelayMs),
    },
    {
      measure: 'Login: keys lost typing through the boot, 4x CPU (most in one run)',
      unit: 'count',
      ...keys,
      ratio: null,
      budget: '0',
      verdict: atMost(keys.atrium, 0),
    },
    {
      measure: 'Login: longest task after first paint, 4x CPU',
      unit: 'ms',
      atrium: task('atrium'),
      yardstick: task('yardstick'),
      minimal: task('minimal'),
      ratio: ratio(task('atrium'), task('minimal')),
    },
  ];
}

/** The key suffix of Sign In → home measured under Playwright (inspector attached, password filled at once). */
export const INSPECTOR_SUFFIX = '-inspector';

function homeRows(loginToHome: BenchResults['loginToHome']): Row[] {
  const rows: Row[] = [];
  for (const [key, runs] of Object.entries(loginToHome)) {
    const figure = median(runs);
    const inspector = key.endsWith(INSPECTOR_SUFFIX);
    const cpu = key.startsWith('cpu4x') ? '4x CPU' : 'no throttling';
    const measure = `Sign In → home h1 painted, ${cpu} (student${inspector ? ', under Playwright' : ''})`;
    rows.push(
      key === 'cpu4x'
        ? {
            measure,
            unit: 'ms',
            atrium: figure,
            budget: `≤ ${BUDGETS.homeH1PaintMs} ms`,
            verdict: atMost(figure, BUDGETS.homeH1PaintMs),
          }
        : { measure, unit: 'ms', atrium: figure },
    );
  }
  return rows;
}

function areaRows(result: AreaSwitchResult | { error: string }): Row[] {
  if ('error' in result) {
    return [{ measure: 'Shell: area switch', unit: 'ms', atrium: null, note: `failed: ${result.error}` }];
  }
  const heap = result.after.jsHeapUsedBytes - result.before.jsHeapUsedBytes;
  const listeners = result.after.eventListeners - result.before.eventListeners;
  const nodes = result.after.nodes - result.before.nodes;
  const n = result.switches;
  return [
    { measure: `Shell: area switch p50 (${n})`, unit: 'ms', atrium: result.p50Ms },
    {
      measure: `Shell: area switch p95 (${n})`,
      unit: 'ms',
      atrium: result.p95Ms,
      budget: `< ${BUDGETS.areaSwitchP95Ms} ms`,
      verdict: below(result.p95Ms, BUDGETS.areaSwitchP95Ms),
    },
    {
      measure: `Shell: heap growth over ${n} switches`,
      unit: 'KB',
      atrium: heap,
      budget: `< ${BUDGETS.heapGrowthBytes / KB} KB`,
      verdict: below(heap, BUDGETS.heapGrowthBytes),
    },
    {
      measure: 'Shell: event listeners left behind',
      unit: 'count',
      atrium: listeners,
      budget: '0',
      verdict: atMost(listeners, BUDGETS.listenerGrowth),
    },
    {
      measure: 'Shell: DOM nodes left behind',
      unit: 'count',
      atrium: nodes,
      budget: '0',
      verdict: atMost(nodes, BUDGETS.nodeGrowth),
    },
  ];
}

function legacyRows(legacy: NonNullable<BenchResults['legacy']>): Row[] {
  const student = legacy.student;
  const gzip = median(student.map((load) => load.jsEncodedBytes));
  const paint = median(student.map((load) => load.barPaintMs));
  const reactRuns = student.filter((load) => load.reactLoaded).length;
  const toolbarTotal = median(legacy.root.map((load) => load.toolbar?.totalJsEncodedBytes ?? null));
  const opened = legacy.root.filter((load) => load.toolbar?.opened).length;
  const react: Verdict = student.length === 0 ? 'n/a' : reactRuns === 0 ? 'ok' : 'OVER';
  return [
    {
      measure: 'Legacy, student: JS gzip (notification bar)',
      unit: 'KB',
      atrium: gzip,
      budget: `≤ ${BUDGETS.widgetsGzipBytes / KB} KB`,
      verdict: atMost(gzip, BUDGETS.widgetsGzipBytes),
    },
    {
      measure: 'Legacy, student: JS raw',
      unit: 'KB',
      atrium: median(student.map((load) => load.jsDecodedBytes)),
    },
    {
      measure: 'Legacy, student: React downloaded',
      unit: 'yes/no',
      atrium: student.length === 0 ? null : reactRuns > 0 ? 1 : 0,
      budget: 'no',
      verdict: react,
    },
    {
      measure: 'Legacy, student: script start → bar painted',
      unit: 'ms',
      atrium: paint,
      budget: `≤ ${BUDGETS.barPaintMs} ms`,
      verdict: atMost(paint, BUDGETS.barPaintMs),
    },
    {
      measure: 'Legacy, root: JS gzip with toolbar open',
      unit: 'KB',
      atrium: toolbarTotal,
      ...(opened < legacy.root.length
        ? { note: `toolbar opened in ${opened}/${legacy.root.length} runs` }
        : {}),
    },
  ];
}

const LOGIN_PAGE_PATH = '/common/login';

const fmt = (value: number | null | undefined, unit: 'ms' | ''): string =>
  typeof value !== 'number' ? 'n/a' : unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);

/** A Lighthouse metric with its budget (the per-page budgets), or the plain figure. */
function metricRow(
  measure: string,
  value: number | null | undefined,
  kind: 'ms' | '',
  limit: number | undefined,
): Row {
  const figure = typeof value === 'number' ? value : null;
  const row: Row = {
    measure,
    unit: kind === 'ms' ? 'ms' : 'count',
    atrium: kind === 'ms' ? figure : null,
    note: fmt(value, kind),
  };
  if (limit === undefined) return row;
  return { ...row, budget: `≤ ${kind === 'ms' ? `${limit} ms` : limit}`, verdict: atMost(figure, limit) };
}

function lighthouseRows(scores: LighthouseScores[]): Row[] {
  return scores.flatMap((entry): Row[] => {
    const name = new URL(entry.url).pathname;
    const note = entry.error ? `error: ${entry.error.slice(0, 60)}` : undefined;
    const budgets: { performance?: number; lcpMs?: number; tbtMs?: number; cls?: number } =
      name === LOGIN_PAGE_PATH
        ? { performance: BUDGETS.lighthousePerformance }
        : name === '/home'
          ? BUDGETS.lighthouseHome
          : name === '/legacy/'
            ? BUDGETS.lighthouseLegacy
            : {};
    return [
      {
        measure: `Lighthouse ${name}: performance`,
        unit: 'score',
        atrium: entry.performance,
        ...(budgets.performance !== undefined
          ? { budget: `≥ ${budgets.performance}`, verdict: atLeast(entry.performance, budgets.performance) }
          : {}),
        ...(note ? { note } : {}),
      },
      {
        measure: `Lighthouse ${name}: accessibility`,
        unit: 'score',
        atrium: entry.accessibility,
        budget: `${BUDGETS.lighthouseAccessibility}`,
        verdict: atLeast(entry.accessibility, BUDGETS.lighthouseAccessibility),
      },
      { measure: `Lighthouse ${name}: best practices`, unit: 'score', atrium: entry.bestPractices },
      metricRow(`Lighthouse ${name}: LCP`, entry.lcpMs, 'ms', budgets.lcpMs),
      metricRow(`Lighthouse ${name}: TBT`, entry.tbtMs, 'ms', budgets.tbtMs),
      metricRow(`Lighthouse ${name}: CLS`, entry.cls, '', budgets.cls),
    ];
  });
}

export function buildRows(results: BenchResults): Row[] {
  const measured = (group: string) => results.groups.has(group);
  return [
    ...(measured('login') ? loginRows(results.login) : []),
    ...(results.typing ? typingRows(results.typing) : []),
    ...homeRows(results.loginToHome),
    ...(results.areaSwitch ? areaRows(results.areaSwitch) : []),
    ...(results.legacy ? legacyRows(results.legacy) : []),
    ...(results.presses ? pressRows(results.presses) : []),
    ...(measured('lighthouse')
      ? results.lighthouse
        ? lighthouseRows(results.lighthouse)
        : [
            {
              measure: 'Lighthouse (mobile)',
              unit: 'score' as const,
              atrium: null,
              note: 'skipped (--quick)',
            },
          ]
      : []),
    ...(measured('build')
      ? [
          {
            measure: 'Production build',
            unit: 's' as const,
            atrium: results.buildSeconds,
            note: 'skipped (--skip-build)',
          },
        ]
      : []),
    { measure: 'npm test (last run)', unit: 's', atrium: results.npmTestSeconds, note: 'not measured yet' },
  ];
}
