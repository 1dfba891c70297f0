import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseError } from '../errors.js';
import { createFileReleaseStore } from '../file-store.js';
import { createReleaseService } from '../service.js';
import { baselineModules, initFrom } from '../test-fixtures.js';
import type { AppManifest } from '../types.js';
import { hasContentHash, pack } from './pack.js';
import type { PackOptions } from './pack.js';

let dir: string;
let build: string;

/**
 * A System build shaped like webpack's: the runtime names chunks with `r.u` and CSS chunks with
 * `r.miniCssF`, and an asset is reached through the public path by its literal name.
 */
const ENTRY = `System.register(["react"], function (e) {
  return { setters: [function () {}], execute: function () {
    var r = { p: "" };
    r.nc = void 0;
    r.u = (c) => c + ".js";
    r.miniCssF = function (c) { return "" + c + ".css"; };
    e({
      chunkFile: function (id) { return r.u(id); },
      cssFile: function (id) { return r.miniCssF(id); },
      logo: r.p + "logo.svg",
      nonce: function () { return r.nc; },
      bootstrap: function () {}, mount: function () {}, unmount: function () {}
    });
  } };
});`;

async function writeFiles(files: Record<string, string>): Promise<void> {
  await mkdir(build, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(build, name)), { recursive: true });
    await writeFile(path.join(build, name), text);
  }
}

function options(overrides: Partial<PackOptions> = {}): PackOptions {
  return {
    buildDir: build,
    name: '@uni/peer-app',
    outDir: path.join(dir, 'out'),
    builtAgainst: (dep) => (dep === 'react' ? '19.3.1' : undefined),
    builtOnRelease: null,
    ...overrides,
  };
}

/** Runs a packed System module's body on a page whose scripts carry `nonce`, and returns its exports. */
function exportsOf(source: string, nonce = 'n0nce'): Record<string, unknown> {
  const exported: Record<string, unknown> = {};
  const System = {
    register: (_deps: string[], declare: (e: (v: object) => void) => { execute: () => void }) =>
      declare((values) => Object.assign(exported, values)).execute(),
  };
  const document = { querySelector: (selector: string) => (selector === 'script[nonce]' ? { nonce } : null) };
  new Function('System', 'document', source)(System, document);
  return exported;
}

async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ReleaseError);
  return error as ReleaseError;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-pack-'));
  build = path.join(dir, 'dist');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('release pack', () => {
  it('gives unhashed files content-hashed names, rewrites the references and lists every file', async () => {
    await writeFiles({
      'uni-peer-app.js': ENTRY,
      '123.js': '(self.webpackChunk = self.webpackChunk || []).push([[123], {}]);',
      '123.css': '.late { color: red }',
      'uni-peer-app.css': '.app { background: url(./logo.svg) }',
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'uni-peer-app.js.map': '{}',
      'index.html': '<!doctype html>',
    });
    const result = await pack(options({ packageVersion: '1.2.0' }));
    const renamed = Object.fromEntries(result.renamed);
    expect(Object.keys(renamed).sort()).toEqual([
      '123.css',
      '123.js',
      'logo.svg',
      'uni-peer-app.css',
      'uni-peer-app.js',
    ]);
    for (const name of Object.values(renamed)) expect(hasContentHash(name)).toBe(true);
    expect(result.skipped).toEqual(['index.html', 'uni-peer-app.js.map']);

    const manifest = JSON.parse(
      await readFile(path.join(result.dir, 'manifest.json'), 'utf8'),
    ) as AppManifest;
    const mod = manifest.module;
    expect(mod).toMatchObject({
      name: '@uni/peer-app',
      kind: 'area',
      file: renamed['uni-peer-app.js'],
      url: `/assets/${renamed['uni-peer-app.js']}`,
      deps: ['react'],
      builtAgainst: { react: '19.3.1' },
    });
    expect(mod.version).toMatch(/^1\.2\.0\+[0-9a-f]{12}$/);
    expect(mod.files.map((f) => f.file).sort()).toEqual(Object.values(renamed).sort());
    expect(mod.css?.map((c) => c.file).sort()).toEqual(
      [renamed['123.css'], renamed['uni-peer-app.css']].sort(),
    );
    expect((await readdir(path.join(result.dir, 'assets'))).sort()).toEqual(Object.values(renamed).sort());

    // The runtime's names now lead to the stored files; the stylesheet names the renamed image.
    const entry = await readFile(path.join(result.dir, 'assets', mod.file), 'utf8');
    const exported = exportsOf(entry) as {
      chunkFile: (id: number) => string;
      cssFile: (id: number) => string;
      logo: string;
      nonce: () => string;
    };
    expect(exported.chunkFile(123)).toBe(renamed['123.js']);
    expect(exported.cssFile(123)).toBe(renamed['123.css']);
    expect(exported.chunkFile(456)).toBe('456.js');
    expect(exported.logo).toBe(renamed['logo.svg']);
    // style-loader's <style> tags get the page's nonce, which the page's CSP asks of every style.
    expect(exported.nonce()).toBe('n0nce');
    const css = await readFile(path.join(result.dir, 'assets', renamed['uni-peer-app.css']!), 'utf8');
    expect(css).toContain(`url(./${renamed['logo.svg']})`);
  });

  it('makes a directory the release service publishes, with the routes it serves', async () => {
    await writeFiles({ 'uni-peer-app.js': ENTRY, 'logo.svg': '<svg/>' });
    const service = createReleaseService({ store: createFileReleaseStore(path.join(dir, 'releases')) });
    await initFrom(service, baselineModules());
    const result = await pack(
      options({
        name: '@atrium/area-peer-app',
        routes: ['/peer-app/', 'peer-app/reviews'],
        label: 'Peer review',
        guard: 'signed-in',
      }),
    );
    const manifest: unknown = JSON.parse(await readFile(path.join(result.dir, 'manifest.json'), 'utf8'));
    const release = await service.publish(
      {
        manifest,
        readFile: (file) => readFile(path.join(result.dir, 'assets', file)).catch(() => null),
      },
      'team',
    );
    expect(release.modules['@atrium/area-peer-app']?.area).toEqual({
      routes: ['peer-app', 'peer-app/reviews'],
      label: 'Peer review',
      guard: 'signed-in',
    });
  });

  it('keeps names that already carry a content hash', async () => {
    await writeFiles({
      'app.3f2a9c1d7e5b4a60.js': ENTRY.replace('"logo.svg"', '"a1b2c3d4e5f6a7b8.svg"'),
      'a1b2c3d4e5f6a7b8.svg': '<svg/>',
    });
    const result = await pack(options());
    expect(result.renamed).toEqual([]);
    expect(result.manifest.module.file).toBe('app.3f2a9c1d7e5b4a60.js');
  });

  it('refuses to rename a chunk the entry loads by a name it cannot rewrite', async () => {
    await writeFiles({
      'app.js': ENTRY.replace('r.u = (c) => c + ".js";', 'r.load = function (c) { return c + ".js"; };'),
      '7.js': 'self.webpackChunk.push([[7], {}]);',
      'logo.svg': '<svg/>',
    });
    const error = await refusal(pack(options()));
    expect(error.code).toBe('bad-build');
    expect(error.message).toContain(
      '7.js has no content hash and app.js does not load it by a name pack can rewrite',
    );
    expect(error.message).toContain("output.chunkFilename '[name].[contenthash].js'");
    await expect(readdir(path.join(dir, 'out'))).rejects.toThrow();
  });

  it.each([
    ['a build with no System module', { 'app.js': 'console.log(1);' }, 'the build has no System module'],
    [
      'an ES module build, naming the fix',
      { 'app.js': 'import React from "react"; export const mount = () => React;' },
      "app.js is an ES module: Atrium loads areas with SystemJS, so build it as a System module (webpack: output.library.type 'system', or create-single-spa's outputSystemJS: true)",
    ],
    [
      'two entries',
      { 'a.js': ENTRY, 'b.js': ENTRY, 'logo.svg': '' },
      'the build has two entries (a.js, b.js): an area is one System module, so name it with --entry <file>',
    ],
    [
      'a file in a subdirectory',
      { 'app.js': ENTRY, 'logo.svg': '', 'img/x.png': '' },
      'img/x.png is in a subdirectory',
    ],
  ])('refuses %s and writes nothing', async (_what, files, message) => {
    await writeFiles(files);
    const error = await refusal(pack(options()));
    expect(error.message).toContain(message);
    await expect(readdir(path.join(dir, 'out'))).rejects.toThrow();
  });

  it('refuses a file outside the build directory, through a link or as --entry', async () => {
    await writeFiles({ 'app.js': ENTRY, 'logo.svg': '' });
    await writeFile(path.join(dir, 'secret.js'), ENTRY);
    expect((await refusal(pack(options({ entry: '../secret.js' })))).message).toContain(
      '../secret.js is outside the build directory',
    );
    await symlink(path.join(dir, 'secret.js'), path.join(build, 'linked.js'));
    expect((await refusal(pack(options({ entry: 'app.js' })))).message).toContain(
      'linked.js is outside the build directory',
    );
    await expect(readdir(path.join(dir, 'out'))).rejects.toThrow();
  });

  it('takes the entry --entry names when the build has two System modules', async () => {
    await writeFiles({ 'a.js': ENTRY, 'b.js': ENTRY, 'logo.svg': '' });
    const result = await pack(options({ entry: 'b.js' }));
    expect(result.manifest.module.file).toMatch(/^b\.[0-9a-f]{16}\.js$/);
  });

  it.each([
    [{ routes: ['Peer_App'] }, '--route Peer_App: a route is a path of lower-case letters'],
    [{ routes: ['peer'], guard: 'admins' }, '--guard admins: one of public, signed-in, root'],
    [{ label: 'Peer' }, '--label and --guard describe routes: give at least one --route'],
  ])('refuses bad area options %j', async (area, message) => {
    await writeFiles({ 'app.js': ENTRY, 'logo.svg': '' });
    expect((await refusal(pack(options(area)))).message).toContain(message);
  });

  it('refuses a build importing a shared module whose version is unknown', async () => {
    await writeFiles({ 'app.js': ENTRY, 'logo.svg': '' });
    const error = await refusal(pack(options({ builtAgainst: () => undefined })));
    expect(error.message).toContain(
      'app.js imports react, but no installed package tells which version it was built against',
    );
  });
});

describe('routes of a published area', () => {
  async function published(name: string, routes: string[]) {
    const service = createReleaseService({ store: createFileReleaseStore(path.join(dir, 'releases')) });
    if (!(await service.current())) await initFrom(service, baselineModules());
    await rm(path.join(dir, 'out'), { recursive: true, force: true });
    const result = await pack(options({ name, routes, outDir: path.join(dir, 'out') }));
    const manifest: unknown = JSON.parse(await readFile(path.join(result.dir, 'manifest.json'), 'utf8'));
    return service.publish(
      { manifest, readFile: (file) => readFile(path.join(result.dir, 'assets', file)).catch(() => null) },
      'team',
    );
  }

  it.each([
    [['home'], "@atrium/area-peer-app: the route /home is Atrium's own"],
    [['common/peer'], "the route /common/peer is Atrium's own"],
  ])('refuses a route under a built-in route or a server path: %j', async (routes, message) => {
    await writeFiles({ 'app.js': ENTRY, 'logo.svg': '' });
    const error = await refusal(published('@atrium/area-peer-app', routes));
    expect(error.code).toBe('route-taken');
    expect(error.message).toContain(message);
  });

  it("refuses a route inside another area's, and lets an area keep its own on a new version", async () => {
    await writeFiles({ 'app.js': ENTRY, 'logo.svg': '' });
    await published('@atrium/area-peer-app', ['peer-app']);
    const error = await refusal(published('@atrium/area-copycat', ['peer-app/reviews']));
    expect(error.message).toBe(
      "@atrium/area-copycat: the route /peer-app/reviews collides with /peer-app of @atrium/area-peer-app (two areas may not own the same paths, nor one inside the other's)",
    );
    await writeFiles({ 'app.js': ENTRY.replace('bootstrap', 'bootstrap: function () {}, b2') });
    const next = await published('@atrium/area-peer-app', ['peer-app', 'peer-app/reviews']);
    expect(next.modules['@atrium/area-peer-app']?.area?.routes).toEqual(['peer-app', 'peer-app/reviews']);
  });
});
