import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.js';
import { createPendingSignOut } from './pending-sign-out.js';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors.js';
import type { InitializeResponse } from './schemas.js';
import { demoInitializeResponse } from './testing';

const ORIGIN = 'https://atrium.test';

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

/** A fetch double that records calls and answers from a queue of handlers. */
function fakeFetch(...answers: ((url: string, init: RequestInit) => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init, headers: new Headers(init.headers) });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected fetch ${url}`);
    return answer(url, init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const text =
  (body: string, status = 200) =>
  () =>
    new Response(body, { status });

function client(...answers: Parameters<typeof fakeFetch>) {
  const f = fakeFetch(...answers);
  const pendingSignOut = createPendingSignOut(null);
  return {
    api: createApiClient({ fetch: f.fetch, origin: ORIGIN, baseUrl: ORIGIN, pendingSignOut }),
    calls: f.calls,
    pendingSignOut,
  };
}

export const initializeBody: InitializeResponse = demoInitializeResponse({
  system_notifications: [
    { id: 'n1', message: 'Hello', closeable: true, clickable: false, static: false, routeInfo: null },
  ],
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('initialize: POSTs {} as JSON, same-origin credentials, and returns the validated answer', async () => {
    const { api, calls } = client(json(initializeBody));
    await expect(api.initialize()).resolves.toEqual(initializeBody);
    const [call] = calls;
    expect(call?.url).toBe(`${ORIGIN}/lapi/rpc/common/ionic/initialize`);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('{}');
    expect(call?.init.credentials).toBe('same-origin');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
  });

  it.each([
    [
      'legacyInitialize',
      (a: ReturnType<typeof createApiClient>) => a.legacyInitialize({ session_data: { a: 1 } }),
      'POST',
      '/common/api/lite/system/legacy_initialize',
      { success: true, session_data: { x: 1 } },
    ],
    [
      'forgotPassword',
      (a: ReturnType<typeof createApiClient>) => a.forgotPassword({ username: 'sam' }),
      'POST',
      '/common/api/lite/system/forgot_password',
      { success: true, message: 'Sent' },
    ],
    [
      'forgotUsername',
      (a: ReturnType<typeof createApiClient>) => a.forgotUsername({ email: 'a@b.c' }),
      'POST',
      '/common/api/lite/system/forgot_username',
      { success: true, message: 'Sent' },
    ],
    [
      'roster',
      (a: ReturnType<typeof createApiClient>) => a.roster(),
      'POST',
      '/lapi/rpc/schools/roster',
      { data: [] },
    ],
    [
      'recentSupportRequests',
      (a: ReturnType<typeof createApiClient>) => a.recentSupportRequests(),
      'POST',
      '/lapi/rpc/support/recent',
      { data: [] },
    ],
    [
      'requestUploadUrl',
      (a: ReturnType<typeof createApiClient>) =>
        a.requestUploadUrl({ mimetype: 'video/webm', size: 5, ext: 'webm' }),
      'POST',
      '/lapi/rpc/support/upload-url',
      { upload_url: '/u', filepath: 'f', expires_at: 'x' },
    ],
    [
      'uploadVideo',
      (a: ReturnType<typeof createApiClient>) =>
        a.uploadVideo({
          id: 1,
          data: { filepath: 'f', mimetype: 'video/webm', size: 5, ext: 'webm' },
          doc_id: null,
        }),
      'POST',
      '/lapi/rpc/support/upload-video',
      {
        success: true,
        video: { filepath: 'f', mimetype: 'video/webm', size: 5, ext: 'webm', uploaded_doc_id: 9 },
      },
    ],
    [
      'loginSettings',
      (a: ReturnType<typeof createApiClient>) => a.loginSettings(),
      'GET',
      '/lapi/rpc/login/settings',
      { lockdown: false, apps: [], terms_url: '/t', privacy_url: '/p' },
    ],
    [
      'lookup',
      (a: ReturnType<typeof createApiClient>) => a.lookup({ username: 'sam' }),
      'POST',
      '/common/login/login_actions.php',
      { success: true, next: 'password', companies: [] },
    ],
    [
      'externalStart',
      (a: ReturnType<typeof createApiClient>) => a.externalStart({ username: 'sso' }),
      'POST',
      '/common/login/login_actions.php',
      { success: true, url: 'https://idp', state: 's' },
    ],
    [
      'logout',
      (a: ReturnType<typeof createApiClient>) => a.logout(),
      'POST',
      '/common/login/logout.php',
      { success: true },
    ],
    [
      'getAccessToken',
      (a: ReturnType<typeof createApiClient>) => a.getAccessToken(),
      'POST',
      '/common/login/get_access_token.php',
      { access_token: 't' },
    ],
    [
      'unreadCount',
      (a: ReturnType<typeof createApiClient>) => a.unreadCount(),
      'GET',
      '/lapi/rpc/common/notifications/unread-count',
      { count: 4 },
    ],
    [
      'devUsers',
      (a: ReturnType<typeof createApiClient>) => a.devUsers(),
      'POST',
      '/lapi/rpc/dev/users',
      { data: [] },
    ],
    [
      'switchUser',
      (a: ReturnType<typeof createApiClient>) => a.switchUser({ username: 'hq' }),
      'POST',
      '/lapi/rpc/dev/switch-user',
      { success: true },
    ],
    [
      'switchBack',
      (a: ReturnType<typeof createApiClient>) => a.switchBack(),
      'POST',
      '/lapi/rpc/dev/switch-back',
      { success: true },
    ],
  ] as const)('%s calls %s %s', async (_name, call, method, path, answer) => {
    const { api, calls } = client(json(answer));
    await expect(call(api)).resolves.toBeDefined();
    expect(calls[0]?.init.method).toBe(method);
    expect(new URL(calls[0]?.url ?? '').pathname).toBe(path);
    if (method === 'GET') {
      expect(calls[0]?.init.body).toBeUndefined();
      expect(calls[0]?.headers.has('Content-Type')).toBe(false);
    }
  });

  it('sends the documented bodies', async () => {
    const { api, calls } = client(
      json({ success: true, message: 'ok' }),
      json({ success: true }),
      json({ success: true, session_data: {} }),
    );
    await api.forgotUsername({ email: 'sam@example.edu' });
    await api.login({ username: 'sam', password: 'pw', company_id: 3 });
    await api.legacyInitialize({ session_data: { user_id: 7 } });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: 'sam@example.edu' });
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({
      action: 'login',
      username: 'sam',
      password: 'pw',
      company_id: 3,
    });
    expect(JSON.parse(String(calls[2]?.init.body))).toEqual({ session_data: { user_id: 7 } });
  });

  it('returns the lists of roster, recent requests and dev users, and the unread count', async () => {
    const school = { sis_school_id: 1, company_id: 2, abbreviation: 'nu', name_with_ids: 'North (1)' };
    const request = { client_request_id: 5, has_draft_document: true, display: 'Req 5 (has draft)' };
    const { api } = client(
      json({ data: [school] }),
      json({ data: [request] }),
      json({ data: [{ username: 'hq', display: 'HQ' }] }),
      json({ count: 3 }),
    );
    expect(await api.roster()).toEqual([school]);
    expect(await api.recentSupportRequests()).toEqual([request]);
    expect(await api.devUsers()).toEqual([{ username: 'hq', display: 'HQ' }]);
    expect(await api.unreadCount()).toBe(3);
  });
});

describe('login answers', () => {
  it('a 401 from login resolves to { success: false, message } with the server message', async () => {
    const { api } = client(
      json({ error: { code: 'bad-credentials', message: 'Invalid username or password.' } }, 401),
    );
    await expect(api.login({ username: 'sam', password: 'wrong' })).resolves.toEqual({
      success: false,
      message: 'Invalid username or password.',
    });
  });

  it('a 401 without a message resolves with the unknown-error text', async () => {
    const { api } = client(text('', 401));
    await expect(api.externalComplete({ username: 'sso', state: 's', code: 'c' })).resolves.toEqual({
      success: false,
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it("a sign-in's start answer serves the next initialize once, with no request; a Retry asks the server", async () => {
    const other = { ...initializeBody, lapi_access_token: 'fetched-token' };
    const { api, calls } = client(json({ success: true, initialize: initializeBody }), json(other));
    // The caller sees the sign-in's outcome only; the start is the boot's.
    expect(await api.login({ username: 'student', password: 'x' })).toEqual({ success: true });
    await expect(api.initialize()).resolves.toEqual(initializeBody);
    expect(calls).toHaveLength(1);
    await expect(api.initialize()).resolves.toEqual(other);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/common/login/login_actions.php',
      '/lapi/rpc/common/ionic/initialize',
    ]);
  });

  describe('the legacy_initialize answer an initialize answer carries', () => {
    const sent = { user_id: 7, sis_school_id: 1001, company_id: 101, current_term_name: 'Autumn Term 2025' };
    const carried = { success: true, session_data: { legacy_session: true, username: 'student', ...sent } };
    const fetched = { success: true, session_data: { ...carried.session_data, fetched: true } };
    const started = (legacy: unknown = carried) => json({ ...initializeBody, legacy_initialize: legacy });
    const paths = (calls: { url: string }[]) => calls.map((c) => new URL(c.url).pathname);

    it('serves the next legacyInitialize once, with no request, when it holds every value sent', async () => {
      const { api, calls } = client(started(), json(fetched));
      // The caller gets the start alone.
      await expect(api.initialize()).resolves.toEqual(initializeBody);
      await expect(api.legacyInitialize({ session_data: sent })).resolves.toEqual(carried);
      expect(paths(calls)).toEqual(['/lapi/rpc/common/ionic/initialize']);
      // Taken once: a later call (the school picker) asks the server.
      await expect(api.legacyInitialize({ session_data: sent })).resolves.toEqual(fetched);
      expect(paths(calls)).toEqual([
        '/lapi/rpc/common/ionic/initialize',
        '/common/api/lite/system/legacy_initialize',
      ]);
    });

    it("also when it came inside a sign-in's answer", async () => {
      const { api, calls } = client(
        json({ success: true, initialize: { ...initializeBody, legacy_initialize: carried } }),
      );
      await api.login({ username: 'student', password: 'x' });
      await expect(api.initialize()).resolves.toEqual(initializeBody);
      await expect(api.legacyInitialize({ session_data: sent })).resolves.toEqual(carried);
      expect(paths(calls)).toEqual(['/common/login/login_actions.php']);
    });

    it.each([
      ['a key it does not hold', { ...sent, theme: 'dark' }],
      ['another value for a key', { ...sent, company_id: 102 }],
    ])('asks the server when the call sends %s', async (_case, sessionData) => {
      const { api, calls } = client(started(), json(fetched));
      await api.initialize();
      await expect(api.legacyInitialize({ session_data: sessionData })).resolves.toEqual(fetched);
      expect(calls).toHaveLength(2);
      expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ session_data: sessionData });
    });

    it('asks the server when the answer carried none (a backend that does not), or after a new start', async () => {
      const { api, calls } = client(
        json(initializeBody),
        json(fetched),
        started(),
        json(initializeBody),
        json(fetched),
      );
      await api.initialize();
      await expect(api.legacyInitialize({ session_data: sent })).resolves.toEqual(fetched);
      await api.initialize();
      // A Retry's initialize (here carrying none) replaces what the one before it carried.
      await api.initialize();
      await expect(api.legacyInitialize({ session_data: sent })).resolves.toEqual(fetched);
      expect(paths(calls)).toEqual([
        '/lapi/rpc/common/ionic/initialize',
        '/common/api/lite/system/legacy_initialize',
        '/lapi/rpc/common/ionic/initialize',
        '/lapi/rpc/common/ionic/initialize',
        '/common/api/lite/system/legacy_initialize',
      ]);
    });

    it('a malformed one is an invalid-response error, as a fetched one would be; success: false asks', async () => {
      const broken = client(started({ success: true, session_data: 'x' }), json(fetched));
      await broken.api.initialize();
      expect((await rejection(broken.api.legacyInitialize({ session_data: sent }))).code).toBe(
        'invalid-response',
      );
      expect(broken.calls).toHaveLength(1);
      const refused = client(started({ success: false, session_data: {} }), json(fetched));
      await refused.api.initialize();
      await expect(refused.api.legacyInitialize({ session_data: sent })).resolves.toEqual(fetched);
      expect(refused.calls).toHaveLength(2);
    });
  });

  it('a malformed start answer is an invalid-response error, as a fetched one would be', async () => {
    const broken = { ...initializeBody, sis: { ...initializeBody.sis, user: null } };
    const { api, calls } = client(json({ success: true, initialize: broken }), json(initializeBody));
    await api.externalComplete({ username: 'sso', state: 's', code: 'c' });
    expect((await rejection(api.initialize())).code).toBe('invalid-response');
    // Taken once: the Retry after that error asks the server.
    await expect(api.initialize()).resolves.toEqual(initializeBody);
    expect(calls).toHaveLength(2);
  });

  describe('the start-up answer a page the server rendered carries (holdStart)', () => {
    const sent = { user_id: 7, sis_school_id: 1001, company_id: 101, current_term_name: 'Autumn Term 2025' };
    const carried = { success: true, session_data: { legacy_session: true, username: 'student', ...sent } };
    const paths = (calls: { url: string }[]) => calls.map((c) => new URL(c.url).pathname);

    it('serves the boot with no request at all: initialize once, and the legacy_initialize it carries', async () => {
      const other = { ...initializeBody, lapi_access_token: 'fetched-token' };
      const { api, calls } = client(json(other));
      api.holdStart({ ...initializeBody, legacy_initialize: carried });
      await expect(api.initialize()).resolves.toEqual(initializeBody);
      await expect(api.legacyInitialize({ session_data: sent })).resolves.toEqual(carried);
      expect(calls).toHaveLength(0);
      // A Retry asks the server.
      await expect(api.initialize()).resolves.toEqual(other);
      expect(paths(calls)).toEqual(['/lapi/rpc/common/ionic/initialize']);
    });

    it('is checked as strictly as a fetched answer: a malformed one is an invalid-response error', async () => {
      const { api } = client();
      api.holdStart({ ...initializeBody, lapi_access_token: '' });
      expect((await rejection(api.initialize())).code).toBe('invalid-response');
      api.holdStart('not an answer');
      expect((await rejection(api.initialize())).code).toBe('invalid-response');
    });

    it('is not started from while a sign-out is pending: the sign-out is finished, and the page starts signed out', async () => {
      const { api, calls, pendingSignOut } = client(json({ error: { code: 'down', message: 'Down.' } }, 503));
      pendingSignOut.set();
      api.holdStart(initializeBody);
      expect((await rejection(api.initialize())).code).toBe('unauthorized');
      // One request: the sign-out (which failed here), never initialize.
      expect(paths(calls)).toHaveLength(1);
      expect(paths(calls)[0]).toMatch(/logout/);
    });
  });

  it('keeps no start from a failed sign-in, nor across a sign-out', async () => {
    const { api, calls } = client(
      json({ success: true, initialize: initializeBody }),
      json({ success: true }),
      json({ error: { code: 'unauthorized', message: 'Sign in to continue.' } }, 401),
      json({ success: true, initialize: initializeBody }),
      json({ error: { code: 'bad-credentials', message: 'Wrong.' } }, 401),
      json({ error: { code: 'unauthorized', message: 'Sign in to continue.' } }, 401),
    );
    await api.login({ username: 'student', password: 'x' });
    await api.logout();
    expect((await rejection(api.initialize())).code).toBe('unauthorized');
    await api.login({ username: 'student', password: 'x' });
    // Another attempt (say, after Back) that fails: the earlier start is not this page's session any more.
    expect((await api.login({ username: 'faculty', password: 'y' })).success).toBe(false);
    expect((await rejection(api.initialize())).code).toBe('unauthorized');
    expect(calls).toHaveLength(6);
  });

  it('other failures of login still reject', async () => {
    const { api } = client(json({ error: { code: 'rate', message: 'Too many attempts.' } }, 429));
    const error = await rejection(api.login({ username: 'sam', password: 'x' }));
    expect(error).toMatchObject({ code: 'http', status: 429, message: 'Too many attempts.' });
  });
});

describe('errors', () => {
  it.each([
    [500, { error: { code: 'x', message: '  Database is down  ' } }, 'http', 'Database is down'],
    [400, { message: 'Username is required.' }, 'http', 'Username is required.'],
    [502, '<html>Bad gateway</html>', 'http', UNKNOWN_ERROR_MESSAGE],
    [500, { error: { message: 42 } }, 'http', UNKNOWN_ERROR_MESSAGE],
    [500, { message: 'x'.repeat(501) }, 'http', UNKNOWN_ERROR_MESSAGE],
    [500, { message: '   ' }, 'http', UNKNOWN_ERROR_MESSAGE],
    [500, { message: 'bad\u0000text' }, 'http', UNKNOWN_ERROR_MESSAGE],
    [401, { error: { code: 'auth', message: 'Session expired.' } }, 'unauthorized', 'Session expired.'],
    [403, {}, 'forbidden', UNKNOWN_ERROR_MESSAGE],
    [404, '', 'http', UNKNOWN_ERROR_MESSAGE],
  ] as const)('%i %j -> %s "%s"', async (status, body, code, message) => {
    const { api } = client(typeof body === 'string' ? text(body, status) : json(body, status));
    const error = await rejection(api.roster());
    expect(error).toMatchObject({ code, status, message });
  });

  it.each([
    ['invalid JSON', text('{"data": [')],
    ['an empty body', text('')],
    ['HTML', text('<!doctype html><p>ok</p>')],
    ['the wrong shape', json({ data: [{ sis_school_id: 'one' }] })],
    ['null', json(null)],
    ['a missing token', json({ ...initializeBody, lapi_access_token: '' })],
  ])('%s becomes invalid-response', async (_name, answer) => {
    const { api } = client(answer);
    const call = _name === 'a missing token' ? api.initialize() : api.roster();
    const error = await rejection(call);
    expect(error).toMatchObject({ code: 'invalid-response', status: 200, message: UNKNOWN_ERROR_MESSAGE });
  });

  it('a network failure becomes network with the unknown-error text', async () => {
    const { api } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(api.roster());
    expect(error).toMatchObject({ code: 'network', status: 0, message: UNKNOWN_ERROR_MESSAGE });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  function hangingFetch(): Parameters<typeof fakeFetch>[0] {
    return (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
  }

  it('times out after 15 s by default', async () => {
    vi.useFakeTimers();
    const { api } = client(hangingFetch());
    const pending = rejection(api.roster());
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'timeout', message: UNKNOWN_ERROR_MESSAGE });
  });

  it('honours a per-call timeout and the client default', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(hangingFetch(), hangingFetch());
    const api = createApiClient({ fetch: f.fetch, origin: ORIGIN, baseUrl: ORIGIN, timeoutMs: 500 });
    const first = rejection(api.roster());
    await vi.advanceTimersByTimeAsync(500);
    expect(await first).toMatchObject({ code: 'timeout' });
    const second = rejection(api.roster({ timeoutMs: 50 }));
    await vi.advanceTimersByTimeAsync(50);
    expect(await second).toMatchObject({ code: 'timeout' });
  });

  it('a caller abort becomes aborted, and an already-aborted signal never fetches', async () => {
    const { api, calls } = client(hangingFetch());
    const controller = new AbortController();
    // A login-page call: its request starts at once (a session call first loads its table's chunk).
    const pending = rejection(api.loginSettings({ signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ code: 'aborted' });
    const again = await rejection(api.loginSettings({ signal: controller.signal }));
    expect(again.code).toBe('aborted');
    expect(calls).toHaveLength(1);
  });

  it('an unreachable base (no origin, no baseUrl) is a network error, not a crash', async () => {
    const api = createApiClient({ fetch: fakeFetch().fetch });
    const error = await rejection(api.roster());
    expect(error.code).toBe('network');
  });
});

describe('access token and stateful headers', () => {
  it('sends the bearer only to same-origin /lapi/ paths', async () => {
    const f = fakeFetch(json({ data: [] }), json({ success: true, message: 'm' }), json({ count: 1 }));
    const api = createApiClient({ fetch: f.fetch, origin: ORIGIN, baseUrl: ORIGIN });
    api.setAccessToken('secret');
    await api.roster();
    await api.forgotPassword({ username: 'sam' });
    expect(f.calls[0]?.headers.get('Authorization')).toBe('Bearer secret');
    expect(f.calls[1]?.headers.has('Authorization')).toBe(false);
    api.setAccessToken(null);
    await api.unreadCount();
    expect(f.calls[2]?.headers.has('Authorization')).toBe(false);
  });

  it('never sends the bearer (nor stateful headers) cross-origin, even to /lapi/', async () => {
    const f = fakeFetch(json({ data: [] }));
    const api = createApiClient({ fetch: f.fetch, origin: ORIGIN, baseUrl: 'https://api.elsewhere.example' });
    api.setAccessToken('secret');
    api.transport.setStatefulHeaders({ company_id: 3, sis_school_id: 11 });
    await api.roster();
    expect(f.calls[0]?.url).toBe('https://api.elsewhere.example/lapi/rpc/schools/roster');
    expect(f.calls[0]?.headers.has('Authorization')).toBe(false);
    expect(f.calls[0]?.headers.has('X-Atrium-Company')).toBe(false);
  });

  it('rejects a token with control characters and keeps the previous one', async () => {
    const { api, calls } = client(json({ data: [] }));
    api.setAccessToken('good');
    expect(() => api.setAccessToken('bad\r\nX-Evil: 1')).toThrow(TypeError);
    expect(() => api.setAccessToken('')).toThrow(TypeError);
    await api.roster();
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer good');
  });

  it('sends stateful headers, and swapCompany sends no_redirect=1, clears them and returns the school', async () => {
    const school = { sis_school_id: 12, company_id: 4, abbreviation: 'su', name_with_ids: 'South (12)' };
    const { api, calls } = client(json({ success: true, school }), json({ data: [] }));
    api.transport.setStatefulHeaders({ company_id: 3, sis_school_id: 11 });
    await expect(api.swapCompany({ current_company_id: 4, sis_school_id: 12 })).resolves.toEqual(school);
    const url = new URL(calls[0]?.url ?? '');
    expect(calls[0]?.init.method).toBe('GET');
    expect(url.pathname).toBe('/common/switch/swap_company.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      current_company_id: '4',
      sis_school_id: '12',
      no_redirect: '1',
    });
    expect(calls[0]?.headers.get('X-Atrium-Company')).toBe('3');
    expect(calls[0]?.headers.get('X-Atrium-School')).toBe('11');
    await api.roster();
    expect(calls[1]?.headers.has('X-Atrium-Company')).toBe(false);
    expect(calls[1]?.headers.has('X-Atrium-School')).toBe(false);
    expect(api.transport.statefulHeaders()).toEqual({ company: null, school: null });
  });

  it('swapCompany always sends X-Atrium-Company, the server’s proof it came from Atrium', async () => {
    const school = { sis_school_id: 12, company_id: 4, abbreviation: 'su', name_with_ids: 'South (12)' };
    const { api, calls } = client(json({ success: true, school }));
    await api.swapCompany({ current_company_id: 4, sis_school_id: 12 });
    expect(calls[0]?.headers.get('X-Atrium-Company')).toBe('4');
  });

  it('swapCompany with success: false rejects', async () => {
    const school = { sis_school_id: 12, company_id: 4, abbreviation: 'su', name_with_ids: 'South (12)' };
    const { api } = client(json({ success: false, school }));
    expect((await rejection(api.swapCompany({ current_company_id: 4, sis_school_id: 12 }))).code).toBe(
      'http',
    );
  });

  it('logout forgets the token even when the call fails', async () => {
    const { api, calls } = client(json({}, 500), json({ data: [] }));
    api.setAccessToken('secret');
    await rejection(api.logout());
    await api.roster();
    expect(calls[1]?.headers.has('Authorization')).toBe(false);
  });
});

describe('calls on another origin than the page (widgets on a legacy host)', () => {
  const LEGACY = 'https://legacy.school.test';
  const APP = 'https://app.school.test';
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** An XHR double that records where the upload went and answers 200. */
  function recordingXhr(opened: string[]) {
    return () => {
      const xhr = {
        status: 200,
        responseText: '{}',
        timeout: 0,
        withCredentials: false,
        upload: { onprogress: null },
        onload: null as ((event: ProgressEvent) => void) | null,
        onerror: null,
        onabort: null,
        ontimeout: null,
        open: (_method: string, url: string) => opened.push(url),
        setRequestHeader: () => {},
        send: () => queueMicrotask(() => xhr.onload?.(new Event('load') as ProgressEvent)),
        abort: () => {},
      };
      return xhr;
    };
  }

  it('useServerOrigin sends calls, cookies, the bearer, upload addresses and links to the server', async () => {
    vi.stubGlobal('location', { origin: LEGACY, href: `${LEGACY}/grades.php` });
    const f = fakeFetch(json({ data: [] }));
    const api = createApiClient({ fetch: f.fetch });
    api.useServerOrigin(`${APP}/widgets/`);
    api.setAccessToken('secret');
    await api.roster();
    expect(f.calls[0]?.url).toBe(`${APP}/lapi/rpc/schools/roster`);
    expect(f.calls[0]?.init.credentials).toBe('include');
    expect(f.calls[0]?.headers.get('Authorization')).toBe('Bearer secret');
    expect(api.urlOf('/lapi/telescope/requests')).toBe(`${APP}/lapi/telescope/requests`);
    const opened: string[] = [];
    await api.uploadFile('/uploads/token', new Blob(['x']), { xhrFactory: recordingXhr(opened) });
    await api.uploadFile('https://bucket.example/key', new Blob(['x']), { xhrFactory: recordingXhr(opened) });
    expect(opened).toEqual([`${APP}/uploads/token`, 'https://bucket.example/key']);
  });

  it("keeps same-origin credentials and relative links on Atrium's own origin", async () => {
    vi.stubGlobal('location', { origin: APP, href: `${APP}/legacy/` });
    const f = fakeFetch(json({ data: [] }));
    const api = createApiClient({ fetch: f.fetch });
    expect(api.urlOf('/lapi/telescope/requests')).toBe('/lapi/telescope/requests');
    api.useServerOrigin(APP);
    await api.roster();
    expect(f.calls[0]?.url).toBe(`${APP}/lapi/rpc/schools/roster`);
    expect(f.calls[0]?.init.credentials).toBe('same-origin');
    expect(api.urlOf('/lapi/telescope/requests')).toBe('/lapi/telescope/requests');
  });
});

describe('a sign-out the server never heard', () => {
  const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

  it('is finished before the next initialize, which then finds no session', async () => {
    const { api, calls } = client(
      json({}, 500),
      json({ success: true }),
      json({ error: { code: 'unauthorized', message: 'Sign in to continue.' } }, 401),
    );
    await rejection(api.logout());
    expect((await rejection(api.initialize())).code).toBe('unauthorized');
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/common/login/logout.php',
      '/common/login/logout.php',
      '/lapi/rpc/common/ionic/initialize',
    ]);
  });

  it('keeps the page signed out while the server cannot be told, without asking for the old session', async () => {
    const { api, calls } = client(networkDown, networkDown, networkDown);
    await rejection(api.logout());
    expect((await rejection(api.initialize())).code).toBe('unauthorized');
    expect(await api.finishPendingSignOut()).toBe(false);
    expect(calls.every((c) => new URL(c.url).pathname === '/common/login/logout.php')).toBe(true);
  });

  it('is over once a new sign-in replaced the session', async () => {
    const { api, calls } = client(networkDown, json({ success: true }), json(initializeBody));
    await rejection(api.logout());
    expect(await api.login({ username: 'student', password: 'x' })).toEqual({ success: true });
    expect((await api.initialize()).sis.user.username).toBe(initializeBody.sis.user.username);
    expect(calls).toHaveLength(3);
  });
});
