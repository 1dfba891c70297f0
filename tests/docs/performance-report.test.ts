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
