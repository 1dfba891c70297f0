/**
 * The bench's output: one table (measure | Atrium | yardstick | minimal React | ratio | budget | verdict) printed to the
 * console and as Markdown (docs/performance.md, through --report), and results.json with the table and every raw run.
 */
import { writeFileSync } from 'node:fs';
import type { Verdict } from './budgets';

/**
 * The first words of DokuWiki's rows (bench/lib/legacy-dokuwiki.ts): they start like the fixture pages' so
 * `--legacy-php` replaces both, and `--report` says when a results file has none of them.
 */
export const DOKUWIKI_ROW_PREFIX = 'Legacy PHP page (DokuWiki';

/** `fraction`: a small score such as a layout shift, shown to three decimals. */
export type Unit = 'KB' | 'ms' | 's' | 'count' | 'score' | 'fraction' | 'yes/no';

export interface Row {
  measure: string;
  unit: Unit;
  atrium: number | null;
  /** The login component as one bundle (bench/yardstick). */
  yardstick?: number | null;
  /** The minimal React 19 login form (bench/minimal). */
  minimal?: number | null;
  /** Atrium over the reference its budget names: the component yardstick unless it says minimal React. */
  ratio?: number | null;
  budget?: string;
  verdict?: Verdict;
  /** Shown instead of the number when there is none (e.g. "not measured yet"). */
  note?: string;
}

function formatValue(value: number | null | undefined, unit: Unit, note?: string): string {
  if (value === null || value === undefined) return (note ?? '–').replace(/\s+/g, ' ').slice(0, 70);
  switch (unit) {
    case 'KB':
      return `${(value / 1024).toFixed(1)} KB`;
    case 'ms':
      return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
    case 's':
      return `${value.toFixed(1)} s`;
    case 'yes/no':
      return value ? 'yes' : 'no';
    case 'fraction':
      return value.toFixed(3);
    default:
      return String(Math.round(value * 10) / 10);
  }
}

function cells(row: Row): string[] {
  return [
    row.measure,
    formatValue(row.atrium, row.unit, row.note),
    row.yardstick === undefined ? '' : formatValue(row.yardstick, row.unit),
    row.minimal === undefined ? '' : formatValue(row.minimal, row.unit),
    row.ratio === undefined || row.ratio === null ? '' : `${row.ratio.toFixed(2)}x`,
    row.budget ?? '',
    row.verdict ?? '',
  ];
}

const HEADER = ['measure', 'Atrium', 'yardstick', 'minimal React', 'ratio', 'budget', 'verdict'];

export function textTable(rows: readonly Row[]): string {
  const grid = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...grid.map((line) => (line[column] ?? '').length)));
  const render = (line: readonly string[]) =>
    line
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    render(HEADER),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...grid.slice(1).map(render),
  ].join('\n');
}

export function markdownTable(rows: readonly Row[]): string {
  const line = (values: readonly string[]) =>
    `| ${values.map((value) => value.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(HEADER), line(HEADER.map(() => '---')), ...rows.map((row) => line(cells(row)))].join('\n');
}

export function writeResults(file: string, results: unknown): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
