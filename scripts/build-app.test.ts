/**
 * `npm run build -- --app <name>`: one compilation, against the shared modules (externals, never bundled),
 * with a manifest the release checks accept. Builds the real exams area (a few seconds).
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFiles, checkSystemModule, parseManifest } from '@atrium/releases';
import type { AppManifest } from '@atrium/releases';
import { BuildError, buildOneApp } from './build';
import { optionsFromEnv } from '../webpack.config';

const require = createRequire(import.meta.url);
const REACT_VERSION = (require('react/package.json') as { version: string }).version;

let out: string;
let dir: string;
let manifest: AppManifest;

beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'atrium-build-app-'));
  const options = { ...optionsFromEnv('production'), outDir: out, warn: () => {} };
  dir = await buildOneApp(options, 'area-exams');
  manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
}, 180_000);
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('npm run build -- --app area-exams', () => {
  it('writes the app alone into its own versioned folder', async () => {
    expect(path.relative(out, dir)).toBe(path.join('atrium-area-exams', manifest.module.version));
    expect(manifest.module).toMatchObject({ name: '@atrium/area-exams', kind: 'area' });
    expect(manifest.module.version).toMatch(/^0\.1\.0\+[0-9a-f]{12}$/);
    const files = await readdir(path.join(dir, 'assets'));
    expect(files.sort()).toEqual(manifest.module.files.map((f) => f.file).sort());
    expect(files.every((file) => file.startsWith('atrium-area-exams'))).toBe(true);
  });

  it('lists every file with its SRI hash and records what it was built against', async () => {
    const contents = await checkFiles(manifest.module, (file) => readFile(path.join(dir, 'assets', file)));
    expect(contents.size).toBe(manifest.module.files.length);
    expect(manifest.module.builtAgainst['react']).toBe(REACT_VERSION);
    expect(manifest.module.deps).toEqual(expect.arrayContaining(['react', '@atrium/ui']));
    expect(manifest.module.size.gzipBytes).toBeGreaterThan(1000);
  });

  it('records the commit of the checkout it was built in, and the release checks accept it', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    expect(manifest.module.commit).toBe(head);
  });

  it('keeps the shared modules external and exports the lifecycles of an area', async () => {
    const source = await readFile(path.join(dir, 'assets', manifest.module.file), 'utf8');
    expect(source).not.toContain('react.transitional.element');
    // Read without running it: the lifecycles come from a call when the module runs.
    const exports = await checkSystemModule(manifest.module, source);
    expect(Object.keys(exports)).toEqual(expect.arrayContaining(['bootstrap', 'mount', 'unmount']));
  });

  it('refuses a name that is not an app', async () => {
    const options = { ...optionsFromEnv('production'), outDir: out, warn: () => {} };
    await expect(buildOneApp(options, 'react')).rejects.toThrow(BuildError);
    await expect(buildOneApp(options, 'area-nope')).rejects.toThrow(/no app named area-nope; one of: api, /);
  });
});
