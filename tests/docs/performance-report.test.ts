/**
 * docs/performance.md's "Latest full run" is what `npm run bench -- --report` writes from the committed
 * bench/results.json, to the character: a figure edited by hand, or results committed without their report,
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PERFORMANCE_DOC,
  REPORT_END,
  REPORT_START,
  ReportError,
  readResults,
  renderReport,
  reportedDoc,
  withReport,
} from '../../bench/lib/performance-doc';
import type { BenchResults } from '../../bench/lib/performance-doc';
import { dokuwikiRows } from '../../bench/lib/legacy-dokuwiki';
import type { DokuWikiCase } from '../../bench/lib/legacy-dokuwiki';

const sample: BenchResults = {
  meta: {
    date: '2026-11-28T05:00:00.000Z',
    node: 'v20.19.0',
    cpus: 2,
    loadAverage: [1.25, 2, 3],
    runs: 5,
    timingRuns: 9,
    lighthouseRuns: 3,
    quick: false,
    browser: 'Debian /usr/bin/chromium (playwright-core)',
  },
  table: [
    { measure: 'Login: JS gzip', unit: 'KB', atrium: 90 * 1024, budget: '≤ 100 KB', verdict: 'ok' },
    { measure: 'Shell: area switch p95 (200)', unit: 'ms', atrium: 61, budget: '< 50 ms', verdict: 'OVER' },
  ],
};

describe('the performance report', () => {
  it('in docs/performance.md is what --report writes from the committed bench/results.json', async () => {
    const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
    expect(doc).toBe(await reportedDoc(doc, readResults()));
  });

  it('says when and how the run was made, what was over budget, and gives every row', () => {
    const report = renderReport(sample);
    expect(report).toContain('- Finished: 2026-11-28 05:00 UTC');
    expect(report).toContain('- Machine: 2 CPU cores, load average at the end 1.3, 2.0, 3.0');
    expect(report).toContain('Over budget in this run:\n\n- Shell: area switch p95 (200)\n');
    expect(report).not.toContain('The machine was busy');
    expect(renderReport({ ...sample, meta: { ...sample.meta, loadAverage: [2.5, 2, 2] } })).toContain(
      'The machine was busy during this run',
    );
    expect(report).toContain('| Login: JS gzip | 90.0 KB |  |  |  | ≤ 100 KB | ok |');
    expect(renderReport({ ...sample, table: sample.table.slice(0, 1) })).toContain(
      'Every budget was met in this run.',
    );
  });

  it("says when the run predates DokuWiki's rows, and not when it has them", () => {
    expect(renderReport(sample)).toContain("This run predates DokuWiki's rows");
    const row = { measure: 'Legacy PHP page (DokuWiki, one origin), signed in: x', unit: 'ms' as const };
    expect(renderReport({ ...sample, table: [...sample.table, { ...row, atrium: 1 }] })).not.toContain(
      'predates',
    );
  });

  it('replaces only the text between the markers, the same way each time', () => {
    const doc = `# T\n\nbefore\n\n${REPORT_START}\n\nold figures\n\n${REPORT_END}\n\nafter\n`;
    const once = withReport(doc, 'new figures');
    expect(once).toBe(`# T\n\nbefore\n\n${REPORT_START}\n\nnew figures\n\n${REPORT_END}\n\nafter\n`);
    expect(withReport(once, 'new figures')).toBe(once);
  });

  it('refuses a document without its markers, naming them', () => {
    expect(() => withReport('# T\n', 'x')).toThrow(ReportError);
    expect(() => withReport('# T\n', 'x')).toThrow(REPORT_START);
    expect(() => withReport(`${REPORT_END}\n${REPORT_START}\n`, 'x')).toThrow(/needs one/);
  });

  it('refuses results that are not a full run', () => {
    expect(() => readResults('/nonexistent/results.json')).toThrow(/run `npm run bench` first/);
  });
});

describe("DokuWiki's rows", () => {
  const item = (who: DokuWikiCase['who'], axe: Record<string, number>): DokuWikiCase => ({
    where: 'other host',
    who,
    runs: [
      [
        { page: 'a', layoutShift: 0.002, barPaintMs: 40 },
        { page: 'b', layoutShift: 0.03, barPaintMs: 90 },
      ],
      [
        { page: 'a', layoutShift: 0, barPaintMs: 30 },
        { page: 'b', layoutShift: 0.001, barPaintMs: 50 },
      ],
      [
        { page: 'a', layoutShift: 0.02, barPaintMs: 20 },
        { page: 'b', layoutShift: 0, barPaintMs: 120 },
      ],
    ],
    axe,
    lighthouse: null,
  });

  it('judge each run by its worst page, and axe by the rules that fail more often than without the widgets', () => {
    const rows = dokuwikiRows({
      cases: [item('signed in', { 'color-contrast': 3, region: 1 }), item('signed out', { region: 1 })],
      axeWithoutWidgets: { 'color-contrast': 2, region: 1 },
    });
    const find = (words: string) => rows.find((row) => row.measure.includes(words))!;
    const shift = find('wiki.school.test), signed in: layout shift, worst of 3 pages');
    expect([shift.atrium, shift.verdict]).toEqual([0.02, 'OVER']);
    expect(find('signed in: script start → bar painted').atrium).toBe(90);
    expect(rows.some((row) => row.measure.includes('signed out: script start'))).toBe(false);
    const axeIn = find('signed in: axe-core failures on the start page (without the widgets: 3)');
    expect([axeIn.atrium, axeIn.verdict, axeIn.note]).toEqual([
      4,
      'OVER',
      'more with the widgets: color-contrast',
    ]);
    expect(find('signed out: axe-core').verdict).toBe('ok');
    expect(find('signed in: Lighthouse accessibility').note).toBe('skipped (--quick)');
  });
});
