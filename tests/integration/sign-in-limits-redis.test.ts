/**
 * The sign-in limits when the Redis they count in misbehaves, with a real redis-server: connected but
 * refusing writes (memory full under `noeviction`, a read-only replica of a master that is gone), and
 * stopped. Sign-in fails closed before any password is tested; external starts fall back to counting in
 * this process.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Client, startServer, type Running } from '@atrium/server/testing';
import {
  clearLoginLimits,
  freePort,
  startRedis,
  stopRedisForAWhile,
  type RunningRedis,
} from '../real/index.js';

const LOGIN = '/common/login/login_actions.php';
const UNAVAILABLE =
  'Sign-in is unavailable right now: sign-in attempts cannot be counted. Try again in a minute.';

let redis: RunningRedis;
let admin: Redis;
let server: Running;

async function answer(body: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const response = await new Client(server.url).post(LOGIN, body);
  return { status: response.status, text: await response.text() };
}

const wrong = { action: 'login', username: 'student', password: 'not-the-password' };
const right = { action: 'login', username: 'student', password: 'atrium-demo' };
const start = { action: 'external_start', username: 'sso' };

/** A wrong and a right password get the same 503: the answer says nothing about the password. */
async function expectFailsClosed(): Promise<void> {
  const guess = await answer(wrong);
  const owner = await answer(right);
  expect(guess.status).toBe(503);
  expect(JSON.parse(guess.text)).toEqual({ error: { code: 'unavailable', message: UNAVAILABLE } });
  expect(owner).toEqual(guess);
}

/** Three external starts pass, the fourth is refused: the limit is counted somewhere. */
async function expectStartsLimited(): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await answer(start)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
}

/** An admin connection that stays quiet while Redis is stopped on purpose. */
function connectAdmin(): Redis {
  const client = new Redis(redis.url);
  client.on('error', () => undefined);
  return client;
}

beforeAll(async () => {
  redis = await startRedis();
  admin = connectAdmin();
});

// A fresh instance per case: the in-process fallback counts of one case must not leak into the next.
beforeEach(async () => {
  server = await startServer({ redisUrl: redis.url, externalStartRateLimit: 3 });
  for (let tries = 0; tries < 50 && !server.app.atrium.redis?.isUp(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterEach(async () => {
  await server.close();
  await clearLoginLimits(redis);
});

afterAll(async () => {
  admin.disconnect();
  await redis.stop();
});

describe('Redis connected but refusing writes', () => {
  it('counts as usual while Redis takes writes', async () => {
    expect((await answer(wrong)).status).toBe(401);
  });

  it('memory full under noeviction: sign-in answers 503 before the password is tested', async () => {
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1');
    try {
      await expectFailsClosed();
      await expectStartsLimited();
    } finally {
      await admin.config('SET', 'maxmemory', '0');
    }
    expect((await answer(wrong)).status).toBe(401);
  });

  it('a read-only replica of a master that is gone: the same', async () => {
    await admin.replicaof('127.0.0.1', await freePort());
    try {
      await expectFailsClosed();
      await expectStartsLimited();
    } finally {
      await admin.replicaof('NO', 'ONE');
    }
    expect((await answer(wrong)).status).toBe(401);
  });
});

describe('Redis stopped', () => {
  it('external starts are still limited, counted in this process; sign-in answers 503', async () => {
    const bringBack = await stopRedisForAWhile(redis);
    try {
      await expect.poll(async () => (await answer(wrong)).status, { timeout: 10_000 }).toBe(503);
      expect((await answer(right)).status).toBe(503);
      await expectStartsLimited();
    } finally {
      redis = await bringBack();
      admin.disconnect();
      admin = connectAdmin();
    }
    await expect.poll(async () => (await answer(wrong)).status, { timeout: 10_000 }).toBe(401);
  });
});
