import { describe, expect, it } from 'vitest';
import {
  checkFiles,
  checkShared,
  checkSize,
  checkSystemModule,
  compatible,
  parseManifest,
} from './checks.js';
import { ReleaseError } from './errors.js';
import { fixtureModule, manifestOf } from './test-fixtures.js';
import type { Release } from './types.js';

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<ReleaseError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof ReleaseError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const live = (modules: ReturnType<typeof fixtureModule>[]): Release => ({
  id: 'r000001',
  parent: null,
  createdAt: '',
  stamp: '2026_01_01_000000',
  author: 't',
  change: { kind: 'baseline', summary: '' },
  modules: Object.fromEntries(modules.map((m) => [m.module.name, m.module])),
  canaries: {},
});

describe('parseManifest', () => {
  it('accepts what the build writes and names the wrong field otherwise', async () => {
    const area = fixtureModule('@atrium/area-exams');
    expect(parseManifest(manifestOf(area)).module.name).toBe('@atrium/area-exams');
    const bad = { ...manifestOf(area), module: { ...area.module, version: 'no spaces allowed' } };
    const error = await refusal(() => parseManifest(bad));
    expect(error.code).toBe('bad-manifest');
    expect(error.message).toContain('module.version');
  });

  it('refuses a file name that would leave the assets directory', async () => {
    const area = fixtureModule('@atrium/area-exams');
    const escaping = { ...area.module, files: [{ ...area.module.files[0]!, file: '../../etc/passwd' }] };
    expect((await refusal(() => parseManifest({ ...manifestOf(area), module: escaping }))).code).toBe(
      'bad-manifest',
    );
  });
});

describe('checkFiles', () => {
  const area = fixtureModule('@atrium/area-exams');
  const file = area.module.file;

  it('returns the verified bytes', async () => {
    const contents = await checkFiles(area.module, async (name) => area.files[name] ?? null);
    expect(contents.get(file)?.equals(area.files[file]!)).toBe(true);
  });

  it('refuses a missing file', async () => {
    const error = await refusal(checkFiles(area.module, async () => null));
    expect(error.code).toBe('missing-file');
    expect(error.message).toContain(`${file} is missing`);
  });

  it('refuses a truncated file', async () => {
    const error = await refusal(checkFiles(area.module, async () => area.files[file]!.subarray(0, 20)));
    expect(error.code).toBe('truncated-file');
    expect(error.message).toMatch(/is truncated \(20 of \d+ bytes\)/);
  });

  it('refuses a file that does not match its hash', async () => {
    const tampered = Buffer.from(
      area.files[file]!.toString('utf8').replace('bootstrap', 'bootstrap'.toUpperCase()),
    );
    const error = await refusal(checkFiles(area.module, async () => tampered));
    expect(error.code).toBe('integrity-mismatch');
    expect(error.message).toContain('does not match its SRI hash');
  });
});

describe('checkSystemModule', () => {
  const source = (fixture: ReturnType<typeof fixtureModule>) =>
    fixture.files[fixture.module.file]!.toString('utf8');

  it('reads an area without running it and finds its lifecycles', async () => {
    const area = fixtureModule('@atrium/area-exams');
    const exports = await checkSystemModule(area.module, source(area));
    expect(exports).toMatchObject({
      bootstrap: { kind: 'function' },
      mount: { kind: 'function' },
      unmount: { kind: 'function' },
    });
  });

  it('refuses an area without lifecycles, naming the missing ones', async () => {
    const area = fixtureModule('@atrium/area-exams', { exports: ['bootstrap'] });
    const error = await refusal(checkSystemModule(area.module, source(area)));
    expect(error.code).toBe('missing-lifecycles');
    expect(error.message).toContain('does not export the single-spa lifecycles mount, unmount');
  });

  it('refuses a file that is not a System module', async () => {
    const plain = fixtureModule('@atrium/area-exams', { source: 'export const mount = () => {};' });
    const error = await refusal(checkSystemModule(plain.module, source(plain)));
    expect(error.code).toBe('not-system-module');
    const script = fixtureModule('@atrium/area-exams', { source: 'window.mount = function () {};' });
    expect((await refusal(checkSystemModule(script.module, source(script)))).message).toContain(
      'never calls System.register',
    );
  });

  it('refuses a module whose imports differ from its manifest', async () => {
    const area = fixtureModule('@atrium/area-exams');
    const lying = { ...area.module, deps: ['react', 'single-spa'] };
    expect((await refusal(checkSystemModule(lying, source(area)))).code).toBe('bad-manifest');
  });

  it('refuses a shared module that drops an export the live one has', async () => {
    const api = fixtureModule('@atrium/api', { kind: 'shared', exports: ['api'] });
    const error = await refusal(checkSystemModule(api.module, source(api), ['api', 'findApp']));
    expect(error.code).toBe('missing-exports');
    expect(error.message).toContain('no longer exports findApp');
  });

  it('accepts lifecycles as arrays of functions and update as optional, as single-spa does', async () => {
    const source = `System.register([], function (e) { return { execute: function () {
      e({ bootstrap: [function () {}], mount: [async () => {}, async () => {}], unmount: function () {} }); } }; });`;
    const area = fixtureModule('@atrium/area-exams', { source, deps: [] });
    expect(Object.keys(await checkSystemModule(area.module, source))).toEqual([
      'bootstrap',
      'mount',
      'unmount',
    ]);
  });

  it('refuses a lifecycle that is certainly not a function, and a bad optional update', async () => {
    const source = (update: string) => `System.register([], function (e) { return { execute: function () {
      e({ bootstrap() {}, mount: 'mount', unmount() {}${update} }); } }; });`;
    const area = fixtureModule('@atrium/area-exams', { source: source(''), deps: [] });
    const error = await refusal(checkSystemModule(area.module, source('')));
    expect(error.code).toBe('missing-lifecycles');
    expect(error.message).toContain(
      'exports mount as a string: a single-spa lifecycle is a function or an array of functions',
    );
    const withUpdate = source(', update: 42').replace("mount: 'mount'", 'mount() {}');
    expect((await refusal(checkSystemModule(area.module, withUpdate))).message).toContain(
      'exports update as a number',
    );
  });

  it('refuses an ES module build with the fix in the message', async () => {
    const source = 'import { jsx } from "react/jsx-runtime";\nexport function mount() {}';
    const area = fixtureModule('@atrium/area-exams', { source, deps: [] });
    const error = await refusal(checkSystemModule(area.module, source));
    expect(error.code).toBe('not-system-module');
    expect(error.message).toContain(
      "webpack's output.library.type: 'system' (create-single-spa: outputSystemJS: true)",
    );
  });

  it('names what it could not read when a lifecycle is not found', async () => {
    const source = 'System.register([], function (e) { return { execute: function () { e(build()); } }; });';
    const area = fixtureModule('@atrium/area-exams', { source, deps: [] });
    const error = await refusal(checkSystemModule(area.module, source));
    expect(error.code).toBe('missing-lifecycles');
    expect(error.message).toContain(
      'what the check could not read without running it: the value handed to the export function is made at run time (line 1)',
    );
  });
});

describe('checkShared', () => {
  const react = fixtureModule('react', { version: '19.3.1+abc' });

  it('accepts an app built against the live minor of React', () => {
    const area = fixtureModule('@atrium/area-exams', { builtAgainst: { react: '19.3.4' } });
    expect(() => checkShared(area.module, live([react]))).not.toThrow();
  });

  it('refuses an app built against another minor of React', async () => {
    const area = fixtureModule('@atrium/area-exams', { builtAgainst: { react: '19.2.0' } });
    const error = await refusal(() => checkShared(area.module, live([react])));
    expect(error.code).toBe('incompatible-shared');
    expect(error.message).toContain('was built against react 19.2.0, but release r000001 has react 19.3.1');
  });

  it('refuses an app importing a module the live release lacks', async () => {
    const area = fixtureModule('@atrium/area-exams', { deps: ['react', 'single-spa'] });
    expect((await refusal(() => checkShared(area.module, live([react])))).message).toContain(
      'imports single-spa, which release r000001 does not have',
    );
  });

  it('refuses a shared module that live apps were not built against', async () => {
    const api = fixtureModule('@atrium/api', { kind: 'shared', version: '0.2.0+x' });
    const area = fixtureModule('@atrium/area-exams', {
      deps: ['@atrium/api'],
      builtAgainst: { '@atrium/api': '0.1.0' },
    });
    expect((await refusal(() => checkShared(api.module, live([area])))).message).toContain(
      'would break @atrium/area-exams',
    );
  });

  it('compares major and minor only', () => {
    expect(compatible('19.3.1', '19.3.9+abc')).toBe(true);
    expect(compatible('19.3.1', '19.4.0')).toBe(false);
    expect(compatible('18.3.1', '19.3.1')).toBe(false);
    expect(compatible('latest', '19.3.1')).toBe(false);
  });
});

describe('checkSize', () => {
  it('refuses a module over its budget, saying by how much', async () => {
    const area = fixtureModule('@atrium/area-exams');
    const big = { ...area.module, size: { bytes: 200_000, gzipBytes: 50 * 1024 } };
    const error = await refusal(() => checkSize(big));
    expect(error.code).toBe('over-budget');
    expect(error.message).toContain('is 50.0 KB gzip, over the 40 KB budget of an area');
    expect(() => checkSize(area.module)).not.toThrow();
  });
});
