import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.js';
import { ApiError } from './errors.js';
import { START_CALL_GLOBAL, discardStartCall, fetchWithStartCall, type StartCall } from './start-call.js';

const ORIGIN = 'https://atrium.test';
const INITIALIZE = `${ORIGIN}/lapi/rpc/common/ionic/initialize`;
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** What index.html leaves on the page: the request it sent and the answer to come. */
function pageWithStartCall(response: Promise<Response>) {
  const abort = vi.fn();
  const call: StartCall = {
    method: 'POST',
    url: INITIALIZE,
    body: '{}',
    headers: JSON_HEADERS,
    response,
    abort,
  };
  response.catch(() => {});
  const scope: { [START_CALL_GLOBAL]?: unknown } = { [START_CALL_GLOBAL]: call };
  return { scope, abort };
}

const post = (body = '{}', headers: HeadersInit = JSON_HEADERS): RequestInit => ({
  method: 'POST',
  body,
  headers: new Headers(headers),
  credentials: 'same-origin',
});

describe('fetchWithStartCall', () => {
  it('answers the same request with the answer already on its way, once', async () => {
    const early = new Response('{"early":true}');
    const { scope } = pageWithStartCall(Promise.resolve(early));
    const network = vi.fn(async () => new Response('{"network":true}'));
    const fetch = fetchWithStartCall(network as unknown as typeof globalThis.fetch, scope);

    expect(await fetch(INITIALIZE, post())).toBe(early);
    expect(network).not.toHaveBeenCalled();
    expect(scope[START_CALL_GLOBAL]).toBeUndefined();
    // A second initialize (a Retry) asks the server again.
    await fetch(INITIALIZE, post());
    expect(network).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another address', `${ORIGIN}/lapi/rpc/other`, post()],
    ['another body', INITIALIZE, post('{"x":1}')],
    ['a bearer token', INITIALIZE, post('{}', { ...JSON_HEADERS, authorization: 'Bearer t' })],
    ['a stateful header', INITIALIZE, post('{}', { ...JSON_HEADERS, 'x-atrium-school': '7' })],
    ['another method', INITIALIZE, { ...post(), method: 'GET', body: null }],
    ['another cache mode', INITIALIZE, { ...post(), cache: 'no-store' as const }],
    ['cookies sent to another origin', INITIALIZE, { ...post(), credentials: 'include' as const }],
  ])('leaves it alone for %s, which goes to the network', async (_what, url, init) => {
    const { scope } = pageWithStartCall(Promise.resolve(new Response('{}')));
    const network = vi.fn(async () => new Response('{"network":true}'));
    const fetch = fetchWithStartCall(network as unknown as typeof globalThis.fetch, scope);
    await fetch(url, init);
    expect(network).toHaveBeenCalledTimes(1);
    expect(scope[START_CALL_GLOBAL]).toBeDefined();
  });

  it('ignores something on the page that is not a start call', async () => {
    const scope = { [START_CALL_GLOBAL]: { url: INITIALIZE, response: 'not a promise' } };
    const network = vi.fn(async () => new Response('{}'));
    await fetchWithStartCall(network as unknown as typeof globalThis.fetch, scope)(INITIALIZE, post());
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("aborts the early request with the claiming call's signal", async () => {
    const { scope, abort } = pageWithStartCall(new Promise<Response>(() => {}));
    const controller = new AbortController();
    const answer = fetchWithStartCall(undefined, scope)(INITIALIZE, { ...post(), signal: controller.signal });
    expect(abort).not.toHaveBeenCalled();
    controller.abort();
    expect(abort).toHaveBeenCalledTimes(1);
    // As fetch does: rejected at once with the signal's reason, whether or not the request honours it.
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('discardStartCall', () => {
  it('cancels an unclaimed start call, so the next initialize asks the server', async () => {
    const { scope, abort } = pageWithStartCall(new Promise<Response>(() => {}));
    discardStartCall(scope);
    expect(abort).toHaveBeenCalledTimes(1);
    expect(scope[START_CALL_GLOBAL]).toBeUndefined();
    const network = vi.fn(async () => new Response('{}'));
    await fetchWithStartCall(network as unknown as typeof globalThis.fetch, scope)(INITIALIZE, post());
    expect(network).toHaveBeenCalledTimes(1);
  });
});

describe('the client with a start call', () => {
  function client(response: Promise<Response>) {
    const { scope, abort } = pageWithStartCall(response);
    const network = vi.fn(async () => new Response('{}', { status: 500 }));
    const api = createApiClient({
      origin: ORIGIN,
      baseUrl: ORIGIN,
      timeoutMs: 50,
      fetch: fetchWithStartCall(network as unknown as typeof globalThis.fetch, scope),
      pendingSignOut: { isSet: () => false, set: () => {}, clear: () => {} },
    });
    return { api, abort, network };
  }

  it('validates the early answer like its own: a malformed one is an invalid-response error', async () => {
    const { api, network } = client(Promise.resolve(new Response('{"sis":"nope"}')));
    const error = await api.initialize().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid-response');
    expect(network).not.toHaveBeenCalled();
  });

  it('maps an early answer of 401 to unauthorized, and a failed request to a network error', async () => {
    const unauthorized = client(Promise.resolve(new Response('{}', { status: 401 })));
    expect(await unauthorized.api.initialize().catch((e: ApiError) => e.code)).toBe('unauthorized');
    const offline = client(Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.api.initialize().catch((e: ApiError) => e.code)).toBe('network');
  });

  it('times out an early answer that never comes, and aborts its request', async () => {
    const { api, abort } = client(new Promise<Response>(() => {}));
    expect(await api.initialize().catch((e: ApiError) => e.code)).toBe('timeout');
    expect(abort).toHaveBeenCalled();
  });
});

describe('a pending sign-out', () => {
  it("is finished first, and the start call's answer (the old session's) is never used", async () => {
    const global = globalThis as { [START_CALL_GLOBAL]?: unknown };
    const { scope, abort } = pageWithStartCall(Promise.resolve(new Response('{"old":"session"}')));
    global[START_CALL_GLOBAL] = scope[START_CALL_GLOBAL];
    try {
      const asked: string[] = [];
      const network = vi.fn(async (input: RequestInfo | URL) => {
        asked.push(new URL(String(input)).pathname);
        return String(input).includes('logout')
          ? new Response('{"success":true}')
          : new Response('{}', { status: 401 });
      });
      let pending = true;
      const api = createApiClient({
        origin: ORIGIN,
        baseUrl: ORIGIN,
        fetch: fetchWithStartCall(network as unknown as typeof globalThis.fetch),
        pendingSignOut: { isSet: () => pending, set: () => {}, clear: () => (pending = false) },
      });
      expect(await api.initialize().catch((e: ApiError) => e.code)).toBe('unauthorized');
      expect(asked).toEqual(['/common/login/logout.php', '/lapi/rpc/common/ionic/initialize']);
      expect(abort).toHaveBeenCalled();
    } finally {
      delete global[START_CALL_GLOBAL];
    }
  });
});
