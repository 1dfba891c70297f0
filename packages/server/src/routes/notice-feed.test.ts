/**
 * The notice feed through the real server: a token only for a listed embed origin's page, read back server
 * to server, refused when tampered, expired, after sign-out or a user switch; and dismissals kept in the
 * session, left out of initialize and of the feed, gone with the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISMISS_NOTIFICATION_PATH as DISMISS } from '@atrium/api/routes';
import { FEED_TOKEN_PATH as FEED_TOKEN, NOTICE_FEED_PATH as FEED } from '@atrium/api/notice-feed-paths';
import { Client, startServer, type Running } from '../test-helpers.js';
import { feedCipherKey, sealFeedToken } from '../security/feed-token.js';

const WIKI = 'https://wiki.school.test';
const INITIALIZE = '/lapi/rpc/common/ionic/initialize';
const KEY = 'a-feed-key-of-at-least-32-characters';

let server: Running;
let clock = Date.now();
beforeAll(async () => {
  server = await startServer({ loginRateLimit: 1000, embedOrigins: [WIKI], feedKey: KEY, now: () => clock });
});
afterAll(() => server.close());

async function signedIn(username: string): Promise<Client> {
  const client = new Client(server.url);
  await client.signIn(username);
  return client;
}

/** The widgets' call from the wiki's page: the session cookie, the wiki's Origin. */
async function feedToken(client: Client): Promise<string> {
  const response = await client.post(FEED_TOKEN, {}, { origin: WIKI });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe(WIKI);
  const body = (await response.json()) as { feed_token: string; expires_in: number };
  expect(body.expires_in).toBe(300);
  return body.feed_token;
}

/** The PHP helper's call: no cookie, no Origin, only the token. */
async function feed(token: string): Promise<{ status: number; code?: string; ids?: string[] }> {
  const response = await new Client(server.url).post(FEED, { feed_token: token });
  const body = (await response.json()) as {
    system_notifications?: { id: string }[];
    error?: { code: string };
  };
  return {
    status: response.status,
    ...(body.error ? { code: body.error.code } : {}),
    ...(body.system_notifications ? { ids: body.system_notifications.map((n) => n.id) } : {}),
  };
}

const noticeIds = async (client: Client): Promise<string[]> =>
  (
    (await (await client.post(INITIALIZE)).json()) as { system_notifications: { id: string }[] }
  ).system_notifications.map((n) => n.id);

describe('the notice feed', () => {
  it("gives a listed embed origin's page a token that reads the visitor's notices", async () => {
    const student = await signedIn('student');
    expect(await feed(await feedToken(student))).toMatchObject({
      status: 200,
      ids: await noticeIds(student),
    });
  });

  it('gives no token to a page of Atrium itself, another origin or a visitor with no session', async () => {
    const student = await signedIn('student');
    expect((await student.post(FEED_TOKEN, {})).status).toBe(403);
    const other = await student.post(FEED_TOKEN, {}, { origin: 'https://elsewhere.test' });
    expect(other.status).toBe(403);
    expect((await new Client(server.url).post(FEED_TOKEN, {}, { origin: WIKI })).status).toBe(401);
  });

  it('refuses a changed token, one sealed with another key, and an expired one', async () => {
    const token = await feedToken(await signedIn('student'));
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await feed(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toEqual({
      status: 401,
      code: 'feed-token-invalid',
    });
    const forged = sealFeedToken(feedCipherKey('another-key-of-at-least-32-characters'), {
      sid: 'whatever',
      user: 'root',
      expiresAt: clock + 60_000,
    });
    expect(await feed(forged)).toEqual({ status: 401, code: 'feed-token-invalid' });
    expect(await feed('not a token')).toEqual({ status: 401, code: 'feed-token-invalid' });
    clock += 5 * 60 * 1000;
    try {
      expect(await feed(token)).toEqual({ status: 401, code: 'feed-token-expired' });
    } finally {
      clock -= 5 * 60 * 1000;
    }
  });

  it("refuses another user's token after a user switch, and every token after sign-out", async () => {
    const root = await signedIn('root');
    const asRoot = await feedToken(root);
    expect((await root.post('/lapi/rpc/dev/switch-user', { username: 'student' })).status).toBe(200);
    expect(await feed(asRoot)).toEqual({ status: 401, code: 'feed-token-user-changed' });
    const asStudent = await feedToken(root);
    expect((await feed(asStudent)).status).toBe(200);
    expect((await root.post('/common/login/logout.php')).status).toBe(200);
    expect(await feed(asStudent)).toEqual({ status: 401, code: 'signed-out' });
  });
});

describe('dismissals kept in the session', () => {
  it('leave the notice out of initialize and of the feed, for the rest of the session only', async () => {
    const student = await signedIn('student');
    const token = await feedToken(student);
    const response = await student.post(DISMISS, { id: 'welcome-gradebook' }, { origin: WIKI });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(WIKI);
    expect(await noticeIds(student)).not.toContain('welcome-gradebook');
    expect((await feed(token)).ids).not.toContain('welcome-gradebook');
    expect(await noticeIds(student)).toContain('privacy-update');
    // The next session starts with every notice again.
    expect(await noticeIds(await signedIn('student'))).toContain('welcome-gradebook');
  });

  it('refuse a notice that cannot be closed or does not exist, and a visitor with no session', async () => {
    const student = await signedIn('student');
    for (const id of ['maintenance-sunday', 'browser-support', 'no-such-notice']) {
      const refused = await student.post(DISMISS, { id });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not-dismissable');
    }
    expect((await student.post(DISMISS, {})).status).toBe(400);
    expect(await noticeIds(student)).toEqual(
      expect.arrayContaining(['maintenance-sunday', 'browser-support']),
    );
    expect((await new Client(server.url).post(DISMISS, { id: 'welcome-gradebook' })).status).toBe(401);
  });
});
