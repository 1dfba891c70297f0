/**
 * The area docs/area-teams.md walks a team through, built the way that page says: its files are the page's
 * code blocks marked `file=...`, written into a fresh temporary directory, installed from the npm registry
 * and built with create-single-spa's webpack config. The install is kept under node_modules/.cache, named by
 * a hash of the page's package.json, so a later run only builds; a lock keeps two workers from installing
 * at the same time.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const GUIDE = path.join(ROOT, 'docs', 'area-teams.md');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'atrium-stock-area');
const STALE_LOCK_MS = 10 * 60_000;
const run = promisify(execFile);

/** The guide's files: each fenced block whose info string names `file=<path>`. */
export async function guideFiles(): Promise<Record<string, string>> {
  const text = await readFile(GUIDE, 'utf8');
  const files: Record<string, string> = {};
  for (const match of text.matchAll(/^```\w*\s+file=(\S+)\n([\s\S]*?)^```$/gm)) {
    files[match[1]!] = match[2]!;
  }
  if (!files['package.json']) throw new Error(`${GUIDE} has no package.json block`);
  return files;
}

async function exists(target: string): Promise<boolean> {
  return stat(target).then(
    () => true,
    () => false,
  );
}

/** node_modules for the guide's package.json, installed once per version set. */
async function installed(packageJson: string): Promise<string> {
  const key = createHash('sha256').update(packageJson).digest('hex').slice(0, 16);
  const dir = path.join(CACHE, key);
  const lock = `${dir}.lock`;
  await mkdir(CACHE, { recursive: true });
  for (;;) {
    if (await exists(dir)) return path.join(dir, 'node_modules');
    try {
      await mkdir(lock);
    } catch {
      const age =
        Date.now() -
        (await stat(lock).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        ));
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    try {
      const staging = `${dir}.installing-${process.pid}`;
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { recursive: true });
      await writeFile(path.join(staging, 'package.json'), packageJson);
      // No install scripts: none of these packages needs one to build.
      await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
        cwd: staging,
        maxBuffer: 16 * 1024 * 1024,
      });
      await rename(staging, dir);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

export interface StockArea {
  /** The project directory (package.json, src/, node_modules). */
  project: string;
  /** Its build output, `dist/`, as `npm run build` leaves it. */
  dist: string;
  remove(): Promise<void>;
}

/** Writes the guide's project into a new temporary directory and builds it. */
export async function buildStockArea(): Promise<StockArea> {
  const files = await guideFiles();
  const modules = await installed(files['package.json']!);
  const project = await mkdtemp(path.join(os.tmpdir(), 'uni-peer-app-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(project, name)), { recursive: true });
    await writeFile(path.join(project, name), text);
  }
  await symlink(modules, path.join(project, 'node_modules'), 'dir');
  await run('npm', ['run', 'build'], { cwd: project, maxBuffer: 16 * 1024 * 1024 });
  return {
    project,
    dist: path.join(project, 'dist'),
    remove: () => rm(project, { recursive: true, force: true }),
  };
}
