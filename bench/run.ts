/**
 * `npm run bench`: the performance bench. Wiring only; each measurement lives in bench/lib. Its flags and
 * what each does are OPTION_HELP below (`npm run bench -- --help` prints them); docs/performance.md says
 * what each row means.
 *
 * Writes bench/results.json (the table and every raw run; a run with --only writes
 * bench/results-partial.json instead, so a partial run never hides a full one) and prints the table.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureAreaSwitches } from './lib/area-switch';
import type { AreaSwitchResult } from './lib/area-switch';
import { launchBareChromium } from './lib/bare-chromium';
import { launchBrowser } from './lib/browser';
import type { Browser } from 'playwright-core';
import { LOAD_BUDGET, loadTable, measureLoad } from './lib/load';
import { lastTestRunSeconds, timedBuild, TEST_RUN_FILE } from './lib/build-time';
import { measureLegacy } from './lib/legacy';
import { legacyPhpRows, mergeLegacyPhpRows, runLegacyPhp } from './lib/legacy-php';
import { dokuwikiRows, runDokuWiki } from './lib/legacy-dokuwiki';
import type { DokuWikiResults } from './lib/legacy-dokuwiki';
import type { LegacyPhpResults } from './lib/legacy-php';
import type { LegacyLoad } from './lib/legacy';
import { runLighthouse } from './lib/lighthouse';
import { measurePresses } from './lib/presses';
import type { PressesResult } from './lib/presses';
import { BUDGETS } from './lib/budgets';
import type { LighthouseScores } from './lib/lighthouse';
import { PHASE_NAMES, measureLoginToHome, measureLoginToHomeBare } from './lib/login-home';
import { FLOOR_PAGE, INSPECTOR_SUFFIX } from './lib/rows';
import type { LoginToHomePhases } from './lib/login-home';
import { measureLoginLoad } from './lib/login-page';
import type { LoginLoad } from './lib/login-page';
import { markdownTable, textTable, writeResults } from './lib/report';
import { PERFORMANCE_DOC, readResults, reportedDoc } from './lib/performance-doc';
import { buildRows } from './lib/rows';
import { median } from './lib/stats';
import { measureSlowClients, slowClientTable } from './lib/slow-clients';
import { MINIMAL_PATH, startBenchServer, STATIC_PATH, YARDSTICK_PATH } from './lib/server';
import { sessionCookie } from './lib/session';
import { measureInputDelay, measureTypedText, measureTypedTextBare, usernameFieldPoint } from './lib/typing';
import type { InputDelayResult, TypedTextResult } from './lib/typing';
import { buildYardstick } from './lib/yardstick';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORK_DIR = path.join(ROOT, 'bench', '.work');

export const LOGIN_PATH = '/common/login';
/** Two areas of the suite that are real parcels with their own h1. */
const SWITCH_AREAS: [string, string] = ['/evaluations', '/curriculum'];
const THROTTLE = 4;
/** Default cold runs of the rows whose medians swing most (--timing-runs). */
const TIMING_RUNS = 9;

interface LoadFlags {
  duration: number;
  connections: number;
}

interface SlowClientFlags {
  connections: number;
  requestTimeoutMs: number;
}

/** Groups of rows `--only` can pick. */
const GROUPS = ['build', 'login', 'typing', 'home', 'switch', 'legacy', 'presses', 'lighthouse'] as const;
type Group = (typeof GROUPS)[number];
const LIGHTHOUSE_PAGES = ['login', 'home', 'legacy'] as const;
/** Lighthouse runs per page: one run's figures swing too much on this host to stand alone. */
const LIGHTHOUSE_RUNS = 3;
type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];

function listFlag<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): Set<T> {
  if (value === undefined) return new Set(allowed);
  const picked = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = picked.filter((item) => !(allowed as readonly string[]).includes(item));
  if (picked.length === 0 || unknown.length > 0)
    throw new Error(
      `--${flag} takes a comma-separated list of ${allowed.join(', ')}; not ${unknown.join(', ') || 'empty'}`,
    );
  return new Set(picked as T[]);
}

interface Flags {
  load: LoadFlags | null;
  /** The groups of rows to measure; all of them unless --only. */
  groups: Set<Group>;
  partial: boolean;
  lighthousePages: Set<LighthousePage>;
  lighthouseRuns: number;
  slowClients: SlowClientFlags | null;
  legacyPhp: boolean;
  /** --report: write docs/performance.md's run section from bench/results.json, measure nothing. */
  report: boolean;
  help: boolean;
  quick: boolean;
  skipBuild: boolean;
  runs: number;
  timingRuns: number;
  switches: number;
  distDir: string;
}

/** Every flag the bench takes (node:util's parseArgs refuses any other). */
const OPTIONS = {
  quick: { type: 'boolean', default: false },
  'skip-build': { type: 'boolean', default: false },
  runs: { type: 'string' },
  'timing-runs': { type: 'string' },
  switches: { type: 'string', default: '200' },
  dist: { type: 'string', default: path.join(ROOT, 'dist') },
  only: { type: 'string' },
  'lighthouse-pages': { type: 'string' },
  'lighthouse-runs': { type: 'string' },
  load: { type: 'boolean', default: false },
  duration: { type: 'string', default: '10' },
  // --load: concurrent connections (default 200); --slow-clients: connections held (default 2000).
  connections: { type: 'string' },
  'slow-clients': { type: 'boolean', default: false },
  'request-timeout': { type: 'string', default: '10000' },
  'legacy-php': { type: 'boolean', default: false },
  report: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/** What each flag does; typed by OPTIONS, so a flag cannot be added without its line. */
const OPTION_HELP: Record<keyof typeof OPTIONS, string> = {
  quick: '2 runs per cold measurement, no Lighthouse (for a busy machine)',
  'skip-build': 'reuse dist/ instead of running (and timing) `npm run build`',
  runs: 'N: cold runs per measurement (default 5; the median is reported)',
  'timing-runs':
    'N: cold runs of the login page, typing and Sign In → home rows (default 9, or --runs when larger; with --quick, --runs): their medians swing most between runs',
  switches: 'N: area switches (default 200)',
  dist: 'DIR: build into / serve from DIR instead of dist/',
  only: `G,G: only these groups of rows (${GROUPS.join(', ')}); writes bench/results-partial.json. Without build the build is neither run nor timed`,
  'lighthouse-pages': `P,P: the pages Lighthouse runs on (${LIGHTHOUSE_PAGES.join(', ')}; default all)`,
  'lighthouse-runs': `N: Lighthouse runs per page (default ${LIGHTHOUSE_RUNS}; each figure is their median)`,
  load: 'only the load figure: autocannon against one instance and two sharing Redis (writes bench/load-results.json)',
  duration: 'S: --load seconds per target (default 10)',
  connections:
    'N: --load concurrent connections (default 200); --slow-clients connections held (default 2000)',
  'slow-clients':
    'only the slow-client check: slow-body connections against a server with a request timeout; needs a build',
  'request-timeout': "MS: --slow-clients: the server's request timeout (default 10000)",
  'legacy-php':
    "only the legacy PHP page rows (php-fpm behind nginx, the widgets through integrations/php): the fixture pages and Debian's DokuWiki on one origin and on another host; needs a build; replaces those rows in bench/results.json",
  report:
    'measure nothing: rewrite the "Latest full run" section of docs/performance.md from bench/results.json',
  help: 'print these flags',
};

function helpText(): string {
  const width = Math.max(...Object.keys(OPTION_HELP).map((name) => name.length)) + 4;
  return [
    'npm run bench -- [flags]: measures a production build; a full run writes bench/results.json.',
    '',
    ...Object.entries(OPTION_HELP).map(([name, text]) => `  ${`--${name}`.padEnd(width)}${text}`),
  ].join('\n');
}

function parseFlags(argv: readonly string[]): Flags {
  const { values } = parseArgs({ args: [...argv], options: OPTIONS });
  const connections = Number(values.connections ?? (values['slow-clients'] ? 2000 : LOAD_BUDGET.connections));
  const requestTimeoutMs = Number(values['request-timeout']);
  const duration = Number(values.duration);
  if (!Number.isInteger(connections) || connections < 1 || connections > 2000)
    throw new Error('--connections must be a whole number from 1 to 2000');
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 1000 || requestTimeoutMs > 120_000)
    throw new Error('--request-timeout must be a whole number of ms from 1000 to 120000');
  if (!Number.isInteger(duration) || duration < 1 || duration > 120)
    throw new Error('--duration must be a whole number of seconds from 1 to 120');
  const runs = Number(values.runs ?? (values.quick ? 2 : 5));
  const switches = Number(values.switches);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, not ${values.runs}`);
  const timingRuns = Number(values['timing-runs'] ?? (values.quick ? runs : Math.max(runs, TIMING_RUNS)));
  if (!Number.isInteger(timingRuns) || timingRuns < 1)
    throw new Error(`--timing-runs must be a positive integer, not ${values['timing-runs']}`);
  if (!Number.isInteger(switches) || switches < 2)
    throw new Error('--switches must be an integer of at least 2');
  const lighthouseRuns = Number(values['lighthouse-runs'] ?? LIGHTHOUSE_RUNS);
  if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
    throw new Error(`--lighthouse-runs must be a positive integer, not ${values['lighthouse-runs']}`);
  return {
    load: values.load ? { duration, connections } : null,
    slowClients: values['slow-clients'] ? { connections, requestTimeoutMs } : null,
    legacyPhp: values['legacy-php'],
    report: values.report,
    help: values.help,
    groups: listFlag('only', values.only, GROUPS),
    partial: values.only !== undefined,
    lighthousePages: listFlag('lighthouse-pages', values['lighthouse-pages'], LIGHTHOUSE_PAGES),
    lighthouseRuns,
    quick: values.quick,
    skipBuild: values['skip-build'],
    runs,
    timingRuns,
    switches,
    distDir: path.resolve(values.dist),
  };
}

/** Runs one measurement `runs` times, one after the other (parallel runs would measure each other). */
async function repeat<T>(label: string, runs: number, measure: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 1; run <= runs; run += 1) {
    process.stdout.write(`\r[bench] ${label}: run ${run}/${runs}   `);
    results.push(await measure());
  }
  process.stdout.write('\n');
  return results;
}

/** Where Sign In → home's time goes, as medians over the runs (ms from the click). */
function phaseLine(runs: readonly LoginToHomePhases[]): string {
  return PHASE_NAMES.map((name) => {
    const middle = median(runs.map((run) => run[name]));
    return `${name} ${middle === null ? '–' : `${Math.round(middle)} ms`}`;
  }).join(', ');
}

/** Atrium and yardstick runs interleaved, so a burst of load on the machine hits both alike. */
async function interleaved(
  runs: number,
  label: string,
  measures: Record<string, () => Promise<LoginLoad>>,
): Promise<Record<string, LoginLoad[]>> {
  const results: Record<string, LoginLoad[]> = Object.fromEntries(
    Object.keys(measures).map((key) => [key, []]),
  );
  for (let run = 1; run <= runs; run += 1) {
    process.stdout.write(`\r[bench] ${label}: run ${run}/${runs}   `);
    for (const [key, measure] of Object.entries(measures)) results[key]?.push(await measure());
  }
  process.stdout.write('\n');
  return results;
}

/** `--load`: the load figure alone (it needs the machine to itself, as the page measurements do). */
async function loadOnly(distDir: string, flags: LoadFlags): Promise<void> {
  const rows = await measureLoad({ duration: flags.duration, connections: flags.connections, distDir });
  console.log(`\n${loadTable(rows, flags.connections)}\n`);
  const resultsFile = path.join(ROOT, 'bench', 'load-results.json');
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        meta: { ...machineMeta(), duration: flags.duration, connections: flags.connections },
        rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`[bench] wrote ${path.relative(ROOT, resultsFile)}`);
}

/**
 * What every results file records about its run, built in one place: when, how many runs, on what machine
 * and how busy it was (figures on a shared machine mean little without the load average beside them).
 */
function runMeta(
  flags: Pick<Flags, 'runs' | 'timingRuns' | 'lighthouseRuns' | 'quick'>,
): Record<string, unknown> {
  return {
    ...machineMeta(),
    runs: flags.runs,
    timingRuns: flags.timingRuns,
    lighthouseRuns: flags.quick ? 0 : flags.lighthouseRuns,
    quick: flags.quick,
  };
}

/** The part of runMeta that every mode records, --load included (which has no runs). */
function machineMeta(): Record<string, unknown> {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
  };
}

/** `--slow-clients`: the bounded slow-client check alone; a failed budget fails the command. */
async function slowClientsOnly(distDir: string, flags: SlowClientFlags): Promise<void> {
  console.log(
    `[bench] slow clients: ${flags.connections} slow-body connections, request timeout ${flags.requestTimeoutMs} ms`,
  );
  const result = await measureSlowClients({
    root: ROOT,
    distDir,
    connections: flags.connections,
    requestTimeoutMs: flags.requestTimeoutMs,
    dripMs: 2000,
    pageLoads: 5,
  });
  console.log(`\n${slowClientTable(result)}\n`);
  if (!result.ok) process.exitCode = 1;
}

/** `--legacy-php`: the legacy pages' rows alone (the fixtures, then DokuWiki), merged into the last results.json. */
async function legacyPhpOnly(flags: Flags): Promise<void> {
  mkdirSync(WORK_DIR, { recursive: true });
  const dataDir = path.join(WORK_DIR, 'uploads');
  const server = await startBenchServer({ distDir: flags.distDir, dataDir });
  let results: LegacyPhpResults;
  try {
    results = await runLegacyPhp({
      launch: launchBrowser,
      atriumOrigin: server.origin,
      distDir: flags.distDir,
      runs: flags.runs,
      lighthouse: !flags.quick,
      progress,
    });
  } finally {
    await server.close();
  }
  const dokuwiki = await runDokuWikiRows(flags, dataDir);
  const rows = [...legacyPhpRows(results), ...dokuwikiRows(dokuwiki)];
  console.log(`\n\n${textTable(rows)}\n`);
  const resultsFile = path.join(ROOT, 'bench', 'results.json');
  mergeLegacyPhpRows(resultsFile, rows, { ...results, dokuwiki }, runMeta(flags));
  console.log(`[bench] wrote ${path.relative(ROOT, resultsFile)} (legacy PHP rows)`);
}

const progress = (label: string) => process.stdout.write(`\r[bench] ${label}   `);

/** DokuWiki's rows (bench/lib/legacy-dokuwiki.ts): its own Atrium, php-fpm and nginx, started and stopped here. */
function runDokuWikiRows(flags: Flags, dataDir: string): Promise<DokuWikiResults> {
  return runDokuWiki({
    distDir: flags.distDir,
    dataDir,
    runs: flags.runs,
    lighthouseRuns: flags.quick ? 0 : flags.lighthouseRuns,
    progress,
  });
}

/**
 * The typing rows: each page's cold runs interleaved like the login loads. `floorUrl`, Atrium's
 * page with its scripts taken out, gets the typed-text measure alone: what the browser itself takes to show
 * two keys typed into that form at its first paint, the floor under Atrium's figure.
 */
async function measureTyping(
  browser: Browser,
  runs: number,
  pages: Record<string, string>,
  floorUrl: string,
): Promise<{
  typed: Record<string, TypedTextResult[]>;
  typedInspector: Record<string, TypedTextResult[]>;
  delay: Record<string, InputDelayResult[]>;
}> {
  const typed: Record<string, TypedTextResult[]> = {};
  const typedInspector: Record<string, TypedTextResult[]> = {};
  const delay: Record<string, InputDelayResult[]> = {};
  const points = Object.fromEntries(
    await Promise.all(
      Object.entries({ ...pages, [FLOOR_PAGE]: floorUrl }).map(
        async ([key, url]) => [key, await usernameFieldPoint(browser, url)] as const,
      ),
    ),
  );
  // The budgeted rows in a Chromium with no inspector on the page (bare-chromium.ts says why); typed text
  // also under Playwright, as its own row.
  const bare = await launchBareChromium();
  try {
    for (let run = 1; run <= runs; run += 1) {
      process.stdout.write(`\r[bench] typing during boot, ${THROTTLE}x CPU: run ${run}/${runs}   `);
      for (const [key, url] of Object.entries(pages)) {
        (typed[key] ??= []).push(await measureTypedTextBare(bare, url, THROTTLE, points[key] ?? null));
        (typedInspector[key] ??= []).push(
          await measureTypedText(browser, url, THROTTLE, points[key] ?? null),
        );
        (delay[key] ??= []).push(await measureInputDelay(bare, url, THROTTLE, points[key] ?? null));
      }
      (typed[FLOOR_PAGE] ??= []).push(
        await measureTypedTextBare(bare, floorUrl, THROTTLE, points[FLOOR_PAGE] ?? null),
      );
    }
  } finally {
    await bare.close();
  }
  process.stdout.write('\n');
  return { typed, typedInspector, delay };
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) return console.log(helpText());
  if (flags.report) return writeReport();
  if (flags.slowClients) return slowClientsOnly(flags.distDir, flags.slowClients);
  if (flags.legacyPhp) return legacyPhpOnly(flags);
  if (flags.load) return loadOnly(flags.distDir, flags.load);
  const { groups } = flags;
  mkdirSync(WORK_DIR, { recursive: true });
  const buildSeconds = flags.skipBuild || !groups.has('build') ? null : await timedBuild(ROOT, flags.distDir);
  console.log('[bench] building the yardsticks (one plain React bundle each)');
  const yardstick = await buildYardstick(ROOT, path.join(WORK_DIR, 'yardstick'));
  const minimal = await buildYardstick(ROOT, path.join(WORK_DIR, 'minimal'), 'minimal');
  const server = await startBenchServer({
    distDir: flags.distDir,
    dataDir: path.join(WORK_DIR, 'uploads'),
    yardstickDir: yardstick.dir,
    minimalDir: minimal.dir,
  });
  const { origin } = server;
  console.log(
    `[bench] server on ${origin}, ${flags.runs} cold runs per measurement (login page, typing and Sign In → home: ${flags.timingRuns}), rows: ${[...groups].join(', ')}`,
  );
  const browser = await launchBrowser();
  const login: Record<string, Record<string, LoginLoad[]>> = {};
  let typing: Awaited<ReturnType<typeof measureTyping>> | null = null;
  const loginToHome: Record<string, (number | null)[]> = {};
  const loginToHomePhases: Record<string, LoginToHomePhases[]> = {};
  let areaSwitch: AreaSwitchResult | { error: string } | null = null;
  let legacy: { student: LegacyLoad[]; root: LegacyLoad[] } | null = null;
  let presses: PressesResult | null = null;
  try {
    if (groups.has('login')) {
      for (const throttle of [1, THROTTLE]) {
        login[`cpu${throttle}x`] = await interleaved(flags.timingRuns, `login page, ${throttle}x CPU`, {
          atrium: () => measureLoginLoad(browser, `${origin}${LOGIN_PATH}`, throttle),
          yardstick: () => measureLoginLoad(browser, `${origin}${YARDSTICK_PATH}`, throttle),
          minimal: () => measureLoginLoad(browser, `${origin}${MINIMAL_PATH}`, throttle, false),
          static: () => measureLoginLoad(browser, `${origin}${STATIC_PATH}`, throttle, false),
        });
      }
    }
    if (groups.has('typing')) {
      typing = await measureTyping(
        browser,
        flags.timingRuns,
        {
          atrium: `${origin}${LOGIN_PATH}`,
          yardstick: `${origin}${YARDSTICK_PATH}`,
          minimal: `${origin}${MINIMAL_PATH}`,
        },
        `${origin}${STATIC_PATH}`,
      );
    }
    if (groups.has('home')) {
      // The row's figure without an inspector on the page (login-home.ts says why); Playwright's beside it.
      const bare = await launchBareChromium();
      try {
        for (const throttle of [1, THROTTLE]) {
          for (const [suffix, label, measure] of [
            ['', '', measureLoginToHomeBare.bind(null, bare)],
            [INSPECTOR_SUFFIX, ', Playwright', measureLoginToHome.bind(null, browser)],
          ] as const) {
            const key = `cpu${throttle}x${suffix}`;
            const phases: LoginToHomePhases[] = [];
            loginToHome[key] = await repeat(`login to home, ${throttle}x CPU${label}`, flags.timingRuns, () =>
              measure(origin, 'student', throttle, (run) => phases.push(run)),
            );
            loginToHomePhases[key] = phases;
            console.log(
              `[bench] Sign In → home, ${throttle}x CPU${label}, medians from the click: ${phaseLine(phases)}`,
            );
          }
        }
      } finally {
        await bare.close();
      }
    }
    if (groups.has('switch')) {
      console.log(`[bench] area switches: ${flags.switches} between ${SWITCH_AREAS.join(' and ')}`);
      areaSwitch = await measureAreaSwitches(browser, origin, SWITCH_AREAS, flags.switches).catch(
        (error: unknown) => ({
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    if (groups.has('legacy')) {
      legacy = {
        student: await repeat('legacy page, student', flags.runs, () =>
          measureLegacy(browser, origin, 'student', false),
        ),
        root: await repeat('legacy page, root + toolbar', flags.runs, () =>
          measureLegacy(browser, origin, 'root', true),
        ),
      };
    }
    if (groups.has('presses')) {
      presses = await measurePresses(
        browser,
        origin,
        ROOT,
        flags.distDir,
        BUDGETS.pressRuns,
        flags.runs,
        (label) => process.stdout.write(`\r[bench] ${label}   `),
      );
      process.stdout.write('\n');
    }
  } finally {
    await browser.close();
  }
  let lighthouse: LighthouseScores[] | null = null;
  let legacyPhp: LegacyPhpResults | null = null;
  let dokuwiki: DokuWikiResults | null = null;
  try {
    if (!flags.quick && groups.has('lighthouse')) {
      const pages = flags.lighthousePages;
      console.log(`[bench] Lighthouse (mobile): ${[...pages].join(', ')}, ${flags.lighthouseRuns} runs each`);
      const cookie = pages.has('home') || pages.has('legacy') ? await sessionCookie(origin, 'student') : '';
      lighthouse = await runLighthouse(
        [
          ...(pages.has('login') ? [{ name: 'login', url: `${origin}${LOGIN_PATH}` }] : []),
          ...(pages.has('home') ? [{ name: 'home', url: `${origin}/home`, cookie }] : []),
          ...(pages.has('legacy') ? [{ name: 'legacy', url: `${origin}/legacy/`, cookie }] : []),
        ],
        flags.lighthouseRuns,
      );
    }
    if (groups.has('legacy'))
      legacyPhp = await runLegacyPhp({
        launch: launchBrowser,
        atriumOrigin: origin,
        distDir: flags.distDir,
        runs: flags.runs,
        lighthouse: !flags.quick,
        progress,
      });
    process.stdout.write('\n');
  } finally {
    await server.close();
  }
  if (groups.has('legacy')) {
    dokuwiki = await runDokuWikiRows(flags, path.join(WORK_DIR, 'uploads'));
    process.stdout.write('\n');
  }
  const npmTestSeconds = lastTestRunSeconds(ROOT);
  const measured = {
    login,
    typing,
    loginToHome,
    areaSwitch,
    legacy,
    presses,
    lighthouse,
    buildSeconds,
    npmTestSeconds,
  };
  const rows = buildRows({ groups, ...measured }).concat(
    legacyPhp ? legacyPhpRows(legacyPhp) : [],
    dokuwiki ? dokuwikiRows(dokuwiki) : [],
  );
  console.log(`\n${textTable(rows)}\n`);
  if (npmTestSeconds === null) console.log(`[bench] npm test time: not measured yet (no ${TEST_RUN_FILE})`);
  const resultsFile = path.join(ROOT, 'bench', flags.partial ? 'results-partial.json' : 'results.json');
  writeResults(resultsFile, {
    meta: {
      ...runMeta(flags),
      groups: [...groups],
      switches: flags.switches,
      browser: 'Debian /usr/bin/chromium (playwright-core)',
    },
    table: rows,
    markdown: markdownTable(rows),
    raw: { ...measured, loginToHomePhases, legacyPhp, dokuwiki },
  });
  console.log(`[bench] wrote ${path.relative(ROOT, resultsFile)}`);
  if (!flags.partial) console.log('[bench] `npm run bench -- --report` writes it into docs/performance.md');
}

/** `--report`: docs/performance.md's "Latest full run" section, rewritten from bench/results.json. */
async function writeReport(): Promise<void> {
  const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
  writeFileSync(PERFORMANCE_DOC, await reportedDoc(doc, readResults()));
  console.log(`[bench] wrote the latest full run into ${path.relative(ROOT, PERFORMANCE_DOC)}`);
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
