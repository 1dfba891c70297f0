/**
 * `npm run release -- publish <dir>` on the machine that runs it: an uploaded module that would escape to
 * `process` is refused and nothing of it runs (the real CLI process, as CI or an operator starts it).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFileReleaseStore, createReleaseService } from '@atrium/releases';
import { baselineModules, fixtureModule, initFrom, manifestOf } from '@atrium/releases/testing';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-release-cli-safety-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('refuses a module that escapes to process, and none of it runs in the CLI', async () => {
  const releasesDir = path.join(dir, 'releases');
  await initFrom(createReleaseService({ store: createFileReleaseStore(releasesDir) }), baselineModules());
  const marker = path.join(dir, 'escaped');
  const source =
    `System.register.constructor('return process')().getBuiltinModule('fs').writeFileSync(${JSON.stringify(marker)}, 'x');\n` +
    'System.register([], function (e) { return { execute: function () { e({ bootstrap() {}, mount() {}, unmount() {} }); } }; });';
  const exploit = fixtureModule('@atrium/area-exams', { deps: [], version: '0.1.0+bad', source });
  const build = path.join(dir, 'build');
  await mkdir(path.join(build, 'assets'), { recursive: true });
  await writeFile(path.join(build, 'manifest.json'), JSON.stringify(manifestOf(exploit)));
  for (const [name, data] of Object.entries(exploit.files))
    await writeFile(path.join(build, 'assets', name), data);

  const refused = await run(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['scripts/release.ts', 'publish', build],
    {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: os.tmpdir(), ATRIUM_RELEASES_DIR: releasesDir },
    },
  ).catch((error: { code: number; stderr: string }) => error);
  expect('code' in refused && refused.code).toBe(1);
  expect(refused.stderr).toContain(
    'refused (not-system-module): @atrium/area-exams 0.1.0+bad: ' +
      `${exploit.module.file} is not a System module: its top level holds code besides the System.register call (line 1)`,
  );
  expect(existsSync(marker)).toBe(false);
  expect(await createFileReleaseStore(releasesDir).currentId()).toBe('r000001');
});
