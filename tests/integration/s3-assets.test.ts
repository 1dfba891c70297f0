/**
 * Release files on S3 (ATRIUM_ASSETS=s3) against a real S3 API server (s3rver): publish uploads the verified
 * files with immutable cache headers, the release's map points at their public URL with the same SRI
 * hashes, and what a browser then fetches from there is exactly what was checked.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMMUTABLE,
  assetsConfigFromEnv,
  createFileReleaseStore,
  createReleaseService,
  createS3AssetStore,
  importMapOf,
  viewFor,
  type S3AssetOptions,
} from '@atrium/releases';
import { baselineModules, fixtureModule, initFrom, sri, uploadOf } from '@atrium/releases/testing';
import { startS3, type RunningS3 } from '../real/index.js';

const BUCKET = 'atrium-assets';
let s3: RunningS3;
let dir: string;
let options: S3AssetOptions;

beforeAll(async () => {
  s3 = await startS3({ buckets: [BUCKET] });
  dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-s3-assets-'));
  options = {
    bucket: BUCKET,
    prefix: 'atrium/assets/',
    region: 'us-east-1',
    endpoint: s3.endpoint,
    publicUrl: null,
    credentials: s3.credentials,
  };
});

afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('release files on S3', () => {
  it('publish uploads the files immutable and the map points at their public URL, integrity unchanged', async () => {
    const assets = createS3AssetStore(options);
    const service = createReleaseService({ store: createFileReleaseStore(dir, { assets }) });
    await initFrom(service, baselineModules());
    const next = fixtureModule('@atrium/area-exams', { version: '0.2.0+s3', marker: 's3' });
    const release = await service.publish(uploadOf(next), 'ci');

    const live = release.modules['@atrium/area-exams']!;
    const url = `${s3.endpoint}/${BUCKET}/atrium/assets/${next.module.file}`;
    expect(live.url).toBe(url);
    expect(live.integrity).toBe(next.module.integrity);
    const map = importMapOf(viewFor(release, { key: null, roles: [] }));
    expect(map.imports['@atrium/area-exams']).toBe(url);
    expect(map.integrity[url]).toBe(next.module.integrity);

    // What a browser gets from that URL: the verified bytes, cacheable for ever.
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(answer.headers.get('content-type')).toContain('javascript');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(sri(bytes)).toBe(next.module.integrity);

    expect(await assets.list()).toContain(next.module.file);
    // A rollback checks the files are still there, from the bucket.
    const back = await service.rollbackApp('@atrium/area-exams', 'ops');
    expect(back.modules['@atrium/area-exams']!.version).toBe('0.1.0+aaa');
  });

  it('points at the CDN when a public base URL is set', () => {
    const assets = createS3AssetStore({ ...options, publicUrl: 'https://cdn.example.edu/atrium' });
    expect(assets.urlOf?.('app.1234.js')).toBe('https://cdn.example.edu/atrium/app.1234.js');
  });

  it('refuses settings that cannot work, with the setting named', () => {
    expect(() => assetsConfigFromEnv({ ATRIUM_ASSETS: 'ftp' })).toThrow(
      'ATRIUM_ASSETS must be local or s3, not "ftp"',
    );
    expect(() => assetsConfigFromEnv({ ATRIUM_ASSETS: 's3' })).toThrow('set ATRIUM_ASSETS_S3_BUCKET');
    expect(() =>
      assetsConfigFromEnv({
        ATRIUM_ASSETS: 's3',
        ATRIUM_ASSETS_S3_BUCKET: 'b',
        ATRIUM_ASSETS_PUBLIC_URL: 'cdn',
      }),
    ).toThrow('ATRIUM_ASSETS_PUBLIC_URL must be an http(s) URL');
    expect(() =>
      assetsConfigFromEnv({
        ATRIUM_ASSETS: 's3',
        ATRIUM_ASSETS_S3_BUCKET: 'b',
        ATRIUM_ASSETS_S3_PREFIX: '../x/',
      }),
    ).toThrow('ATRIUM_ASSETS_S3_PREFIX');
  });

  it('answers an unreachable bucket with a clear refusal, not a hang', async () => {
    const assets = createS3AssetStore({ ...options, endpoint: 'http://127.0.0.1:9' });
    await expect(assets.put('app.js', Buffer.from('x'))).rejects.toMatchObject({ code: 'unavailable' });
  });
});
