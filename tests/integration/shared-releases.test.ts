/**
 * Releases shared through a real redis-server: two publishes at once (on two connections, as two instances
 * would) cannot both win; a publish through instance A is served by B on the next page load, a rollback
 * through B reaches A; while Redis is down pages keep the last known release and publishing is refused; when
 * Redis comes back empty (no persistence) the instances write the live release back, so none is lost.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFileAssetStore,
  createRedisReleaseStore,
  createReleaseService,
  RELEASE_KEYS,
} from '@atrium/releases';
import { baselineModules, examsArea, initFrom, uploadBody, uploadOf } from '@atrium/releases/testing';
import { startServer, type Running } from '@atrium/server/testing';
import { startRedis, type RunningRedis } from '../real/index.js';

const TOKEN = 'test-deploy-token-0123456789abcdef';
const TEMPLATE = `<!doctype html><html><head><meta name="atrium-build" content="{{BUILD_STAMP}}">
<script type="systemjs-importmap" nonce="{{NONCE}}">{{IMPORTMAP}}</script>{{PRELOADS}}</head><body></body></html>`;

let root: string;
let releasesDir: string;
let redis: RunningRedis;
let a: Running;
let b: Running;
const connections: Redis[] = [];

/** A release service on its own Redis connection, as a second instance or the CLI would have. */
function serviceOnOwnConnection() {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  connection.on('error', () => undefined); // the outage test stops Redis under it
  connections.push(connection);
  const store = createRedisReleaseStore(
    connection,
    createFileAssetStore(path.join(releasesDir, 'assets')),
    'test',
  );
  return createReleaseService({ store });
}

async function api(server: Running, pathname: string, payload: unknown) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(payload),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The area-exams URL in the import map a fresh page load of `server` inlines. */
async function examsOnPage(server: Running): Promise<string | undefined> {
  const html = await (await fetch(`${server.url}/home`)).text();
  const map = JSON.parse(/systemjs-importmap"[^>]*>([^<]*)</.exec(html)?.[1] ?? '{}') as {
    imports?: Record<string, string>;
  };
  return map.imports?.['@atrium/area-exams'];
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atrium-shared-releases-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(path.join(dist, 'importmap.json'), JSON.stringify({ imports: {} }));
  await writeFile(path.join(dist, 'build.json'), JSON.stringify({ stamp: '2025_10_27_103446' }));
  // One directory for the files of every release: in production a shared volume or object storage.
  releasesDir = path.join(root, 'releases');
  redis = await startRedis();
  const shared = { distDir: dist, releasesDir, deployToken: TOKEN, redisUrl: redis.url };
  a = await startServer(shared);
  b = await startServer(shared);
});

afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await a?.close();
  await b?.close();
  await redis?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('releases in Redis', () => {
  it('lets one of two simultaneous publishes win; the other gets a conflict and nothing is lost', async () => {
    const first = await initFrom(serviceOnOwnConnection(), baselineModules());
    const results = await Promise.allSettled([
      serviceOnOwnConnection().publish(uploadOf(examsArea('0.1.0+aaa2')), 'team-a'),
      serviceOnOwnConnection().publish(uploadOf(examsArea('0.1.0+bbb2')), 'team-b'),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    const winner = (won[0] as PromiseFulfilledResult<{ id: string }>).value;
    const history = await serviceOnOwnConnection().history();
    expect(history.map((r) => r.id)).toEqual([winner.id, first.id]);
  });

  it('serves a publish through A from B on the next page load, and a rollback through B on A', async () => {
    const next = examsArea('0.3.0+ccc');
    const published = await api(a, '/lapi/releases/publish', uploadBody(next));
    expect(published.status).toBe(200);
    expect(await examsOnPage(b)).toBe(next.module.url);
    // B serves the file A stored (the shared assets directory).
    expect((await fetch(`${b.url}${next.module.url}`)).status).toBe(200);

    const rolledBack = await api(b, '/lapi/releases/rollback', { app: '@atrium/area-exams' });
    expect(rolledBack.status).toBe(200);
    const onA = await examsOnPage(a);
    expect(onA).not.toBe(next.module.url);
    expect(onA).toBe(await examsOnPage(b));
  });

  it('keeps serving the last known release while Redis is down, and loses no release when it is back', async () => {
    const next = examsArea('0.4.0+ddd');
    expect((await api(a, '/lapi/releases/publish', uploadBody(next))).status).toBe(200);
    expect(await examsOnPage(b)).toBe(next.module.url);
    const live = await serviceOnOwnConnection().current();

    const port = redis.port;
    await redis.stop();
    // New page loads on both instances still get it; a publish is refused, clearly, at once.
    expect(await examsOnPage(a)).toBe(next.module.url);
    expect(await examsOnPage(b)).toBe(next.module.url);
    const refused = await api(b, '/lapi/releases/publish', uploadBody(examsArea('0.5.0+eee')));
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ error: { code: 'unavailable' } });

    // Back, but empty (this redis-server keeps nothing on disk): the instances write the live release back.
    redis = await startRedis({ port });
    const check = new Redis(redis.url);
    connections.push(check);
    await expect.poll(() => check.get(RELEASE_KEYS.current), { timeout: 10_000 }).toBe(live?.id);
    expect(await examsOnPage(a)).toBe(next.module.url);
    // Publishing works again and continues the history.
    const after = await api(b, '/lapi/releases/publish', uploadBody(examsArea('0.5.0+eee')));
    expect(after.status).toBe(200);
    // Instance A serves it once its own connection is back: each instance reconnects on its own backoff (up
    // to 2 s apart), and until then A keeps serving the last release it knew (seen in CI: one page load
    // on A between B's publish and A's reconnect got the release before).
    await expect.poll(() => examsOnPage(a), { timeout: 10_000 }).toBe(examsArea('0.5.0+eee').module.url);
  });
});
