/**
 * What a publish must prove before it can change the import map: URLs that name only its own verified
 * files, names that follow the stated rules, stored files that never change, lifecycles as single-spa takes
 * them. Each refusal changes nothing live and names the rule.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseError } from './errors.js';
import { createFileReleaseStore } from './file-store.js';
import { createReleaseService, type ReleaseService } from './service.js';
import { baselineModules, fixtureModule, initFrom, manifestOf, sri, uploadOf } from './test-fixtures.js';
import type { FixtureModule } from './test-fixtures.js';
import type { ReleaseModule } from './types.js';

let dir: string;
let service: ReleaseService;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-release-verify-'));
  service = createReleaseService({ store: createFileReleaseStore(dir) });
  await initFrom(service, baselineModules());
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReleaseError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Publishes `fixture` with its module changed by `change`; the refusal, after checking nothing moved. */
async function refused(fixture: FixtureModule, change: Partial<ReleaseModule> = {}): Promise<ReleaseError> {
  const manifest = { ...manifestOf(fixture), module: { ...fixture.module, ...change } };
  const error = await refusal(service.publish(uploadOf(fixture, fixture.files, manifest), 'ci'));
  expect((await service.current())?.id).toBe('r000001');
  return error;
}

/** An area whose files are the entry plus one chunk. */
function withChunk(version: string): FixtureModule {
  const area = fixtureModule('@atrium/area-exams', { version, marker: version });
  const chunk = Buffer.from(`/* chunk ${version} */`);
  const file = `atrium-area-exams.1.${createHash('sha256').update(chunk).digest('hex').slice(0, 16)}.js`;
  return {
    module: {
      ...area.module,
      chunks: { extra: { file, url: `/assets/${file}`, integrity: sri(chunk) } },
      files: [...area.module.files, { file, integrity: sri(chunk), bytes: chunk.length }],
    },
    files: { ...area.files, [file]: chunk },
  };
}

describe('every URL in the map is one of the release’s own files under its base', () => {
  it.each([
    ['another origin', 'https://evil.example/atrium-area-exams.js'],
    ['a protocol-relative URL', '//evil.example/assets/x.js'],
    ['an HTML page', '/home'],
    ['another of its files', '/assets/react.js'],
  ])('refuses a manifest url naming %s', async (_what, url) => {
    const area = fixtureModule('@atrium/area-exams', { version: '0.1.0+url' });
    const error = await refused(area, { url });
    expect(error.code).toBe('bad-manifest');
    expect(error.message).toContain(
      `url is "${url}", but the map may name only the release's own verified files under its base: it must be "/assets/${area.module.file}"`,
    );
  });

  it('refuses a chunk whose url or integrity is not its file’s', async () => {
    const area = withChunk('0.1.0+chunk');
    const chunk = area.module.chunks['extra']!;
    const elsewhere = { extra: { ...chunk, url: 'https://evil.example/chunk.js' } };
    expect((await refused(area, { chunks: elsewhere })).message).toContain(
      'chunks.extra.url is "https://evil.example/chunk.js"',
    );
    const otherHash = { extra: { ...chunk, integrity: area.module.integrity } };
    expect((await refused(area, { chunks: otherHash })).message).toContain(
      `gives chunk extra (${chunk.file}) another hash than its file's`,
    );
    // As built, it goes live.
    await expect(service.publish(uploadOf(area), 'ci')).resolves.toMatchObject({ id: 'r000002' });
  });
});

describe('names', () => {
  it.each(['CON', 'con.js', 'LPT1.map', 'a..b.js', 'exams.js.'])(
    'refuses the file name %s, stating the rule',
    async (file) => {
      const area = fixtureModule('@atrium/area-exams', { version: '0.1.0+name' });
      const data = area.files[area.module.file]!;
      const renamed = {
        module: { ...area.module, file, url: `/assets/${file}`, files: [{ ...area.module.files[0]!, file }] },
        files: { [file]: data },
      };
      const error = await refused(renamed);
      expect(error.message).toContain(
        'is not a file name a release can hold: a file name is letters, digits',
      );
      expect(error.message).toContain('not a name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9');
    },
  );

  it.each(['a//b', '@uni/peer-app/', '@Uni/peer-app', '@uni/peer--app', '@uni//peer-app'])(
    'refuses the import-map name %s, stating the rule',
    async (name) => {
      const error = await refused(fixtureModule(name, { kind: 'area', version: '0.1.0+n' }));
      expect(error.message).toContain('is not an import-map name: an import-map name is @scope/name or name');
    },
  );

  it("accepts another team's scoped area, and refuses unscoped names and other kinds outside @atrium/", async () => {
    const peer = fixtureModule('@uni/peer-app', { kind: 'area', version: '1.0.0' });
    const release = await service.publish(uploadOf(peer), 'ci');
    expect(release.modules['@uni/peer-app']?.url).toBe(peer.module.url);
    const unscoped = await refusal(
      service.publish(uploadOf(fixtureModule('peer-app', { kind: 'area' })), 'ci'),
    );
    expect(unscoped.message).toContain("a name outside @atrium/ is another team's area: it must be scoped");
    const app = fixtureModule('@uni/portal', { kind: 'application' });
    expect((await refusal(service.publish(uploadOf(app), 'ci'))).message).toContain('its kind must be area');
  });

  it('keeps a name to its kind: an area cannot take the place of a shared module', async () => {
    const error = await refused(fixtureModule('@atrium/area-exams', { kind: 'shared', exports: ['x'] }));
    expect(error.message).toContain(
      '@atrium/area-exams is an area in release r000001, and a publish cannot make it a shared',
    );
  });
});

describe('stored files never change', () => {
  it('refuses a file name already stored with other bytes, and a rollback restores the exact bytes', async () => {
    const first = fixtureModule('@atrium/area-exams', { version: '0.2.0', marker: 'first' });
    await service.publish(uploadOf(first), 'ci');
    const stored = path.join(dir, 'assets', first.module.file);
    const original = await readFile(stored);

    // The next build under the same file name (a stock build without a content hash).
    const next = fixtureModule('@atrium/area-exams', { version: '0.3.0', marker: 'second' });
    const data = next.files[next.module.file]!;
    const sameName = {
      module: {
        ...next.module,
        file: first.module.file,
        url: first.module.url,
        files: [{ ...next.module.files[0]!, file: first.module.file }],
      },
      files: { [first.module.file]: data },
    };
    const error = await refusal(service.publish(uploadOf(sameName), 'ci'));
    expect(error.code).toBe('file-exists');
    expect(error.message).toContain(
      `${first.module.file} is already stored with other bytes, and stored files never change`,
    );
    expect((await readFile(stored)).equals(original)).toBe(true);
    expect((await service.current())?.id).toBe('r000002');

    await service.publish(
      uploadOf(fixtureModule('@atrium/area-exams', { version: '0.4.0', marker: 'third' })),
      'ci',
    );
    const back = await service.rollbackApp('@atrium/area-exams', 'ops', 'r000002');
    expect(back.modules['@atrium/area-exams']?.integrity).toBe(first.module.integrity);
    expect((await readFile(stored)).equals(original)).toBe(true);
  });

  it('takes the same file again with the same bytes (a chunk two builds share)', async () => {
    const area = fixtureModule('@atrium/area-exams', { version: '0.2.0', marker: 'same' });
    await service.publish(uploadOf(area), 'ci');
    await service.publish(uploadOf(fixtureModule('@atrium/area-exams', { version: '0.3.0' })), 'ci');
    await expect(service.rollbackApp('@atrium/area-exams', 'ops')).resolves.toMatchObject({ id: 'r000004' });
    await expect(
      service.publish(
        uploadOf(fixtureModule('@atrium/area-exams', { version: '0.2.1', marker: 'same' })),
        'ci',
      ),
    ).rejects.toThrow(/already live/);
  });
});

describe('lifecycles as single-spa accepts them', () => {
  it('publishes an area whose lifecycles are arrays of functions and which has no update', async () => {
    const source = `System.register(["react"], function (e) { return { setters: [function () {}], execute: function () {
      e({ bootstrap: [function () {}], mount: [function () {}, function () {}], unmount: function () {} }); } }; });`;
    const area = fixtureModule('@atrium/area-exams', { version: '0.5.0', source });
    await expect(service.publish(uploadOf(area), 'ci')).resolves.toMatchObject({ id: 'r000002' });
  });

  it("refuses an ES module build, naming webpack's and create-single-spa's fix", async () => {
    const area = fixtureModule('@atrium/area-exams', {
      version: '0.5.1',
      source: 'import React from "react";\nexport const bootstrap = async () => {};',
    });
    const error = await refused(area);
    expect(error.message).toContain(
      "output.library.type: 'system' (create-single-spa: outputSystemJS: true)",
    );
  });
});
