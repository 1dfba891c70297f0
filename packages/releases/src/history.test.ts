/**
 * Who released what and what a history can be trusted with: the commit a build recorded, a rollback that
 * would change nothing refused, gc waiting for the publish lock, and a history exported and imported whole
 * (a backup that does not fit changes nothing).
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyPrefixOf } from './durable-history.js';
import { ReleaseError } from './errors.js';
import { createFileReleaseStore } from './file-store.js';
import { createReleaseService, type ReleaseService } from './service.js';
import {
  baselineModules,
  examsArea,
  initFrom,
  manifestOf,
  uploadOf,
  type FixtureModule,
} from './test-fixtures.js';

const COMMIT = 'fedcba9876543210fedcba9876543210fedcba98';

let root: string;
let dir: string;
let service: ReleaseService;
let clock: number;

const serviceOn = (where: string, lockTimeoutMs?: number) =>
  createReleaseService({
    store: createFileReleaseStore(where, lockTimeoutMs === undefined ? {} : { lockTimeoutMs }),
    now: () => new Date((clock += 1000)),
  });

async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof ReleaseError) return error;
  throw new Error(`expected a refusal, got ${String(error)}`);
}

const withCommit = (fixture: FixtureModule): FixtureModule => ({
  ...fixture,
  module: { ...fixture.module, commit: COMMIT },
});

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atrium-history-'));
  dir = path.join(root, 'releases');
  clock = Date.UTC(2026, 0, 1);
  service = serviceOn(dir);
  await initFrom(service, baselineModules().map(withCommit));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('who released what', () => {
  it('records the commit the build was made from, in the release and its history', async () => {
    const next = withCommit(examsArea('0.2.0+c0m'));
    await service.publish(uploadOf(next, next.files, manifestOf(next)), 'alice');
    const [published, baseline] = await service.history();
    expect(published).toMatchObject({ author: 'alice', change: { kind: 'publish', commit: COMMIT } });
    expect(baseline?.change).toMatchObject({ kind: 'baseline', commit: COMMIT });
  });

  it('refuses a manifest whose commit is not a git commit id', async () => {
    const next = examsArea('0.2.0+bad');
    const manifest = { ...manifestOf(next), module: { ...next.module, commit: 'HEAD; rm -rf /' } };
    const error = await refusal(service.publish(uploadOf(next, next.files, manifest), 'ci'));
    expect(error.code).toBe('bad-manifest');
    expect(error.message).toContain('module.commit is not a git commit id');
  });
});

describe('a rollback that changes nothing', () => {
  it('is refused when the whole platform is already as in that release', async () => {
    const first = await service.current();
    await service.publish(uploadOf(examsArea('0.2.0+bbb')), 'ci');
    await service.rollbackRelease(first!.id, 'ops');
    const error = await refusal(service.rollbackRelease(first!.id, 'ops'));
    expect(error.code).toBe('unchanged');
    expect(error.message).toBe(
      'every module of r000003 is already as in r000001 (and no canary runs): nothing to roll back',
    );
    expect((await service.current())?.id).toBe('r000003');
  });

  it('is refused when the app is already at the version asked for', async () => {
    await service.publish(uploadOf(examsArea('0.2.0+bbb')), 'ci');
    await service.rollbackApp('@atrium/area-exams', 'ops', 'r000001');
    const error = await refusal(service.rollbackApp('@atrium/area-exams', 'ops', 'r000001'));
    expect(error.code).toBe('unchanged');
    expect((await service.current())?.id).toBe('r000003');
  });
});

describe('gc', () => {
  it('waits for the publish lock, and deletes nothing while another holder keeps it', async () => {
    await service.publish(uploadOf(examsArea('0.2.0+bbb')), 'ci');
    const files = await readdir(path.join(dir, 'assets'));
    await mkdir(path.join(dir, '.lock')); // a publish in another process, between storing files and going live
    const error = await refusal(serviceOn(dir, 200).gc(1));
    expect(error.code).toBe('locked');
    expect(await readdir(path.join(dir, 'assets'))).toEqual(files);
    await rm(path.join(dir, '.lock'), { recursive: true });
    expect(await serviceOn(dir, 200).gc(1)).toHaveLength(1);
  });
});

describe('export and import', () => {
  it('carries the whole history into an empty store, and adds nothing the second time', async () => {
    await service.publish(uploadOf(examsArea('0.2.0+bbb')), 'ci');
    await service.publish(uploadOf(examsArea('0.3.0+ccc')), 'ci');
    const backup = await service.exportHistory();
    expect(backup).toMatchObject({ format: 'atrium-release-history', live: 'r000003' });

    const restored = serviceOn(path.join(root, 'restored'));
    expect(await restored.importHistory(JSON.parse(JSON.stringify(backup)))).toEqual({
      added: 3,
      live: 'r000003',
    });
    expect(await restored.history()).toEqual(await service.history());
    expect(await restored.importHistory(backup)).toEqual({ added: 0, live: 'r000003' });
  });

  it('refuses a backup whose release differs from the one held under its id, writing nothing', async () => {
    const backup = await service.exportHistory();
    const other = serviceOn(path.join(root, 'other'));
    await initFrom(other, [examsArea('9.9.9+zzz'), ...baselineModules().slice(0, 1)]);
    const error = await refusal(other.importHistory(backup));
    expect(error.code).toBe('conflict');
    expect(error.message).toContain('release r000001 is already held here with other contents');
    expect((await other.history()).map((r) => r.author)).toEqual(['ops']);
  });

  it.each([
    [{ format: 'zip' }, 'format'],
    [
      {
        format: 'atrium-release-history',
        formatVersion: 1,
        exportedAt: '',
        live: 'r000002',
        releases: [],
      },
      'the live release r000002 is not in the history',
    ],
  ])('refuses what export does not write (%j)', async (data, message) => {
    const error = await refusal(serviceOn(path.join(root, 'empty')).importHistory(data));
    expect(error.code).toBe('bad-arguments');
    expect(error.message).toContain(message);
  });

  it('refuses a release whose parent the backup lacks', async () => {
    await service.publish(uploadOf(examsArea('0.2.0+bbb')), 'ci');
    const backup = await service.exportHistory();
    const error = await refusal(
      serviceOn(path.join(root, 'empty')).importHistory({ ...backup, releases: backup.releases.slice(1) }),
    );
    expect(error.message).toBe('release r000002 was made from r000001, which the history does not hold');
  });
});

describe('the history prefix in a bucket', () => {
  it.each([
    ['assets/', 'releases/'],
    ['atrium/assets/', 'atrium/releases/'],
    ['', 'releases/'],
    ['releases/', 'releases/history/'],
  ])('beside %j is %j, never a name the asset listing holds', (assets, history) => {
    expect(historyPrefixOf(assets)).toBe(history);
  });
});
