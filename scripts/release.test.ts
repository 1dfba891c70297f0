import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileReleaseStore, createReleaseService, ReleaseError } from '@atrium/releases';
import { baselineModules, fixtureModule, manifestOf } from '@atrium/releases/testing';
import { run } from './release';

let dir: string;
let dist: string;
const service = () => createReleaseService({ store: createFileReleaseStore(path.join(dir, 'releases')) });

/** A build directory as `npm run build -- --app` leaves it. */
async function writeBuild(fixture: ReturnType<typeof fixtureModule>, where: string): Promise<string> {
  await mkdir(path.join(where, 'assets'), { recursive: true });
  await writeFile(path.join(where, 'manifest.json'), JSON.stringify(manifestOf(fixture)));
  for (const [name, data] of Object.entries(fixture.files))
    await writeFile(path.join(where, 'assets', name), data);
  return where;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-release-cli-'));
  dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  const modules = baselineModules();
  await writeFile(path.join(dist, 'modules.json'), JSON.stringify(modules.map((m) => m.module)));
  for (const m of modules)
    for (const [name, data] of Object.entries(m.files))
      await writeFile(path.join(dist, 'assets', name), data);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run release', () => {
  it('inits from a full build, publishes a build directory, lists, diffs and rolls back', async () => {
    const svc = service();
    expect(await run(['list'], svc, dist)).toEqual([
      'no release is live: the server serves the full build in dist/',
    ]);
    expect(await run(['init'], svc, dist)).toEqual(['r000001 live: full build: 2 modules']);
    const build = await writeBuild(
      fixtureModule('@atrium/area-exams', { version: '0.1.0+bbb' }),
      path.join(dir, 'b'),
    );
    expect(await run(['publish', build], svc, dist)).toEqual([
      'r000002 live: @atrium/area-exams 0.1.0+aaa -> 0.1.0+bbb',
    ]);
    expect((await run(['list'], svc, dist)).join('\n')).toMatch(/@atrium\/area-exams +0\.1\.0\+bbb/);
    expect(await run(['diff', 'r000001', 'r000002'], svc, dist)).toEqual([
      '@atrium/area-exams: 0.1.0+aaa -> 0.1.0+bbb',
    ]);
    expect(await run(['rollback', 'area-exams'], svc, dist)).toEqual([
      'r000003 live: @atrium/area-exams 0.1.0+bbb -> 0.1.0+aaa (as in r000001)',
    ]);
    expect(await run(['history', 'area-exams'], svc, dist)).toHaveLength(3);
  });

  it('packs a System build from another project and publishes the directory it prints', async () => {
    const svc = service();
    await run(['init'], svc, dist);
    // A project of its own: its package version and its installed React name what the build was made with.
    const project = path.join(dir, 'peer-app');
    await mkdir(path.join(project, 'dist'), { recursive: true });
    await mkdir(path.join(project, 'node_modules', 'react'), { recursive: true });
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'peer-app', version: '2.0.0' }),
    );
    await writeFile(
      path.join(project, 'node_modules', 'react', 'package.json'),
      JSON.stringify({ name: 'react', version: '19.3.0' }),
    );
    await writeFile(
      path.join(project, 'dist', 'peer-app.js'),
      fixtureModule('@atrium/area-peer-app').files[fixtureModule('@atrium/area-peer-app').module.file]!,
    );
    const packed = await run(
      ['pack', path.join(project, 'dist'), '--name', '@atrium/area-peer-app', '--route', 'peer-app'],
      svc,
      dist,
    );
    expect(packed[0]).toMatch(/^packed @atrium\/area-peer-app 2\.0\.0\+[0-9a-f]{12} into /);
    expect(packed).toContain('  routes /peer-app (signed-in)');
    const out = /^publish it with: npm run release -- publish (.+)$/.exec(packed.at(-1)!)?.[1];
    expect(await run(['publish', out!], svc, dist)).toEqual([
      expect.stringMatching(/^r000002 live: @atrium\/area-peer-app \(new\) -> 2\.0\.0\+/),
    ]);
    await rm(path.dirname(out!), { recursive: true, force: true });
  });

  it.each([
    [['pack'], 'usage: npm run release -- pack <build dir> --name <import-map name>'],
    [['publish'], 'usage: npm run release -- publish <dir>'],
    [['canary', 'area-exams', '1.0.0'], 'canary needs one of --roles r1,r2 or --percent N'],
    [['gc'], 'usage: npm run release -- gc --keep N'],
    [['deploy'], 'unknown command deploy'],
    [['publish', '/nowhere'], '/nowhere has no readable manifest.json'],
  ])('refuses %j with a message', async (argv, message) => {
    const error = await run(argv, service(), dist).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReleaseError);
    expect((error as Error).message).toContain(message);
  });
});
