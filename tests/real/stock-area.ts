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
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildOnce } from './build-once.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const GUIDE = path.join(ROOT, 'docs', 'area-teams.md');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'atrium-stock-area');
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

/** node_modules for the guide's package.json, installed once per version set. */
async function installed(packageJson: string): Promise<string> {
  const key = createHash('sha256').update(packageJson).digest('hex').slice(0, 16);
  await mkdir(CACHE, { recursive: true });
  const dir = await buildOnce(path.join(CACHE, key), async (staging) => {
    await mkdir(staging, { recursive: true });
    await writeFile(path.join(staging, 'package.json'), packageJson);
    // No install scripts: none of these packages needs one to build.
    await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: staging,
      maxBuffer: 16 * 1024 * 1024,
    });
  });
  return path.join(dir, 'node_modules');
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
  await mkdir(path.dirname(kept), { recursive: true });
  await buildOnce(kept, async (staging) => {
    const project = await buildProject(files, modules);
    try {
      // Copied, as the temporary directory may be on another file system.
      await cp(path.join(project, 'dist'), staging, { recursive: true });
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
  return { project: kept, dist: kept, remove: async () => undefined };
}
