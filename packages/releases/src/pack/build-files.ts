/**
 * The files of a build directory as `release pack` sees them: every file a browser may fetch, by its name
 * in the directory, with its bytes. Read once, before anything is written, so a refusal changes nothing.
 */
import { lstat, readFile, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ReleaseError } from '../errors.js';

/** Files a build writes for people and tools, never fetched by the page: left out of the release. */
const NOT_SHIPPED = [/\.map$/, /\.html?$/, /\.LICENSE\.txt$/, /\.d\.ts$/, /^\./];

export function isShipped(name: string): boolean {
  return !NOT_SHIPPED.some((pattern) => pattern.test(name));
}

export interface BuildFiles {
  /** Shipped files by name (a plain name: the release stores one flat directory). */
  files: Map<string, Buffer>;
  /** Files left out (source maps, HTML, licence notes), for the report. */
  skipped: string[];
}

function outside(file: string): ReleaseError {
  return new ReleaseError(
    'bad-build',
    `${file} is outside the build directory: pack ships only files inside it (a symbolic link out of it is refused, since its target can change after the check)`,
  );
}

/** True when `target` (already resolved) is `root` or inside it. */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Reads every file under `dir`; refuses links leading out of it and shipped files in subdirectories. */
export async function readBuild(dir: string): Promise<BuildFiles> {
  let root: string;
  try {
    root = await realpath(dir);
    if (!(await lstat(root)).isDirectory()) throw new Error('not a directory');
  } catch (error) {
    throw new ReleaseError('bad-build', `${dir} is not a build directory (${(error as Error).message})`);
  }
  const files = new Map<string, Buffer>();
  const skipped: string[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const relative = path.relative(root, full);
      if (entry.isSymbolicLink()) {
        const target = await realpath(full).catch(() => null);
        if (!target || !isInside(root, target)) throw outside(relative);
      }
      const info = await lstat(await realpath(full));
      if (info.isDirectory()) {
        await walk(full);
        continue;
      }
      if (!isShipped(entry.name)) {
        skipped.push(relative);
        continue;
      }
      if (relative !== entry.name)
        throw new ReleaseError(
          'bad-build',
          `${relative} is in a subdirectory: a release is one flat directory of files, so emit every file the page loads at the top of the build (webpack: output.assetModuleFilename '[name].[contenthash][ext]')`,
        );
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(entry.name))
        throw new ReleaseError(
          'bad-build',
          `${entry.name}: a release file name is letters, digits, '.', '_' and '-', starting with a letter or digit`,
        );
      files.set(entry.name, await readFile(full));
    }
  };
  await walk(root);
  return { files, skipped: skipped.sort() };
}

/** The entry named on the command line as a name in the build; refused when it lies outside it. */
export async function entryName(dir: string, entry: string): Promise<string> {
  const root = await realpath(dir);
  const candidate = path.resolve(root, entry);
  const resolved = await realpath(candidate).catch(() => candidate);
  if (!isInside(root, resolved)) throw outside(entry);
  return path.relative(root, resolved);
}
