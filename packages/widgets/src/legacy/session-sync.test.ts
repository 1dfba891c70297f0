import { describe, expect, it } from 'vitest';
import { ApiError } from '@atrium/api/transport';
import { DISMISS_NOTIFICATION_PATH } from '@atrium/api/routes';
import { FEED_TOKEN_PATH } from '@atrium/api/notice-feed-paths';
import { keepFeedCookie, sendDismissal } from './session-sync.js';

const TOKEN = `v1.${'A'.repeat(80)}`;

function transport(answer: unknown) {
  const calls: string[] = [];
  return {
    calls,
    request: async (req: { path: string }) => {
      calls.push(req.path);
      if (answer instanceof Error) throw answer;
      return { status: 200, json: answer };
    },
  };
}

describe("the notice feed's cookie", () => {
  it('keeps the token Atrium gives, host-wide, Lax, Secure on https, for as long as the token lives', async () => {
    const doc = { cookie: '' };
    const server = transport({ feed_token: TOKEN, expires_in: 300 });
    await keepFeedCookie(server, 'started', doc, true);
    expect(server.calls).toEqual([FEED_TOKEN_PATH]);
    expect(doc.cookie).toBe(`atrium_feed=${TOKEN}; Path=/; Max-Age=300; SameSite=Lax; Secure`);
    await keepFeedCookie(transport({ feed_token: TOKEN, expires_in: 86_400 }), 'started', doc, false);
    expect(doc.cookie).toBe(`atrium_feed=${TOKEN}; Path=/; Max-Age=600; SameSite=Lax`);
  });

  it('removes it when nobody is signed in, and keeps it when Atrium could not say, without asking Atrium', async () => {
    const doc = { cookie: `other=1; atrium_feed=${TOKEN}` };
    const server = transport({ feed_token: TOKEN, expires_in: 300 });
    await keepFeedCookie(server, 'error', doc, false);
    expect(doc.cookie).toBe(`other=1; atrium_feed=${TOKEN}`);
    await keepFeedCookie(server, 'signed-out', doc, false);
    expect(server.calls).toEqual([]);
    expect(doc.cookie).toBe('atrium_feed=; Path=/; Max-Age=0; SameSite=Lax');
    const none = { cookie: 'other=1' };
    await keepFeedCookie(server, 'signed-out', none, false);
    expect(none.cookie).toBe('other=1');
  });

  it('writes nothing for a refusal or an answer that is not a token (nothing that could break the header)', async () => {
    for (const answer of [
      new ApiError('forbidden', 'no', 403),
      { feed_token: 'v1.abc; Domain=evil.test', expires_in: 300 },
      { feed_token: 42 },
      null,
    ]) {
      const doc = { cookie: 'untouched' };
      await keepFeedCookie(transport(answer), 'started', doc, false);
      expect(doc.cookie).toBe('untouched');
    }
  });
});

describe('dismissals', () => {
  it('are told to Atrium, and a failure is swallowed (the tab keeps its own copy)', async () => {
    const server = transport({ success: true });
    await sendDismissal(server, 'welcome-gradebook');
    expect(server.calls).toEqual([DISMISS_NOTIFICATION_PATH]);
    await expect(sendDismissal(transport(new ApiError('network', 'down', 0)), 'x')).resolves.toBeUndefined();
  });
});
