import { mkdtemp, readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseError } from './errors.js';
import { createFileReleaseStore } from './file-store.js';
import { viewFor } from './model.js';
import { createReleaseService } from './service.js';
import {
  baselineModules,
  examsArea,
  fixtureModule,
  initFrom,
  manifestOf,
  uploadOf,
} from './test-fixtures.js';
import type { ReleaseService } from './service.js';

let dir: string;
let service: ReleaseService;
let clock: number;

const newService = () =>
  createReleaseService({ store: createFileReleaseStore(dir), now: () => new Date((clock += 1000)) });

const init = (svc = service) => initFrom(svc, baselineModules());

async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReleaseError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-releases-'));
  clock = Date.UTC(2026, 0, 1);
  service = newService();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('publish', () => {
  it('swaps one app in, keeps every other module, and records who and what', async () => {
    const first = await init();
    const next = examsArea('0.1.0+bbb');
    const release = await service.publish(uploadOf(next), 'ci');
    expect(release).toMatchObject({ id: 'r000002', parent: first.id, author: 'ci' });
    expect(release.change.summary).toBe('@atrium/area-exams 0.1.0+aaa -> 0.1.0+bbb');
    expect(release.modules['react']).toEqual(first.modules['react']);
    expect(release.stamp > first.stamp).toBe(true);
    expect((await service.current())?.id).toBe('r000002');
    // The file is stored from the verified bytes, with compressed copies for the server.
    const stored = await readFile(path.join(dir, 'assets', next.module.file));
    expect(stored.equals(next.files[next.module.file]!)).toBe(true);
    await expect(readFile(path.join(dir, 'assets', `${next.module.file}.br`))).resolves.toBeInstanceOf(
      Buffer,
    );
  });

  it.each([
    ['a wrong hash', 'integrity-mismatch'],
    ['a truncated file', 'truncated-file'],
    ['a module without lifecycles', 'missing-lifecycles'],
    ['an app built against another React', 'incompatible-shared'],
    ['a missing manifest field', 'bad-manifest'],
  ])('refuses %s and leaves the live release and the store unchanged', async (what, code) => {
    const first = await init();
    let upload;
    if (what === 'a wrong hash') {
      const next = examsArea('0.1.0+bbb');
      const bytes = next.files[next.module.file]!;
      upload = uploadOf(next, {
        [next.module.file]: Buffer.from(bytes.toString().replace('0.1.0+bbb', '0.1.0+ccc')),
      });
    } else if (what === 'a truncated file') {
      const next = examsArea('0.1.0+bbb');
      upload = uploadOf(next, { [next.module.file]: next.files[next.module.file]!.subarray(0, 40) });
    } else if (what === 'a module without lifecycles') {
      upload = uploadOf(fixtureModule('@atrium/area-exams', { version: '0.1.0+bbb', exports: ['render'] }));
    } else if (what === 'an app built against another React') {
      upload = uploadOf(
        fixtureModule('@atrium/area-exams', { version: '0.1.0+bbb', builtAgainst: { react: '19.2.0' } }),
      );
    } else {
      const next = examsArea('0.1.0+bbb');
      const { files: _files, ...moduleWithoutFiles } = next.module;
      upload = uploadOf(next, next.files, { ...manifestOf(next), module: moduleWithoutFiles });
    }
    const assetsBefore = await service.history();
    const error = await refusal(service.publish(upload, 'ci'));
    expect(error.code).toBe(code);
    expect((await service.current())?.id).toBe(first.id);
    expect(await service.history()).toEqual(assetsBefore);
    expect(await createFileReleaseStore(dir).assets.list()).toHaveLength(2);
  });

  it('lets one of two simultaneous publishes win; the other gets a conflict and nothing is lost', async () => {
    await init();
    // Two processes: two stores on one directory, both preparing from r000001.
    const a = newService();
    const b = newService();
    const results = await Promise.allSettled([
      a.publish(uploadOf(examsArea('0.1.0+aaa2')), 'team-a'),
      b.publish(uploadOf(examsArea('0.1.0+bbb2')), 'team-b'),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    const winner = (won[0] as PromiseFulfilledResult<{ id: string; author: string }>).value;
    const live = await service.current();
    expect(live?.id).toBe(winner.id);
    expect((await service.history()).map((r) => r.id)).toEqual([winner.id, 'r000001']);
    // The loser runs again and lands on top of the winner: both changes are in history.
    const loser = winner.author === 'team-a' ? b : a;
    await loser.publish(
      uploadOf(examsArea(winner.author === 'team-a' ? '0.1.0+bbb2' : '0.1.0+aaa2')),
      'retry',
    );
    expect((await service.history()).map((r) => r.id)).toEqual(['r000003', winner.id, 'r000001']);
  });

  it('keeps the previous release live when a publish dies before moving the pointer', async () => {
    const first = await init();
    // What a crash between writing the release file and renaming current.json leaves behind.
    await mkdir(path.join(dir, 'releases'), { recursive: true });
    await writeFile(path.join(dir, 'releases', 'r000002.json'), JSON.stringify({ ...first, id: 'r000002' }));
    await writeFile(path.join(dir, 'current.json.123.tmp'), '{"id":"r0000');
    expect((await service.current())?.id).toBe(first.id);
    // The next publish goes on from the live release, past the orphan, which never enters the history.
    const next = await service.publish(uploadOf(examsArea('0.1.0+bbb')), 'ci');
    expect(next).toMatchObject({ id: 'r000003', parent: first.id });
    expect((await service.history()).map((r) => r.id)).toEqual(['r000003', 'r000001']);
  });
});

describe('rollback', () => {
  it('puts one app back to its previous version in one step', async () => {
    await init();
    await service.publish(uploadOf(examsArea('0.1.0+bbb')), 'ci');
    const back = await service.rollbackApp('@atrium/area-exams', 'night-ops');
    expect(back.modules['@atrium/area-exams']?.version).toBe('0.1.0+aaa');
    expect(back.change).toMatchObject({ kind: 'rollback', from: '0.1.0+bbb', toRelease: 'r000001' });
  });

  it("takes the widgets back to the full build's after their first publish, and forward again", async () => {
    const widgets = (marker: string) =>
      fixtureModule('@atrium/widgets', {
        kind: 'widgets',
        deps: [],
        version: `0.1.0+${marker}`,
        source:
          'customElements.define("atrium-notification-bar", class extends HTMLElement {});' +
          `customElements.define("atrium-dev-toolbar", class extends HTMLElement {}); /* ${marker} */ export {};`,
      });
    const first = await init();
    await service.publish(uploadOf(widgets('w1')), 'ci');
    const back = await service.rollbackApp('@atrium/widgets', 'night-ops');
    // No widgets module: legacy pages get the full build's bundle again, as before the publish.
    expect(back.modules).toEqual(first.modules);
    expect(back.change).toMatchObject({ kind: 'rollback', from: '0.1.0+w1', toRelease: first.id });
    expect(back.change.summary).toBe("@atrium/widgets 0.1.0+w1 -> the full build's (as in r000001)");
    // And the published one comes back by naming its release.
    const again = await service.rollbackApp('@atrium/widgets', 'night-ops', 'r000002');
    expect(again.modules['@atrium/widgets']?.version).toBe('0.1.0+w1');
    // With two publishes, the one before is the earlier publish; then the full build's.
    await service.publish(uploadOf(widgets('w2')), 'ci');
    expect((await service.rollbackApp('@atrium/widgets', 'ops')).modules['@atrium/widgets']?.version).toBe(
      '0.1.0+w1',
    );
    expect((await service.rollbackApp('@atrium/widgets', 'ops', first.id)).modules).toEqual(first.modules);
    // An app the full build always has is still refused when nothing earlier differs.
    const error = await refusal(service.rollbackApp('@atrium/area-exams', 'ops'));
    expect(error.code).toBe('not-found');
  });

  it('puts the whole platform back to an earlier release', async () => {
    const first = await init();
    await service.publish(uploadOf(examsArea('0.1.0+bbb')), 'ci');
    await service.publish(uploadOf(examsArea('0.1.0+ccc')), 'ci');
    const back = await service.rollbackRelease(first.id, 'night-ops');
    expect(back.modules).toEqual(first.modules);
    expect(await service.diff('r000003', back.id)).toEqual([
      { name: '@atrium/area-exams', from: '0.1.0+ccc', to: '0.1.0+aaa' },
    ]);
  });

  it('refuses a rollback to a version whose files were collected', async () => {
    await init();
    await service.publish(uploadOf(examsArea('0.1.0+bbb')), 'ci');
    await service.publish(uploadOf(examsArea('0.1.0+ccc')), 'ci');
    const removed = await service.gc(1);
    expect(removed).toHaveLength(2); // the area's two older builds
    const error = await refusal(service.rollbackApp('@atrium/area-exams', 'night-ops', 'r000001'));
    expect(error.code).toBe('missing-file');
    expect((await service.current())?.id).toBe('r000003');
  });
});

describe('canary', () => {
  it('serves the candidate to its audience only, then promotes or aborts it', async () => {
    const first = await init();
    const candidate = examsArea('0.2.0+ddd');
    const trial = await service.canary('@atrium/area-exams', uploadOf(candidate), { roles: ['root'] }, 'ops');
    expect(trial.modules).toEqual(first.modules);
    const root = viewFor(trial, { key: 'user:root', roles: ['root'] });
    const student = viewFor(trial, { key: 'user:student', roles: [] });
    expect(root.modules.find((m) => m.name === '@atrium/area-exams')?.version).toBe('0.2.0+ddd');
    expect(student.modules.find((m) => m.name === '@atrium/area-exams')?.version).toBe('0.1.0+aaa');
    // Only the canary's audience sees a new stamp ("Update available"); everyone else keeps theirs.
    expect(root.stamp > first.stamp).toBe(true);
    expect(student.stamp).toBe(first.stamp);

    const aborted = await service.abort('@atrium/area-exams', 'ops');
    expect(viewFor(aborted, { key: 'user:root', roles: ['root'] }).canaries).toEqual([]);
    await service.canary('@atrium/area-exams', '0.2.0+ddd', { percent: 50 }, 'ops');
    const promoted = await service.promote('@atrium/area-exams', 'ops');
    expect(promoted.modules['@atrium/area-exams']?.version).toBe('0.2.0+ddd');
    expect(promoted.canaries).toEqual({});
  });

  it('keeps each person in the same percentage bucket', async () => {
    await init();
    const trial = await service.canary(
      '@atrium/area-exams',
      uploadOf(examsArea('0.2.0+ddd')),
      { percent: 30 },
      'ops',
    );
    const keys = Array.from({ length: 400 }, (_, i) => `user:${i}`);
    const inCanary = keys.filter((key) => viewFor(trial, { key, roles: [] }).canaries.length > 0);
    expect(inCanary.length).toBeGreaterThan(80);
    expect(inCanary.length).toBeLessThan(160);
    for (const key of inCanary.slice(0, 20))
      expect(viewFor(trial, { key, roles: [] }).canaries).toHaveLength(1);
  });

  it('refuses an audience it cannot place people in', async () => {
    await init();
    const bad = refusal(service.canary('@atrium/area-exams', '0.1.0+aaa', { roles: ['dean'] }, 'ops'));
    expect((await bad).message).toContain('--roles takes root, hq, not dean');
    expect((await refusal(service.canary('@atrium/area-exams', 'x', { percent: 100 }, 'ops'))).code).toBe(
      'bad-arguments',
    );
  });
});
