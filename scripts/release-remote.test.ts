/**
 * `npm run release -- <command> --server <url>` against a real server: the same commands and columns as the
 * local mode (list with module versions, history with author, date and commit, diff), and the author CI
 * names reaches the release the server records.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFileReleaseStore, createReleaseService, ReleaseError } from '@atrium/releases';
import {
  baselineModules,
  examsArea,
  initFrom,
  manifestOf,
  type FixtureModule,
} from '@atrium/releases/testing';
import { startServer, type Running } from '@atrium/server/testing';
import { run } from './release';

const TOKEN = 'test-deploy-token-0123456789abcdef';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

let dir: string;
let server: Running;
const local = () => createReleaseService({ store: createFileReleaseStore(path.join(dir, 'releases')) });

/** A build directory as `npm run build -- --app` leaves it, made in a git checkout. */
async function writeBuild(fixture: FixtureModule, name: string): Promise<string> {
  const where = path.join(dir, name);
  await mkdir(path.join(where, 'assets'), { recursive: true });
  const manifest = manifestOf({ ...fixture, module: { ...fixture.module, commit: COMMIT } });
  await writeFile(path.join(where, 'manifest.json'), JSON.stringify(manifest));
  for (const [file, data] of Object.entries(fixture.files))
    await writeFile(path.join(where, 'assets', file), data);
  return where;
}

const remote = (...argv: string[]) => run([...argv, '--server', server.url], local(), dir);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-release-remote-'));
  server = await startServer({ releasesDir: path.join(dir, 'releases'), deployToken: TOKEN });
  vi.stubEnv('ATRIUM_DEPLOY_TOKEN', TOKEN);
  vi.stubEnv('ATRIUM_RELEASE_AUTHOR', '');
  await initFrom(local(), baselineModules());
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run release -- --server', () => {
  it('records the author CI names and the build commit, and prints what the local mode prints', async () => {
    const build = await writeBuild(examsArea('0.2.0+ccc'), 'b');
    expect(await remote('publish', build, '--author', 'alice')).toEqual([
      'r000002 live: @atrium/area-exams 0.1.0+aaa -> 0.2.0+ccc',
    ]);
    const release = await local().current();
    expect(release).toMatchObject({ author: 'alice (deploy token)', change: { commit: COMMIT } });

    // ATRIUM_RELEASE_AUTHOR when there is no --author.
    vi.stubEnv('ATRIUM_RELEASE_AUTHOR', 'ci pipeline 4711');
    await remote('rollback', 'area-exams');
    expect((await local().current())?.author).toBe('ci pipeline 4711 (deploy token)');

    const history = await remote('history');
    expect(history).toEqual(await run(['history'], local(), dir));
    expect(history[1]).toMatch(
      /^r000002 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}alice \(deploy token\) {2}0123456789ab {2}@atrium\/area-exams/,
    );
    expect(await remote('list')).toEqual(await run(['list'], local(), dir));
    expect((await remote('list')).join('\n')).toMatch(/@atrium\/area-exams +0\.1\.0\+aaa/);
    expect(await remote('diff', 'r000001', 'r000002')).toEqual([
      '@atrium/area-exams: 0.1.0+aaa -> 0.2.0+ccc',
    ]);

    // Locally, --author is recorded as given; a rollback that changes nothing is refused either way.
    await run(['rollback', '--release', 'r000002', '--author', 'bob'], local(), dir);
    expect((await local().current())?.author).toBe('bob');
    const again = await remote('rollback', '--release', 'r000002').catch((caught: unknown) => caught);
    expect(again).toMatchObject({ code: 'unchanged' });
    expect((await local().current())?.id).toBe('r000004');
  });

  it('refuses an author that is not one printable line, changing nothing', async () => {
    const build = await writeBuild(examsArea('0.2.0+ddd'), 'd');
    const error = await remote('publish', build, '--author', 'eve\nadmin').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReleaseError);
    expect((error as Error).message).toContain('author: must be 1 to 100 printable characters on one line');
    expect((await local().current())?.id).toBe('r000001');
  });
});
