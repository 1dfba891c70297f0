/**
 * The exams area rebuilt alone (`scripts/build.ts --app area-exams`) from a copy of the sources with its
 * landing heading changed: the release the release suites publish (tests/e2e/releases.spec.ts,
 * multi-instance.spec.ts). It is built once for a given set of inputs and kept under the temp directory,
 * named by a hash of everything the build reads (the sources it copies, the build scripts, the lock file),
 * so the second suite of a run, or the next run, takes it as it is; a lock keeps two Playwright workers
 * from building it at the same time.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildOnce } from './build-once.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

/** The heading of the exams area's landing page in the changed build. */
export const CHANGED_EXAMS_HEADING = 'Legacy screens, release two';
const ORIGINAL = 'title="Legacy screens"';
/** The packages the area build reads; the rest comes from node_modules. */
const PACKAGES = ['api', 'session', 'ui', 'areas'];
/** What else the build's output depends on. */
const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'webpack.config.ts',
  'tsconfig.base.json',
  'scripts',
];

async function filesUnder(target: string): Promise<string[]> {
  const info = await stat(target);
  if (!info.isDirectory()) return [target];
  const entries = await readdir(target, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => entry.name !== 'node_modules')
      .map((entry) => filesUnder(path.join(target, entry.name))),
  );
  return nested.flat().sort();
}

async function inputsHash(): Promise<string> {
  const hash = createHash('sha256').update(`${CHANGED_EXAMS_HEADING}\0`);
  const roots = [
    ...BUILD_INPUTS.map((name) => path.join(ROOT, name)),
    ...PACKAGES.flatMap((pkg) =>
      ['src', 'package.json'].map((name) => path.join(ROOT, 'packages', pkg, name)),
    ),
  ];
  for (const root of roots) {
    for (const file of await filesUnder(root)) {
      hash.update(`${path.relative(ROOT, file)}\0`).update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The area's version directory (manifest.json and assets/) inside a build output. */
async function versionDir(out: string): Promise<string> {
  const app = path.join(out, 'atrium-area-exams');
  const versions = await readdir(app);
  if (versions.length !== 1) throw new Error(`expected one exams build in ${app}, found ${versions.length}`);
  return path.join(app, versions[0]!);
}

function withoutReleaseStore(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { ATRIUM_REDIS_URL: _redis, ATRIUM_ASSETS: _assets, ...rest } = env;
  return rest;
}

async function build(work: string): Promise<void> {
  const src = path.join(work, 'src');
  for (const pkg of PACKAGES) {
    for (const name of ['src', 'package.json']) {
      await cp(path.join(ROOT, 'packages', pkg, name), path.join(src, 'packages', pkg, name), {
        recursive: true,
      });
    }
  }
  await cp(path.join(ROOT, 'package.json'), path.join(src, 'package.json'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(src, 'node_modules'), 'dir');
  const landing = path.join(src, 'packages', 'areas', 'src', 'kit', 'AppLanding.tsx');
  const source = await readFile(landing, 'utf8');
  if (!source.includes(ORIGINAL))
    throw new Error(`${landing} no longer holds ${ORIGINAL}: change CHANGED_EXAMS_HEADING's edit`);
  await writeFile(landing, source.replace(ORIGINAL, `title="${CHANGED_EXAMS_HEADING}"`));
  await run(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['scripts/build.ts', '--app', 'area-exams', '--root', src, '--out', path.join(work, 'apps')],
    // No release store: the manifest then records none (a note for people), whichever suite builds it.
    { cwd: ROOT, env: { ...withoutReleaseStore(process.env), ATRIUM_RELEASES_DIR: path.join(work, 'none') } },
  );
  await rm(src, { recursive: true, force: true });
}

/** The changed exams build, made now or taken from an earlier suite; its directory is shared: read only. */
export async function changedExamsBuild(): Promise<string> {
  const cache = path.join(os.tmpdir(), `atrium-e2e-exams-${await inputsHash()}`);
  return versionDir(path.join(await buildOnce(cache, build), 'apps'));
}
