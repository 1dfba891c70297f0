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

describe('the legacy session on the critical path (lite-session)', () => {
  it('trades the cookie, sends the bearer to initialize only, and returns the notices', async () => {
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
    const [tokenCall, initCall] = calls;
    expect(new Headers(tokenCall![1].headers).has('Authorization')).to.equal(false);
    expect(new Headers(initCall![1].headers).get('Authorization')).to.equal('Bearer tok');
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
