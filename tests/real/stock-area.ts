/**
 * The area docs/area-teams.md walks a team through, built the way that page says: its files are the page's
 * code blocks marked `file=...`, written into a fresh temporary directory, installed from the npm registry
 * and built with create-single-spa's webpack config. The install is kept under node_modules/.cache, named by
 * a hash of the page's package.json, so a later run only builds; a lock keeps two workers from installing
 * at the same time.
 *
 * A block may also say `build=<name>`: it replaces the file of that name in a second build of the same
 * project (section 6's CSS files: a webpack config with mini-css-extract). Such a build shares the one
 * install, and its output is kept in the cache too, named by a hash of every file it was built from, so a
 * later run neither installs nor builds it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const GUIDE = path.join(ROOT, 'docs', 'area-teams.md');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'atrium-stock-area');
const STALE_LOCK_MS = 10 * 60_000;
const run = promisify(execFile);

/**
 * The guide's files: each fenced block whose info string names `file=<path>`; with `build`, the blocks that
 * also say `build=<build>` replace the files they name.
 */
export async function guideFiles(build?: string): Promise<Record<string, string>> {
  const text = await readFile(GUIDE, 'utf8');
  const files: Record<string, string> = {};
  const replaced: Record<string, string> = {};
  for (const match of text.matchAll(/^```\w*\s+file=(\S+)(?:\s+build=(\S+))?\n([\s\S]*?)^```$/gm)) {
    if (!match[2]) files[match[1]!] = match[3]!;
    else if (match[2] === build) replaced[match[1]!] = match[3]!;
  }
  if (!files['package.json']) throw new Error(`${GUIDE} has no package.json block`);
  if (build && Object.keys(replaced).length === 0) throw new Error(`${GUIDE} has no build=${build} block`);
  return { ...files, ...replaced };
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

/** The guide's project written into a new temporary directory, with the shared install, and built. */
async function buildProject(files: Record<string, string>, modules: string): Promise<string> {
  const project = await mkdtemp(path.join(os.tmpdir(), 'uni-peer-app-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(project, name)), { recursive: true });
    await writeFile(path.join(project, name), text);
  }
  await symlink(modules, path.join(project, 'node_modules'), 'dir');
  await run('npm', ['run', 'build'], { cwd: project, maxBuffer: 16 * 1024 * 1024 });
  return project;
}

/** Writes the guide's project into a new temporary directory and builds it. */
export async function buildStockArea(): Promise<StockArea> {
  const files = await guideFiles();
  const project = await buildProject(files, await installed(files['package.json']!));
  return {
    project,
    dist: path.join(project, 'dist'),
    remove: () => rm(project, { recursive: true, force: true }),
  };
}

/**
 * The guide's project built with the files of its `build=<build>` blocks (`css-files`: styles as a CSS
 * file, by mini-css-extract). The output is cached beside the install: `dist` is read-only, and `remove`
 * leaves it for the next run.
 */
export async function buildStockVariant(build: string): Promise<StockArea> {
  const files = await guideFiles(build);
  const modules = await installed(files['package.json']!);
  const key = createHash('sha256')
    .update(JSON.stringify(Object.entries(files).sort()))
    .digest('hex');
  const kept = path.join(path.dirname(modules), 'builds', `${build}-${key.slice(0, 16)}`);
  if (!(await exists(kept))) {
    const project = await buildProject(files, modules);
    try {
      // Copied next to it, then renamed: a worker never finds a half-copied output (the temporary
      // directory may be on another file system). Another worker's copy may have won meanwhile.
      const staging = `${kept}.copying-${process.pid}`;
      await cp(path.join(project, 'dist'), staging, { recursive: true });
      await rename(staging, kept).catch(async (error: unknown) => {
        await rm(staging, { recursive: true, force: true });
        if (!(await exists(kept))) throw error;
      });
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }
  return { project: kept, dist: kept, remove: async () => undefined };
}
