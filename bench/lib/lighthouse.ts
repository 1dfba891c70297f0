/**
 * Lighthouse (the npm package, default = mobile settings with simulated throttling) against Debian's
 * Chromium. Lighthouse drives the browser through a debugging port, so this starts its own Chromium with
 * one, separate from the Playwright browser, and stops it by its process id afterwards.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { median } from './stats';

export interface LighthouseScores {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** Lighthouse's own metrics (simulated mobile), so a score can be explained. */
  fcpMs: number | null;
  lcpMs?: number | null;
  tbtMs?: number | null;
  cls?: number | null;
  error?: string;
  /** Each run's figures when the page was measured more than once (the fields above are their medians). */
  runs?: LighthouseScores[];
}

export interface LighthouseTarget {
  name: string;
  url: string;
  /** Cookie header for signed-in pages. */
  cookie?: string;
}

interface DebuggableChromium {
  port: number;
  child: ChildProcess;
  profileDir: string;
}

async function startChromium(args: readonly string[]): Promise<DebuggableChromium> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-lh-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...args, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('chromium did not open a debugging port')), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited (${code}) before opening a debugging port`));
    });
  });
  return { port, child, profileDir };
}

async function stopChromium(chromium: DebuggableChromium): Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (chromium.child.exitCode !== null) resolve();
    else chromium.child.once('exit', () => resolve());
  });
  chromium.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (chromium.child.exitCode === null) chromium.child.kill('SIGKILL');
  // Chromium's helper processes may still be writing into the profile as it exits: retry, and a profile
  // left in the temp directory must never cost the run its results.
  try {
    rmSync(chromium.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`[bench] could not remove ${chromium.profileDir}: ${(error as Error).message}`);
  }
}

const score = (value: number | null | undefined): number | null =>
  typeof value === 'number' ? Math.round(value * 100) : null;

/**
 * Each target `runs` times, its figures the medians of the runs that gave one: on this host one run's
 * simulated LCP and TBT swing by a second and by hundreds of milliseconds from one run to the next on the
 * same build (docs/performance.md), too much for one run's verdict to mean anything.
 */
export async function runLighthouse(
  targets: readonly LighthouseTarget[],
  runs = 1,
  /** Chromium's switches; test host names need `--host-resolver-rules` (tests/real's chromiumArgsFor). */
  chromiumArgs: readonly string[] = CHROMIUM_ARGS,
): Promise<LighthouseScores[]> {
  const results: LighthouseScores[][] = targets.map(() => []);
  for (let run = 0; run < runs; run += 1) {
    const once = await runLighthouseOnce(targets, chromiumArgs);
    once.forEach((scores, index) => results[index]!.push(scores));
  }
  return results.map((list) => (list.length === 1 ? list[0]! : medianScores(list)));
}

function medianScores(list: LighthouseScores[]): LighthouseScores {
  const of = (pick: (scores: LighthouseScores) => number | null | undefined): number | null =>
    median(list.map((scores) => pick(scores) ?? null));
  const errors = list.filter((scores) => scores.error !== undefined);
  return {
    url: list[0]!.url,
    performance: of((s) => s.performance),
    accessibility: of((s) => s.accessibility),
    bestPractices: of((s) => s.bestPractices),
    fcpMs: of((s) => s.fcpMs),
    lcpMs: of((s) => s.lcpMs),
    tbtMs: of((s) => s.tbtMs),
    cls: of((s) => s.cls),
    ...(errors.length > 0 ? { error: `${errors.length} of ${list.length} runs: ${errors[0]!.error}` } : {}),
    runs: list,
  };
}

async function runLighthouseOnce(
  targets: readonly LighthouseTarget[],
  chromiumArgs: readonly string[],
): Promise<LighthouseScores[]> {
  // Loaded on demand: Lighthouse is large and --quick runs never need it.
  const { default: lighthouse } = await import('lighthouse');
  const chromium = await startChromium(chromiumArgs);
  const results: LighthouseScores[] = [];
  try {
    for (const target of targets) {
      try {
        const result = await lighthouse(target.url, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {}),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('Lighthouse returned no result');
        const metric = (id: string): number | null => {
          const value = lhr.audits[id]?.numericValue;
          return typeof value === 'number' ? value : null;
        };
        const fcp = metric('first-contentful-paint');
        results.push({
          url: target.url,
          performance: score(lhr.categories['performance']?.score),
          accessibility: score(lhr.categories['accessibility']?.score),
          bestPractices: score(lhr.categories['best-practices']?.score),
          fcpMs: fcp,
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
        });
      } catch (error) {
        results.push({
          url: target.url,
          performance: null,
          accessibility: null,
          bestPractices: null,
          fcpMs: null,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  } finally {
    await stopChromium(chromium);
  }
  return results;
}
