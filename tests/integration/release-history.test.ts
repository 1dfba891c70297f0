/**
 * The release history survives Redis losing its data, against a real redis-server (and a real S3 API server
 * for ATRIUM_ASSETS=s3): every release is also kept in the durable store (the shared release directory, or
 * the bucket), so after FLUSHALL and a restart of the instances the whole history is back, not just the
 * releases one instance happened to remember, and rollbacks to any of them work. The CLI's store restores it
 * too, and `export` / `import` carry it to an empty installation.
 */
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDirectoryHistory,
  createFileAssetStore,
  createRedisReleaseStore,
  createReleaseService,
  RELEASE_KEYS,
  releaseStoreFromEnv,
  s3ClientOf,
  type AssetsConfig,
  type ReleaseService,
} from '@atrium/releases';
import { baselineModules, examsArea, initFrom, uploadBody, uploadOf } from '@atrium/releases/testing';
import { startServer, type Running } from '@atrium/server/testing';
import { run } from '../../scripts/release';
import { startRedis, startS3, type RunningRedis, type RunningS3 } from '../real/index.js';

const TOKEN = 'test-deploy-token-0123456789abcdef';
const TEMPLATE = `<!doctype html><html><head><meta name="atrium-build" content="{{BUILD_STAMP}}">
<script type="systemjs-importmap" nonce="{{NONCE}}">{{IMPORTMAP}}</script>{{PRELOADS}}</head><body></body></html>`;
const BUCKET = 'atrium-history';

let root: string;
let dist: string;
let redis: RunningRedis;
let s3: RunningS3;
const servers: Running[] = [];
const closers: (() => void)[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atrium-release-history-'));
  dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(path.join(dist, 'importmap.json'), JSON.stringify({ imports: {} }));
  await writeFile(path.join(dist, 'build.json'), JSON.stringify({ stamp: '2025_10_27_103446' }));
  redis = await startRedis();
  s3 = await startS3({ buckets: [BUCKET] });
});

afterAll(async () => {
  for (const close of closers) close();
  for (const server of servers) await server.close();
  await redis?.stop();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

async function flushRedis(): Promise<void> {
  const connection = new Redis(redis.url);
  try {
    await connection.flushall();
  } finally {
    connection.disconnect();
  }
}

/** A release service as `npm run release` opens it from the environment (Redis mode). */
function cliService(env: NodeJS.ProcessEnv): ReleaseService {
  const opened = releaseStoreFromEnv({ ATRIUM_REDIS_URL: redis.url, ...env }, root);
  closers.push(opened.close);
  return createReleaseService({ store: opened.store });
}

async function start(releasesDir: string, assets?: AssetsConfig): Promise<Running> {
  const server = await startServer({
    distDir: dist,
    releasesDir,
    deployToken: TOKEN,
    redisUrl: redis.url,
    ...(assets ? { assets } : {}),
  });
  servers.push(server);
  // A freshly started instance answers 503 until its Redis connection is up (it never queues commands):
  // what a load balancer's readiness check waits for.
  await expect
    .poll(
      async () =>
        (await fetch(`${server.url}/lapi/releases`, { headers: { authorization: `Bearer ${TOKEN}` } }))
          .status,
      {
        timeout: 10_000,
      },
    )
    .not.toBe(503);
  return server;
}

async function stop(server: Running): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

async function api(server: Running, method: 'GET' | 'POST', pathname: string, payload?: unknown) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return { status: response.status, json: (await response.json()) as { data?: unknown; error?: unknown } };
}

/** init, then `count - 1` publishes through the instances' API, alternating; the last version. */
async function releaseMany(service: ReleaseService, instances: Running[], count: number): Promise<string> {
  await initFrom(service, baselineModules());
  let version = '';
  for (let n = 2; n <= count; n++) {
    version = `0.2.${n}+h${n}`;
    const published = await api(instances[n % instances.length]!, 'POST', '/lapi/releases/publish', {
      ...uploadBody(examsArea(version)),
      author: 'ci-bot',
    });
    expect(published.status).toBe(200);
  }
  return version;
}

interface Entry {
  id: string;
  author: string;
}

const historyOf = async (server: Running): Promise<Entry[]> =>
  (await api(server, 'GET', '/lapi/releases/history')).json.data as Entry[];

describe('release history with the release directory as the durable store', () => {
  it('comes back whole after FLUSHALL and a restart, and rollbacks to any release work', async () => {
    const releasesDir = path.join(root, 'shared-releases');
    const cli = cliService({ ATRIUM_RELEASES_DIR: releasesDir });
    let a = await start(releasesDir);
    let b = await start(releasesDir);
    await releaseMany(cli, [a, b], 15);
    const before = await historyOf(a);
    expect(before).toHaveLength(15);
    expect(before[0]!.author).toBe('ci-bot (deploy token)');
    // Kept durably as it went live: one file per release, and the live id.
    expect(
      (await readdir(path.join(releasesDir, 'releases'))).filter((f) => f.endsWith('.json')),
    ).toHaveLength(15);

    await flushRedis();
    await stop(a);
    await stop(b);
    a = await start(releasesDir);
    b = await start(releasesDir);

    expect((await historyOf(a)).map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect((await historyOf(b)).map((e) => e.id)).toEqual(before.map((e) => e.id));
    // Rolling back works, to the previous version and to the very first release.
    const back = await api(b, 'POST', '/lapi/releases/rollback', { app: '@atrium/area-exams' });
    expect(back.status).toBe(200);
    expect(back.json.data).toMatchObject({ release: { id: 'r000016', change: { kind: 'rollback' } } });
    const first = await api(a, 'POST', '/lapi/releases/rollback', { release: 'r000001' });
    expect(first.status).toBe(200);
    // Asking for the same again changes nothing, and says so.
    const again = await api(a, 'POST', '/lapi/releases/rollback', { release: 'r000001' });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'unchanged' });

    // The CLI, on its own connection, restores an emptied Redis as well (no instance needed).
    await flushRedis();
    expect(await cli.history()).toHaveLength(17);
    await stop(a);
    await stop(b);
  });

  it('refuses a publish it cannot keep durably, and nothing goes live', async () => {
    await flushRedis();
    const releasesDir = path.join(root, 'unwritable');
    const cli = cliService({ ATRIUM_RELEASES_DIR: releasesDir });
    const a = await start(releasesDir);
    await initFrom(cli, baselineModules());
    // The volume goes away under the release files (here: a plain file where their directory was).
    await rm(path.join(releasesDir, 'releases'), { recursive: true });
    await writeFile(path.join(releasesDir, 'releases'), '');
    const refused = await api(a, 'POST', '/lapi/releases/publish', uploadBody(examsArea('0.9.0+lost')));
    expect(refused.status).toBe(503);
    expect(refused.json.error).toMatchObject({ code: 'unavailable' });
    expect((await cli.current())?.id).toBe('r000001');
    await stop(a);
  });

  it('holds gc and publishes behind the lock in Redis, which another holder keeps until it lets go', async () => {
    await flushRedis();
    const releasesDir = path.join(root, 'locked');
    const connection = new Redis(redis.url);
    closers.push(() => connection.disconnect());
    const store = createRedisReleaseStore(
      connection,
      createFileAssetStore(path.join(releasesDir, 'assets')),
      'test',
      { history: createDirectoryHistory(releasesDir), lockTimeoutMs: 300 },
    );
    const service = createReleaseService({ store });
    await initFrom(service, baselineModules());
    await service.publish(uploadOf(examsArea('0.2.0+lock')), 'ci');
    // Another instance (or CLI) holds the publish lock.
    await connection.set(RELEASE_KEYS.lock, 'someone-else', 'PX', 60_000);
    await expect(service.gc(1)).rejects.toMatchObject({ code: 'locked' });
    await expect(service.publish(uploadOf(examsArea('0.3.0+lock')), 'ci')).rejects.toMatchObject({
      code: 'locked',
    });
    expect(await store.assets.list()).toHaveLength(3);
    await connection.del(RELEASE_KEYS.lock);
    expect(await service.gc(1)).toHaveLength(1);
    // Every holder lets go: the key is gone again.
    expect(await connection.exists(RELEASE_KEYS.lock)).toBe(0);
  });

  it('exports the history to a file and imports it into an empty installation', async () => {
    await flushRedis();
    const from = path.join(root, 'export-from');
    const cli = cliService({ ATRIUM_RELEASES_DIR: from });
    const a = await start(from);
    const last = await releaseMany(cli, [a], 5);
    const file = path.join(root, 'history.json');
    expect(await run(['export', file], cli, dist)).toEqual([
      `exported 5 release(s), r000005 live, to ${file}`,
    ]);
    await stop(a);

    // A new installation: empty Redis, empty release directory, the asset files restored beside the backup.
    await flushRedis();
    const to = path.join(root, 'import-to');
    await mkdir(to, { recursive: true });
    const { cp } = await import('node:fs/promises');
    await cp(path.join(from, 'assets'), path.join(to, 'assets'), { recursive: true });
    const fresh = cliService({ ATRIUM_RELEASES_DIR: to });
    expect(await run(['import', file], fresh, dist)).toEqual(['imported 5 release(s); r000005 live']);
    expect((await fresh.current())?.modules['@atrium/area-exams']?.version).toBe(last);
    expect(await fresh.history()).toHaveLength(5);
    // Importing again adds nothing; a backup whose release differs from the one held here changes nothing.
    expect(await run(['import', file], fresh, dist)).toEqual(['imported 0 release(s); r000005 live']);
    const backup = JSON.parse(await readFile(file, 'utf8')) as { releases: { author: string }[] };
    backup.releases[2]!.author = 'someone else';
    await writeFile(file, JSON.stringify(backup));
    await expect(run(['import', file], fresh, dist)).rejects.toMatchObject({ code: 'conflict' });
    // And the instance started on it serves the imported release, and rolls back within it.
    const b = await start(to);
    expect(await historyOf(b)).toHaveLength(5);
    expect((await api(b, 'POST', '/lapi/releases/rollback', { release: 'r000002' })).status).toBe(200);
    await stop(b);
  });
});

describe('release history with S3 assets', () => {
  it('is kept in the bucket and comes back after FLUSHALL, with no release directory shared', async () => {
    await flushRedis();
    const assets: AssetsConfig = {
      kind: 's3',
      bucket: BUCKET,
      prefix: 'atrium/assets/',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      publicUrl: null,
      credentials: s3.credentials,
    };
    const env = {
      ATRIUM_ASSETS: 's3',
      ATRIUM_ASSETS_S3_BUCKET: BUCKET,
      ATRIUM_ASSETS_S3_PREFIX: 'atrium/assets/',
      ATRIUM_ASSETS_S3_ENDPOINT: s3.endpoint,
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    const saved = { ...process.env };
    Object.assign(process.env, env); // the SDK reads the credentials from the environment
    try {
      const cli = cliService({ ...env, ATRIUM_RELEASES_DIR: path.join(root, 's3-cli') });
      // Each instance with a directory of its own: only the bucket is shared.
      let a = await start(path.join(root, 's3-a'), assets);
      await releaseMany(cli, [a], 6);
      const client = s3ClientOf({ ...assets });
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'atrium/releases/' }),
      );
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([
        'atrium/releases/current.json',
        ...[1, 2, 3, 4, 5, 6].map((n) => `atrium/releases/r00000${n}.json`),
      ]);

      await flushRedis();
      await stop(a);
      a = await start(path.join(root, 's3-b'), assets);
      expect(await historyOf(a)).toHaveLength(6);
      expect((await api(a, 'POST', '/lapi/releases/rollback', { release: 'r000002' })).status).toBe(200);
      // gc never takes a history object for an asset file.
      await cli.gc(1);
      const after = await client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'atrium/releases/' }),
      );
      expect(after.Contents ?? []).toHaveLength(8);
      await stop(a);
    } finally {
      process.env = saved;
    }
  });
});
