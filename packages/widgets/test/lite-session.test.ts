import { expect } from 'chai';
import { isApiError } from '../../api/src/errors.js';
import { fetchLegacySession } from '../src/legacy/lite-session.js';

const notice = { id: 'n1', message: 'Hello', closeable: true, clickable: false, routeInfo: null };
const sis = { user: { is_root: false }, is_hq: false, acting_as: null };

/** A fetch answering each path from `answers` and recording what was asked. */
function fakeFetch(
  answers: Record<string, { status?: number; body: unknown }>,
  calls: Array<[string, RequestInit]>,
) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push([path, init ?? {}]);
    const answer = answers[path];
    if (!answer) return new Response('', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as typeof fetch;
}

/** A fetch that answers nothing until both calls have been made, then answers them all. */
function heldFetch(answers: Record<string, { status?: number; body: unknown }>, calls: string[]) {
  let release: () => void = () => {};
  const bothAsked = new Promise<void>((resolve) => (release = resolve));
  return (async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    if (calls.length === 2) release();
    await bothAsked;
    const answer = answers[path];
    if (!answer) return new Response('', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as typeof fetch;
}

describe('the legacy session on the critical path (lite-session)', () => {
  it('asks for the token and initialize together, on the cookie, and returns the notices', async () => {
    const calls: Array<[string, RequestInit]> = [];
    const initialize = { sis, lapi_access_token: 'lapi', system_notifications: [notice] };
    const result = await fetchLegacySession(
      fakeFetch(
        {
          '/common/login/get_access_token.php': { body: { access_token: 'tok' } },
          '/lapi/rpc/common/ionic/initialize': { body: initialize },
        },
        calls,
      ),
    );
    expect(result.snapshot.notifications).to.deep.equal([{ ...notice, static: false }]);
    expect(result.initialize).to.deep.equal(initialize);
    expect(calls.map(([path]) => path).sort()).to.deep.equal([
      '/common/login/get_access_token.php',
      '/lapi/rpc/common/ionic/initialize',
    ]);
    for (const [, init] of calls) {
      expect(init.method).to.equal('POST');
      expect(init.credentials).to.equal('same-origin');
      expect(new Headers(init.headers).has('Authorization')).to.equal(false);
    }
  });

  it('does not wait for the token before asking initialize (one round trip)', async () => {
    const calls: string[] = [];
    const result = await fetchLegacySession(
      heldFetch(
        {
          '/common/login/get_access_token.php': { body: { access_token: 'tok' } },
          '/lapi/rpc/common/ionic/initialize': {
            body: { sis, lapi_access_token: 'lapi', system_notifications: [notice] },
          },
        },
        calls,
      ),
    );
    expect(calls).to.have.length(2);
    expect(result.snapshot.notifications).to.have.length(1);
  });

  it('reports the token failure first when both fail, and initialize failure when only it fails', async () => {
    const both = await fetchLegacySession(
      heldFetch(
        {
          '/common/login/get_access_token.php': { status: 401, body: { message: 'no' } },
          '/lapi/rpc/common/ionic/initialize': { status: 500, body: { message: 'down' } },
        },
        [],
      ),
    ).catch((e: unknown) => e);
    expect(isApiError(both) && both.code).to.equal('unauthorized');
    const initOnly = await fetchLegacySession(
      heldFetch(
        {
          '/common/login/get_access_token.php': { body: { access_token: 'tok' } },
          '/lapi/rpc/common/ionic/initialize': { status: 401, body: { message: 'no' } },
        },
        [],
      ),
    ).catch((e: unknown) => e);
    expect(isApiError(initOnly) && initOnly.code).to.equal('unauthorized');
  });

  it('reports a visitor as unauthorized, like the client', async () => {
    const error = await fetchLegacySession(
      fakeFetch({ '/common/login/get_access_token.php': { status: 401, body: { message: 'no' } } }, []),
    ).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).to.equal('unauthorized');
  });

  it('rejects the whole answer when one notice is malformed, like the schema', async () => {
    const error = await fetchLegacySession(
      fakeFetch(
        {
          '/common/login/get_access_token.php': { body: { access_token: 'tok' } },
          '/lapi/rpc/common/ionic/initialize': {
            body: { sis, lapi_access_token: 'lapi', system_notifications: [{ ...notice, closeable: 'yes' }] },
          },
        },
        [],
      ),
    ).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).to.equal('invalid-response');
  });
});
