import { createApiClient } from '@atrium/api';
import type { InitializeResponse } from '@atrium/api';
import { createSessionStore, startFromBoot } from '@atrium/session';
import { describe, expect, it, vi } from 'vitest';
import { createBlockingMessage, createBoot, warmingShell } from './boot.js';
import type { BootDeps } from './boot.js';
import { demoInitializeResponse } from '@atrium/api/testing';

const ORIGIN = 'https://atrium.test';

function initializeBody(
  sis: Partial<InitializeResponse['sis']> = {},
  rest: Partial<InitializeResponse> = {},
) {
  return demoInitializeResponse(rest, sis);
}

type Answer = () => Response | Promise<Response>;
const json =
  (body: unknown, status = 200): Answer =>
  () =>
    new Response(JSON.stringify(body), { status });
const raw =
  (body: string, status = 200): Answer =>
  () =>
    new Response(body, { status });
const legacyOk = json({ success: true, session_data: { legacy_key: 'v', term: 'Fall 2025' } });

/** Real api client and session store, a scripted fetch, and recorded side effects. */
function setup(answers: Answer[], pathname = '/home', search = '', pageStart?: () => unknown) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ url: String(input), init });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return answer();
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ fetch, origin: ORIGIN, baseUrl: ORIGIN });
  const session = createSessionStore({ channel: null, storage: null });
  const events: string[] = [];
  const blocking = {
    visible: false,
    show: () => {
      blocking.visible = true;
      events.push('show');
    },
    hide: () => {
      blocking.visible = false;
      events.push('hide');
    },
  };
  const assign = vi.fn();
  const navigate = vi.fn();
  const reportError = vi.fn();
  session.subscribe((state, previous) => {
    if (state.status !== previous.status) events.push(`status:${state.status}`);
  });
  const deps: BootDeps = {
    api,
    session,
    startSession: startFromBoot,
    blocking,
    location: { pathname, search, origin: ORIGIN, assign },
    navigate,
    reportError,
    ...(pageStart ? { takePageStart: pageStart } : {}),
  };
  return {
    boot: createBoot(deps),
    api,
    session,
    blocking,
    assign,
    navigate,
    reportError,
    requests,
    answers,
    events,
  };
}

/** The bearer token the client now sends with a /lapi/ call, as the server would see it (null for none). */
async function bearerSent(t: ReturnType<typeof setup>): Promise<string | null> {
  t.answers.push(json({ count: 0 }));
  await t.api.unreadCount();
  return new Headers(t.requests.at(-1)?.init.headers).get('Authorization');
}

describe('boot: success', () => {
  it('shows the message, initializes, legacy-initializes, marks started, hides the message', async () => {
    const t = setup([json(initializeBody()), legacyOk]);
    await expect(t.boot()).resolves.toBe('started');
    expect(t.events).toEqual(['show', 'status:starting', 'status:started', 'hide']);
    expect(t.blocking.visible).toBe(false);
    const state = t.session.getState();
    expect(state.sis?.user.username).toBe('student');
    expect(state.localeConfig).toEqual({ locale: 'en-US', timezone: 'America/Chicago' });
    expect(state.legacySession).toEqual({ legacy_key: 'v', term: 'Fall 2025' });
    expect(JSON.stringify(state)).not.toContain('tok-123');
    expect(await bearerSent(t)).toBe('Bearer tok-123');
    expect(new URL(t.requests[0]!.url).pathname).toBe('/lapi/rpc/common/ionic/initialize');
    expect(new URL(t.requests[1]!.url).pathname).toBe('/common/api/lite/system/legacy_initialize');
    expect(JSON.parse(String(t.requests[1]!.init.body))).toEqual({
      session_data: { user_id: 7, sis_school_id: 11, company_id: 3, current_term_name: 'Fall 2025' },
    });
    expect(t.assign).not.toHaveBeenCalled();
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('concurrent calls share one run', async () => {
    const t = setup([json(initializeBody()), legacyOk]);
    const [a, b] = await Promise.all([t.boot(), t.boot()]);
    expect([a, b]).toEqual(['started', 'started']);
    expect(t.requests).toHaveLength(2);
  });

  it('a later call (Retry) runs again', async () => {
    const t = setup([json({}, 500), json(initializeBody()), legacyOk]);
    await expect(t.boot()).resolves.toBe('error');
    expect(t.session.getState().status).toBe('error');
    await expect(t.boot()).resolves.toBe('started');
    expect(t.session.getState().status).toBe('started');
  });
});

describe('boot: a page the server rendered, which carries the start-up answer', () => {
  const carried = {
    ...initializeBody(),
    legacy_initialize: {
      success: true,
      session_data: { user_id: 7, sis_school_id: 11, company_id: 3, current_term_name: 'Fall 2025', x: 1 },
    },
  };

  it('starts from it with no request and never shows the message: there is nothing to wait for', async () => {
    let taken = 0;
    const t = setup([json(initializeBody()), legacyOk], '/home', '', () =>
      taken++ === 0 ? carried : undefined,
    );
    await expect(t.boot()).resolves.toBe('started');
    expect(t.events).toEqual(['status:starting', 'status:started', 'hide']);
    expect(t.requests).toHaveLength(0);
    expect(t.session.getState().legacySession).toMatchObject({ x: 1 });
    // A Retry (or any later boot) has no answer to start from: it shows the message and asks.
    await expect(t.boot()).resolves.toBe('started');
    expect(t.events.slice(3)).toEqual(['show', 'status:starting', 'status:started', 'hide']);
    expect(t.requests).toHaveLength(2);
    expect(await bearerSent(t)).toBe('Bearer tok-123');
  });

  it('a malformed answer is a boot error, with the Retry that asks the server', async () => {
    const t = setup([json(initializeBody()), legacyOk], '/home', '', () => ({ sis: null }));
    await expect(t.boot()).resolves.toBe('error');
    expect(t.session.getState().status).toBe('error');
    expect(t.reportError).toHaveBeenCalledOnce();
    expect(t.requests).toHaveLength(0);
  });
});

describe('warmingShell: the boot that also loads the shell and its area', () => {
  function run(served: boolean) {
    const events: string[] = [];
    let loaded: () => void = () => {};
    const prepare = vi.fn(
      () => new Promise<void>((resolve) => (loaded = () => (events.push('loaded'), resolve()))),
    );
    const boot = warmingShell(
      async () => (events.push('booted'), 'started' as const),
      () => served,
      prepare,
    );
    const outcome = boot().then((result) => (events.push(`outcome ${result}`), result));
    return { events, prepare, outcome, load: () => loaded() };
  }

  it('on a page the server rendered, resolves once the shell and its area have loaded too', async () => {
    const t = run(true);
    await vi.waitFor(() => expect(t.prepare).toHaveBeenCalledOnce());
    expect(t.events).toEqual(['booted']);
    t.load();
    await expect(t.outcome).resolves.toBe('started');
    expect(t.events).toEqual(['booted', 'loaded', 'outcome started']);
  });

  it('elsewhere resolves with the boot, and loads them a task later all the same', async () => {
    const t = run(false);
    await expect(t.outcome).resolves.toBe('started');
    await vi.waitFor(() => expect(t.prepare).toHaveBeenCalledOnce());
    expect(t.events).toEqual(['booted', 'outcome started']);
  });
});

describe('boot: errors hide the message, set status error, and never retry', () => {
  it.each([
    ['a 500', [json({ error: { code: 'x', message: 'down' } }, 500)]],
    ['invalid JSON', [raw('{"sis": ')]],
    ['a missing token', [json(initializeBody({}, { lapi_access_token: '' }))]],
    ['a wrong shape', [json({ sis: null })]],
    ['a network failure', [() => Promise.reject(new TypeError('Failed to fetch'))]],
    [
      'a legacy_initialize failure',
      [json(initializeBody()), json({ error: { code: 'x', message: 'no' } }, 500)],
    ],
    [
      'legacy_initialize answering success: false',
      [json(initializeBody()), json({ success: false, session_data: {} })],
    ],
    ['legacy_initialize answering nonsense', [json(initializeBody()), raw('<html>')]],
  ])('%s', async (_name, answers) => {
    const count = answers.length;
    const t = setup(answers);
    await expect(t.boot()).resolves.toBe('error');
    expect(t.blocking.visible).toBe(false);
    expect(t.events.at(-1)).toBe('status:error');
    expect(t.events).toContain('hide');
    expect(t.session.getState().status).toBe('error');
    expect(t.session.getState().legacySession).toEqual({});
    expect(t.requests).toHaveLength(count);
    expect(t.assign).not.toHaveBeenCalled();
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.reportError).toHaveBeenCalledTimes(1);
  });

  it('a 401 sends the browser to the login page with the current path as returnUrl', async () => {
    const t = setup(
      [json({ error: { code: 'auth', message: 'Sign in' } }, 401)],
      '/curriculum/maps',
      '?id=4&x=a b',
    );
    await expect(t.boot()).resolves.toBe('unauthorized');
    expect(t.blocking.visible).toBe(false);
    expect(t.session.getState().status).toBe('error');
    expect(t.assign).toHaveBeenCalledWith(
      `/common/login?returnUrl=${encodeURIComponent('/curriculum/maps?id=4&x=a b')}`,
    );
    expect(await bearerSent(t)).toBeNull();
    expect(t.reportError).not.toHaveBeenCalled();
  });

  it('a 401 on the public site route keeps the user there, signed out', async () => {
    const t = setup([json({ error: { code: 'auth', message: 'Sign in' } }, 401)], '/site/clinic-west');
    await expect(t.boot()).resolves.toBe('anonymous');
    expect(t.blocking.visible).toBe(false);
    expect(t.session.getState().status).toBe('signed-out');
    expect(t.assign).not.toHaveBeenCalled();
  });

  it('a 401 on /sites (guarded, not the public site) still goes to the login page', async () => {
    const t = setup([json({ error: { code: 'auth', message: 'Sign in' } }, 401)], '/sites');
    await expect(t.boot()).resolves.toBe('unauthorized');
    expect(t.assign).toHaveBeenCalledWith(`/common/login?returnUrl=${encodeURIComponent('/sites')}`);
  });

  it('a 401 from legacy_initialize forgets the token just given', async () => {
    const t = setup([json(initializeBody()), json({}, 401)]);
    await expect(t.boot()).resolves.toBe('unauthorized');
    expect(await bearerSent(t)).toBeNull();
    expect(t.assign).toHaveBeenCalledWith(`/common/login?returnUrl=${encodeURIComponent('/home')}`);
  });
});

describe('boot: restricted users', () => {
  it('are sent to a same-origin legacy redirect', async () => {
    const t = setup([
      json(initializeBody({ access_restricted: true }, { legacy_redirect: '/legacy/credentials/?step=1' })),
      legacyOk,
    ]);
    await expect(t.boot()).resolves.toBe('redirected');
    expect(t.assign).toHaveBeenCalledWith('/legacy/credentials/?step=1');
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.blocking.visible).toBe(false);
    expect(t.session.getState().status).toBe('started');
  });

  it('an absolute same-origin redirect is followed as a path', async () => {
    const t = setup([
      json(initializeBody({ access_restricted: true }, { legacy_redirect: `${ORIGIN}/legacy/` })),
      legacyOk,
    ]);
    await expect(t.boot()).resolves.toBe('redirected');
    expect(t.assign).toHaveBeenCalledWith('/legacy/');
  });

  it.each(['https://evil.example/phish', '//evil.example', 'javascript:alert(1)', '/%2f%2fevil.example'])(
    'a hostile redirect (%s) is ignored: they go to /start instead',
    async (hostile) => {
      const t = setup([
        json(initializeBody({ access_restricted: true }, { legacy_redirect: hostile })),
        legacyOk,
      ]);
      await expect(t.boot()).resolves.toBe('started');
      expect(t.assign).not.toHaveBeenCalled();
      expect(t.navigate).toHaveBeenCalledWith('/start');
      expect(t.blocking.visible).toBe(false);
    },
  );

  it('without a redirect go to /start, unless already there', async () => {
    const away = setup([json(initializeBody({ access_restricted: true })), legacyOk], '/home');
    await away.boot();
    expect(away.navigate).toHaveBeenCalledWith('/start');
    const there = setup([json(initializeBody({ access_restricted: true })), legacyOk], '/start');
    await there.boot();
    expect(there.navigate).not.toHaveBeenCalled();
  });
});

describe('createBlockingMessage', () => {
  it('toggles the hidden attribute of #atrium-blocking', () => {
    const attrs = new Set<string>(['hidden']);
    const element = {
      removeAttribute: (name: string) => attrs.delete(name),
      setAttribute: (name: string) => attrs.add(name),
    };
    const doc = { getElementById: (id: string) => (id === 'atrium-blocking' ? element : null) };
    const message = createBlockingMessage(() => doc as unknown as Document);
    message.show();
    expect(attrs.has('hidden')).toBe(false);
    message.hide();
    expect(attrs.has('hidden')).toBe(true);
  });

  it('tolerates a missing element or document', () => {
    const none = createBlockingMessage(() => ({ getElementById: () => null }) as unknown as Document);
    expect(() => none.show()).not.toThrow();
    const noDoc = createBlockingMessage(() => undefined);
    expect(() => noDoc.hide()).not.toThrow();
  });
});
