/**
 * The two whole-project timings: the production build (run and timed here, unless --skip-build) and the
 * last `npm test` (read from the file scripts/test.mjs is asked to write; the bench never runs the tests).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `npm run build`, into `outDir` when it is not the default dist/ (scripts/build.ts --out). */
export async function timedBuild(rootDir: string, outDir: string): Promise<number> {
  const started = performance.now();
  const extra = path.resolve(outDir) === path.join(rootDir, 'dist') ? [] : ['--', '--out', outDir];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent', ...extra], { cwd: rootDir, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
  return (performance.now() - started) / 1000;
}

export const TEST_RUN_FILE = path.join('.data', 'last-test-run.json');

/** Seconds of the last complete `npm test`, or null when no run has recorded it. */
export function lastTestRunSeconds(rootDir: string): number | null {
  const file = path.join(rootDir, TEST_RUN_FILE);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { seconds?: unknown; totalSeconds?: unknown };
    const seconds = parsed.seconds ?? parsed.totalSeconds;
    return typeof seconds === 'number' ? seconds : null;
  } catch {
    return null;
  }
}
