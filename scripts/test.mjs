#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, in order, stopping at the first failure. Prints each step with its time,
 * and at the end one plain line `N passed, N failed` (tests counted from the runners' own summaries).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;

/** Each step: a command, and optionally how to read passed/failed test counts from its output. */
const steps = [
  { name: 'ensure Debian packages', command: 'node', args: ['scripts/ensure-debian-packages.mjs'] },
  { name: 'format check', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
  { name: 'typecheck', command: bin('tsc'), args: ['-b'] },
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'unit tests', command: bin('vitest'), args: ['run'], counts: 'vitest' },
  { name: 'build', command: bin('tsx'), args: ['scripts/build.ts'] },
  { name: 'size budgets', command: bin('tsx'), args: ['scripts/size-check.ts'] },
  { name: 'browser tests', command: bin('web-test-runner'), args: [], counts: 'wtr' },
  { name: 'e2e tests', command: bin('playwright'), args: ['test'], counts: 'playwright' },
];

// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Reads `passed`/`failed` counts from a runner's summary. */
function parseCounts(kind, rawOutput) {
  const output = stripAnsi(rawOutput);
  const number = (pattern) => {
    const match = pattern.exec(output);
    return match ? Number(match[1]) : 0;
  };
  if (kind === 'vitest') {
    // " Tests  2 failed | 40 passed (42)"
    const line = /^\s*Tests\s+(.*)$/m.exec(output)?.[1] ?? '';
    return {
      passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0),
      failed: Number(/(\d+) failed/.exec(line)?.[1] ?? 0),
    };
  }
  if (kind === 'playwright') {
    // "  12 passed (30.1s)" / "  1 failed" / "  1 flaky" (flaky passed on retry: counted as passed)
    return {
      passed: number(/^\s*(\d+) passed/m) + number(/^\s*(\d+) flaky/m),
      failed: number(/^\s*(\d+) failed/m),
    };
  }
  if (kind === 'wtr') {
    // "Chrome: |████| 3/3 test files | 12 passed, 0 failed": its progress line repeats as tests finish
    // (starting at "0 passed"), so the last one is the total.
    const last = [...output.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
    return { passed: Number(last?.[1] ?? 0), failed: Number(last?.[2] ?? 0) };
  }
  return { passed: 0, failed: 0 };
}

function runStep(step) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const forward = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk.toString();
        target.write(chunk);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main() {
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  for (const step of steps) {
    const stepStarted = Date.now();
    console.log(`\n=== ${step.name}: ${[step.command, ...step.args].join(' ')}`);
    const { code, output } = await runStep(step);
    const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
    if (step.counts) {
      const counts = parseCounts(step.counts, output);
      passed += counts.passed;
      failed += counts.failed;
    }
    if (code !== 0) {
      console.log(`=== ${step.name}: FAILED (exit ${code}) after ${seconds} s`);
      console.log(`\nstopped after ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
      // A failing step with no counted test failure (a crash, a lint error) still counts as one failure.
      if (!step.counts || parseCounts(step.counts, output).failed === 0) failed += 1;
      console.log(`${passed} passed, ${failed} failed`);
      process.exitCode = 1;
      return;
    }
    console.log(`=== ${step.name}: ok in ${seconds} s`);
  }
  const totalSeconds = (Date.now() - started) / 1000;
  console.log(`\nall steps passed in ${totalSeconds.toFixed(1)} s`);
  // The bench reports the whole test run's time from here (it never runs the tests itself).
  mkdirSync('.data', { recursive: true });
  writeFileSync(
    '.data/last-test-run.json',
    `${JSON.stringify({ seconds: Math.round(totalSeconds), finished: new Date().toISOString() })}\n`,
  );
  console.log(`${passed} passed, ${failed} failed`);
}

await main();
