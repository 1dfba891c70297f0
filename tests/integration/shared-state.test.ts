/**
 * Two reference-server instances sharing one real redis-server (ATRIUM_REDIS_URL): sessions, acting-as,
 * the request log and the login rate limit hold across both, and an outage of Redis answers at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type Running } from '@atrium/server/testing';
import { clearLoginLimits, startRedis, stopRedisForAWhile, type RunningRedis } from '../real/index.js';

const INITIALIZE = '/lapi/rpc/common/ionic/initialize';
const LOGIN = '/common/login/login_actions.php';
const LOGOUT = '/common/login/logout.php';

let redis: RunningRedis;
let a: Running;
let b: Running;

/** The same browser talking to the other instance: its cookie and token go with it. */
function through(client: Client, server: Running): Client {
  const moved = new Client(server.url);
  moved.cookie = client.cookie;
  moved.token = client.token;
  return moved;
}

/** Forgets the login counts (every test client signs in from 127.0.0.1). */
const resetLoginLimit = (): Promise<void> => clearLoginLimits(redis);

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}

beforeAll(async () => {
  redis = await startRedis();
  // The same limit on both, counted once in Redis.
  a = await startServer({ redisUrl: redis.url, loginRateLimit: 4 });
  b = await startServer({ redisUrl: redis.url, loginRateLimit: 4 });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
});

describe('two instances sharing Redis', () => {
  it('a sign-in through A keeps working through B, acting-as included, and a sign-out on B ends it on A', async () => {
    const onA = new Client(a.url);
    await onA.boot('root');
    const onB = through(onA, b);
    const first = (await (await onB.post(INITIALIZE)).json()) as { sis: { user: { username: string } } };
    expect(first.sis.user.username).toBe('root');

    // The user switcher on B: A shows the switched-to user.
    expect((await onB.post('/lapi/rpc/dev/switch-user', { username: 'student' })).status).toBe(200);
    const switched = (await (await onA.post(INITIALIZE)).json()) as {
      sis: { user: { username: string }; acting_as: { original_username: string } | null };
    };
    expect(switched.sis.user.username).toBe('student');
    expect(switched.sis.acting_as).toEqual({ original_username: 'root' });
    expect((await onA.post('/lapi/rpc/dev/switch-back')).status).toBe(200);

    // One request log: B's page lists the calls A answered.
    const log = await (await onB.get('/lapi/telescope/requests')).text();
    expect(log).toContain('/lapi/rpc/dev/switch-back');

    expect((await onB.post(LOGOUT)).status).toBe(200);
    expect((await errorOf(await onA.post(INITIALIZE))).status).toBe(401);
    const cookieOnly = new Client(a.url);
    cookieOnly.cookie = onA.cookie;
    expect((await cookieOnly.post('/common/login/get_access_token.php')).status).toBe(401);
  });

  it('counts sign-in attempts across both instances', async () => {
    await resetLoginLimit();
    const wrong = { action: 'login', username: 'student', password: 'wrong-password' };
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a])
      statuses.push((await new Client(server.url).post(LOGIN, wrong)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const refused = await errorOf(await new Client(b.url).post(LOGIN, wrong));
    expect(refused).toMatchObject({ status: 429, code: 'rate-limited' });
    await resetLoginLimit();
  });

  it('while Redis is down: sign-in answers 503 at once, a session this instance knew keeps working, and all recovers', async () => {
    const known = new Client(a.url);
    await known.boot('faculty', 101);
    const bringBack = await stopRedisForAWhile(redis);

    const signIn = await new Client(a.url).post(LOGIN, {
      action: 'login',
      username: 'student',
      password: 'atrium-demo',
    });
    expect(await errorOf(signIn)).toEqual({
      status: 503,
      code: 'unavailable',
      message:
        'Sign-in is unavailable right now: the session store cannot be reached. Try again in a minute.',
    });
    // Known to A before the outage: still served; unknown to B: unavailable, not "signed out".
    expect((await known.post(INITIALIZE)).status).toBe(200);
    // A change to it is kept here meanwhile (a page's boot merges its legacy session data).
    const merged = await known.post('/common/api/lite/system/legacy_initialize', {
      session_data: { theme: 'dark' },
    });
    expect(merged.status).toBe(200);
    expect((await errorOf(await through(known, b).post(INITIALIZE))).status).toBe(503);

    redis = await bringBack();
    await expect
      .poll(async () => (await new Client(b.url).post(LOGIN, { action: 'lookup', username: 'x' })).status)
      .toBe(200);
    const after = new Client(b.url);
    await expect
      .poll(
        async () => {
          try {
            await after.boot('student');
            return 'signed in';
          } catch (error) {
            return (error as Error).message;
          }
        },
        { timeout: 10_000 },
      )
      .toBe('signed in');
    expect((await through(after, a).post(INITIALIZE)).status).toBe(200);
  });
});
