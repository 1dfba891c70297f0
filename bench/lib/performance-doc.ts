/**
 * `npm run bench -- --report`: the "Latest full run" section of docs/performance.md, written from the
 * committed bench/results.json. The section sits between two markers and is never edited by hand: a unit
 * test (tests/docs/performance-report.test.ts) fails when it differs from what this module writes from the
 * committed results, so a figure in the docs is always one the bench measured.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { DOKUWIKI_ROW_PREFIX, markdownTable } from './report';
import type { Row } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PERFORMANCE_DOC = path.join(ROOT, 'docs', 'performance.md');
export const RESULTS_FILE = path.join(ROOT, 'bench', 'results.json');

export const REPORT_START =
  '<!-- bench-report:start (written by `npm run bench -- --report` from bench/results.json; do not edit) -->';
export const REPORT_END = '<!-- bench-report:end -->';

/** The part of results.json the report reads (bench/run.ts writes it). */
export interface BenchResults {
  meta: {
    date: string;
    node: string;
    cpus: number;
    loadAverage: number[];
    runs: number;
    timingRuns: number;
    lighthouseRuns: number;
    quick: boolean;
    groups?: string[];
    switches?: number;
    browser?: string;
  };
  table: Row[];
}

export class ReportError extends Error {
  constructor(
    readonly code: 'no-results' | 'bad-results' | 'no-markers',
    message: string,
  ) {
    super(message);
    this.name = 'ReportError';
  }
}

export function readResults(file: string = RESULTS_FILE): BenchResults {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ReportError(
      'no-results',
      `${path.relative(ROOT, file)} is missing: run \`npm run bench\` first`,
    );
  }
  const results = JSON.parse(text) as Partial<BenchResults>;
  if (!results.meta || !Array.isArray(results.table) || typeof results.meta.date !== 'string')
    throw new ReportError(
      'bad-results',
      `${path.relative(ROOT, file)} has no meta.date or no table: it was not written by a full \`npm run bench\``,
    );
  return results as BenchResults;
}

function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The section's Markdown: when and how the run was made, what was over budget, and the whole table. */
export function renderReport(results: BenchResults): string {
  const { meta, table } = results;
  const load = meta.loadAverage.map((value) => value.toFixed(1)).join(', ');
  const lighthouse =
    meta.lighthouseRuns > 0 ? `Lighthouse ${meta.lighthouseRuns} times per page` : 'no Lighthouse (--quick)';
  const busy = (meta.loadAverage[0] ?? 0) > meta.cpus;
  const over = table.filter((row) => row.verdict === 'OVER').map((row) => row.measure);
  return [
    `- Finished: ${utc(meta.date)}`,
    `- Machine: ${meta.cpus} CPU cores, load average at the end ${load} (1, 5, 15 min)`,
    `- Software: Node ${meta.node}, ${meta.browser ?? 'Debian Chromium'}`,
    `- Runs: ${meta.runs} cold runs per measurement, ${meta.timingRuns} for the login page, typing and Sign In → home rows, ${lighthouse}; each figure is the median`,
    '',
    ...(busy
      ? [
          'The machine was busy during this run (load average above its core count): absolute timings are slower',
          'than on an idle machine; the ratios against the yardsticks, measured in the same run, hold better.',
          '',
        ]
      : []),
    // A results file older than DokuWiki's rows: say where they would be, so the table is read as it is.
    ...(table.some((row) => row.measure.startsWith(DOKUWIKI_ROW_PREFIX))
      ? []
      : [
          "This run predates DokuWiki's rows (`Legacy PHP page (DokuWiki, …)`, explained above);",
          '`npm run bench -- --legacy-php` adds them to `bench/results.json`.',
          '',
        ]),
    ...(over.length === 0
      ? ['Every budget was met in this run.']
      : ['Over budget in this run:', '', ...over.map((measure) => `- ${measure}`)]),
    '',
    markdownTable(table),
  ].join('\n');
}

/** `doc` with the text between the markers replaced by `report`. */
export function withReport(doc: string, report: string): string {
  const start = doc.indexOf(REPORT_START);
  const end = doc.indexOf(REPORT_END);
  if (start < 0 || end < start || doc.indexOf(REPORT_START, start + 1) >= 0)
    throw new ReportError(
      'no-markers',
      `docs/performance.md needs one "${REPORT_START}" line followed by one "${REPORT_END}" line`,
    );
  return `${doc.slice(0, start + REPORT_START.length)}\n\n${report}\n\n${doc.slice(end)}`;
}

/** The whole document as `npm run bench -- --report` writes it: the section replaced, then Prettier's format. */
export async function reportedDoc(doc: string, results: BenchResults): Promise<string> {
  const options = (await prettier.resolveConfig(PERFORMANCE_DOC)) ?? {};
  return prettier.format(withReport(doc, renderReport(results)), { ...options, filepath: PERFORMANCE_DOC });
}
