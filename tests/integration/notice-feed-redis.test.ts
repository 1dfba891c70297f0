/**
 * The notice feed and the dismissals with two reference-server instances sharing one real redis-server
 * and no ATRIUM_FEED_KEY: a token made by one instance is read by the other (one key, kept in Redis), a
 * dismissal made through either is left out by both, two at once both stay, and sign-out ends them all;
 * after Redis lost the key, both instances are back on one key within a minute.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISMISS_NOTIFICATION_PATH as DISMISS } from '@atrium/api/routes';
import { FEED_TOKEN_PATH as FEED_TOKEN, NOTICE_FEED_PATH as FEED } from '@atrium/api/notice-feed-paths';
import { Client, startServer, type Running } from '@atrium/server/testing';
import { startRedis, type RunningRedis } from '../real/index.js';

const WIKI = 'https://wiki.school.test';
const INITIALIZE = '/lapi/rpc/common/ionic/initialize';

let redis: RunningRedis;
/** Both instances' clock, so a test can let a minute pass. */
let clock = Date.now();
let a: Running;
let b: Running;

beforeAll(async () => {
  redis = await startRedis();
  const options = { redisUrl: redis.url, embedOrigins: [WIKI], loginRateLimit: 1000, now: () => clock };
  a = await startServer(options);
  b = await startServer(options);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

function through(client: Client, server: Running): Client {
  const moved = new Client(server.url);
  moved.cookie = client.cookie;
  return moved;
}

async function feed(
  server: Running,
  token: string,
): Promise<{ status: number; ids: string[]; code?: string }> {
  const response = await new Client(server.url).post(FEED, { feed_token: token });
  const body = (await response.json()) as {
    system_notifications?: { id: string }[];
    error?: { code: string };
  };
  return {
    status: response.status,
    ids: (body.system_notifications ?? []).map((n) => n.id),
    ...(body.error ? { code: body.error.code } : {}),
  };
}

const initializeIds = async (client: Client): Promise<string[]> =>
  (
    (await (await client.post(INITIALIZE)).json()) as { system_notifications: { id: string }[] }
  ).system_notifications.map((n) => n.id);

describe('the notice feed and dismissals with two instances', () => {
  it('share the key, the dismissals (two at once included) and their end at sign-out', async () => {
    const onA = new Client(a.url);
    await onA.signIn('student');
    const onB = through(onA, b);

    const made = await onA.post(FEED_TOKEN, {}, { origin: WIKI });
    expect(made.status).toBe(200);
    const { feed_token: token } = (await made.json()) as { feed_token: string };
    expect((await feed(b, token)).status).toBe(200);

    const [first, second] = await Promise.all([
      onA.post(DISMISS, { id: 'welcome-gradebook' }, { origin: WIKI }),
      onB.post(DISMISS, { id: 'privacy-update' }, { origin: WIKI }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    for (const ids of [await initializeIds(onB), await initializeIds(onA), (await feed(a, token)).ids]) {
      expect(ids).not.toContain('welcome-gradebook');
      expect(ids).not.toContain('privacy-update');
      expect(ids).toContain('maintenance-tonight');
    }

    expect((await onB.post('/common/login/logout.php')).status).toBe(200);
    expect(await feed(a, token)).toMatchObject({ status: 401, code: 'signed-out' });
    const again = new Client(b.url);
    await again.signIn('student');
    expect(await initializeIds(again)).toEqual(
      expect.arrayContaining(['welcome-gradebook', 'privacy-update']),
    );
  });

  it('agree on one key again a minute after Redis lost it', async () => {
    const onA = new Client(a.url);
    await onA.signIn('student');
    const token = async (): Promise<string> =>
      ((await (await onA.post(FEED_TOKEN, {}, { origin: WIKI })).json()) as { feed_token: string })
        .feed_token;
    expect((await feed(b, await token())).status).toBe(200);
    const client = new Redis(redis.url);
    try {
      await client.del('atrium:feed-key');
    } finally {
      client.disconnect();
    }
    // An instance started now puts a new key there; A still seals with the one it read.
    const c = await startServer({ redisUrl: redis.url, embedOrigins: [WIKI], now: () => clock });
    try {
      expect((await feed(c, await token())).status).toBe(401);
      clock += 61_000;
      expect((await feed(c, await token())).status).toBe(200);
      expect((await feed(b, await token())).status).toBe(200);
    } finally {
      await c.close();
    }
  });
});
