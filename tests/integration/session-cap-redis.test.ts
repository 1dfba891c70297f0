/**
 * The cap on live sessions per account with sessions in a real redis-server, signed in through two
 * instances: the oldest session ends on both, whichever instance made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Client, startServer, type Running } from '@atrium/server/testing';
import { startRedis, type RunningRedis } from '../real/index.js';

const INITIALIZE = '/lapi/rpc/common/ionic/initialize';

let redis: RunningRedis;
let a: Running;
let b: Running;

beforeAll(async () => {
  redis = await startRedis();
  a = await startServer({ redisUrl: redis.url, sessionsPerAccount: 2 });
  b = await startServer({ redisUrl: redis.url, sessionsPerAccount: 2 });
});

afterAll(async () => {
  await a.close();
  await b.close();
  await redis.stop();
});

/** Signs in once Redis is connected (each instance connects in the background). */
async function booted(server: Running, username: string): Promise<Client> {
  const client = new Client(server.url);
  await expect
    .poll(
      async () => {
        try {
          await client.boot(username);
          return 'signed in';
        } catch (error) {
          return (error as Error).message;
        }
      },
      { timeout: 10_000 },
    )
    .toBe('signed in');
  return client;
}

describe('live sessions per account, shared in Redis', () => {
  it('a sign-in beyond the cap on either instance ends the oldest session everywhere', async () => {
    const hq = await booted(b, 'hq');
    const first = await booted(a, 'student');
    const second = await booted(b, 'student');
    expect((await first.post(INITIALIZE)).status).toBe(200);

    const third = await booted(a, 'student');
    for (const server of [a, b]) {
      const onServer = new Client(server.url);
      onServer.token = first.token;
      expect((await onServer.post(INITIALIZE)).status).toBe(401);
    }
    expect((await second.post(INITIALIZE)).status).toBe(200);
    expect((await third.post(INITIALIZE)).status).toBe(200);
    expect((await hq.post(INITIALIZE)).status).toBe(200);

    // Redis holds the two live sessions of the account and nothing of the ended one.
    const admin = new Redis(redis.url);
    try {
      expect(await admin.llen('atrium:account-sessions:student')).toBe(2);
      expect(await admin.keys('atrium:session:*')).toHaveLength(3);
      expect(await admin.keys('atrium:session-token:*')).toHaveLength(3);
    } finally {
      admin.disconnect();
    }
  });
});
