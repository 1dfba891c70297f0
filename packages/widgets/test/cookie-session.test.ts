/**
 * The legacy page's session start as the widgets entry runs it: `startFromCookie` (@atrium/session/core)
 * through the real transport (@atrium/api/transport), in Chromium, with a scripted fetch.
 */
import { expect } from 'chai';
import { createCookieTransport, isApiError } from '@atrium/api/transport';
import { createSessionStore, startFromCookie } from '@atrium/session/core';
import type { SessionStore } from '@atrium/session/core';

/** `optional=1`: a visitor with no session gets 204, not a 401 the browser would log. */
const INITIALIZE = '/lapi/rpc/common/ionic/initialize?optional=1';
const notice = { id: 'n1', message: 'Hello', closeable: true, clickable: false, routeInfo: null };
const sis = { user: { is_root: false }, is_hq: false, acting_as: null };

/** What was asked: a path on the page's own origin, else the whole address. */
function asked(input: RequestInfo | URL): string {
  const url = new URL(String(input), location.href);
  return url.origin === location.origin ? `${url.pathname}${url.search}` : url.href;
}

/** A fetch answering each path from `answers` and recording what was asked. */
function fakeFetch(
  answers: Record<string, { status?: number; body: unknown }>,
  calls: Array<[string, RequestInit]>,
) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = asked(input);
    calls.push([path, init ?? {}]);
    const answer = answers[path];
    if (!answer) return new Response('', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as typeof fetch;
}

let store: SessionStore;
beforeEach(() => {
  store = createSessionStore({ channel: null, storage: null });
});
afterEach(() => store.destroy());

/** The entry's start: the page's store, a transport on Atrium's origin, initialize on the cookie. */
async function fetchLegacySession(
  fetchImpl: typeof fetch,
  apiOrigin: string = location.origin,
  timeoutMs?: number,
): Promise<{ notifications: unknown; initialize: unknown }> {
  const transport = createCookieTransport({ fetch: fetchImpl, serverOrigin: apiOrigin });
  const initialize = await startFromCookie(store, transport, timeoutMs);
  return { notifications: store.getState().systemNotifications, initialize };
}

describe('the legacy session on the critical path (startFromCookie)', () => {
  it('asks initialize alone, on the cookie, and returns the notices', async () => {
    const calls: Array<[string, RequestInit]> = [];
    const initialize = { sis, lapi_access_token: 'lapi', system_notifications: [notice] };
    const result = await fetchLegacySession(fakeFetch({ [INITIALIZE]: { body: initialize } }, calls));
    expect(result.notifications).to.deep.equal([{ ...notice, static: false }]);
    expect(result.initialize).to.deep.equal(initialize);
    expect(store.getState().status).to.equal('started');
    expect(store.getState().sis).to.deep.equal(sis);
    // One round trip: no cookie-for-token trade before the bar can paint.
    expect(calls.map(([path]) => path)).to.deep.equal([INITIALIZE]);
    const [, init] = calls[0] ?? ['', {}];
    expect(init.method).to.equal('POST');
    expect(init.credentials).to.equal('same-origin');
    expect(new Headers(init.headers).has('Authorization')).to.equal(false);
  });

  it("asks Atrium's origin, with its cookie, when the script came from another origin than the page", async () => {
    const calls: Array<[string, RequestInit]> = [];
    const initialize = { sis, lapi_access_token: 'lapi', system_notifications: [] };
    const url = 'https://app.school.test/lapi/rpc/common/ionic/initialize?optional=1';
    await fetchLegacySession(fakeFetch({ [url]: { body: initialize } }, calls), 'https://app.school.test');
    expect(calls.map(([path]) => path)).to.deep.equal([url]);
    expect(calls[0]?.[1].credentials).to.equal('include');
  });

  it('reports a visitor as unauthorized, like the client', async () => {
    const error = await fetchLegacySession(
      fakeFetch({ [INITIALIZE]: { status: 401, body: { message: 'no' } } }, []),
    ).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).to.equal('unauthorized');
    expect(store.getState().status).to.equal('signed-out');
  });

  it('refuses an answer whose token could not go into a header, as invalid', async () => {
    const error = await fetchLegacySession(
      fakeFetch(
        {
          [INITIALIZE]: {
            body: { sis, lapi_access_token: 'lapi\r\nX-Evil: 1', system_notifications: [notice] },
          },
        },
        [],
      ),
    ).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).to.equal('invalid-response');
    expect(store.getState().status).to.equal('error');
  });

  it('rejects the whole answer when one notice is malformed, like the schema', async () => {
    const error = await fetchLegacySession(
      fakeFetch(
        {
          [INITIALIZE]: {
            body: { sis, lapi_access_token: 'lapi', system_notifications: [{ ...notice, closeable: 'yes' }] },
          },
        },
        [],
      ),
    ).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).to.equal('invalid-response');
    expect(store.getState().status).to.equal('error');
    expect(store.getState().systemNotifications).to.deep.equal([]);
  });

  it('reads the 204 of a visitor with no session as signed out', async () => {
    const calls: Array<[string, RequestInit]> = [];
    const visitor = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([asked(input), init ?? {}]);
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    const error = await fetchLegacySession(visitor).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).to.equal('unauthorized');
    expect(calls.map(([path]) => path)).to.deep.equal([INITIALIZE]);
  });

  it('gives up on a server that accepts and never answers', async () => {
    const hung = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const error = await fetchLegacySession(hung, location.origin, 50).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).to.equal('timeout');
  });
});
