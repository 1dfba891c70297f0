import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  AccessTokenResponseSchema,
  ExternalStartResponseSchema,
  InitializeResponseSchema,
  LegacyInitializeResponseSchema,
  LoginResponseSchema,
  LookupResponseSchema,
  SuccessResponseSchema,
} from '@atrium/api/schemas';
import { Client, ErrorSchema, startServer, type Running } from '../test-helpers.js';

const LOGIN = '/common/login/login_actions.php';

describe('sign-in', () => {
  let server: Running;
  let client: Client;
  beforeEach(async () => {
    server = await startServer();
    client = new Client(server.url);
  });
  afterEach(() => server.close());

  const lookup = async (username: string) =>
    client.json(LookupResponseSchema, await client.post(LOGIN, { action: 'lookup', username }));

  it('looks up each kind of account, and answers an unknown user like a one-organisation user', async () => {
    expect(await lookup('student')).toEqual({ success: true, next: 'password', companies: [] });
    expect(await lookup('faculty')).toEqual({
      success: true,
      next: 'organization',
      companies: [
        { company_id: 101, name: 'University of Medicine' },
        { company_id: 102, name: 'Eastern College of Nursing' },
      ],
    });
    expect((await lookup('sso')).next).toBe('external');
    expect(await lookup('nobody-at-all')).toEqual(await lookup('student'));
  });

  it('refuses a wrong password and an unknown user with the same 401 answer', async () => {
    const wrong = await client.post(LOGIN, { action: 'login', username: 'student', password: 'nope' });
    const unknown = await client.post(LOGIN, { action: 'login', username: 'ghost', password: 'atrium-demo' });
    const expected = { success: false, message: 'The username or password is incorrect.' };
    expect(await client.json(LoginResponseSchema, wrong, 401)).toEqual(expected);
    expect(await client.json(LoginResponseSchema, unknown, 401)).toEqual(expected);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and initialize answers with a session token', async () => {
    const response = await client.post(LOGIN, {
      action: 'login',
      username: 'student',
      password: 'atrium-demo',
    });
    const answer = await client.json(LoginResponseSchema, response);
    expect(answer.success).toBe(true);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^atrium_sid=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http here
    const init = await client.json(
      InitializeResponseSchema,
      await client.post('/lapi/rpc/common/ionic/initialize'),
    );
    expect(init.sis.user.username).toBe('student');
    expect(init.sis.company_id).toBe(101);
    // The sign-in's own answer carried that same start (the page that signed in does not ask again): it
    // holds the access token, so no cache may keep it, as none may keep initialize's.
    expect(v.parse(InitializeResponseSchema, answer.initialize)).toEqual(init);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // It carries legacy_initialize's answer for the session values a page sends that call, merged and
    // stored already: a call that sends nothing answers the same (only the start-up could have put the term
    // name there).
    const carried = v.parse(LegacyInitializeResponseSchema, init.legacy_initialize);
    expect(carried).toEqual({
      success: true,
      session_data: {
        legacy_session: true,
        user_id: init.sis.user.user_id,
        username: 'student',
        company_id: 101,
        sis_school_id: init.sis.sis_school_id,
        current_term_name: 'Fall 2025',
      },
    });
    const asked = await client.post('/common/api/lite/system/legacy_initialize', { session_data: {} });
    expect(await client.json(LegacyInitializeResponseSchema, asked)).toEqual(carried);

    // A second session gets a different token.
    const other = new Client(server.url);
    expect(await other.boot('student')).not.toBe(init.lapi_access_token);
  });

  it('makes faculty choose one of their two organisations', async () => {
    const none = await client.post(LOGIN, { action: 'login', username: 'faculty', password: 'atrium-demo' });
    expect((await client.json(ErrorSchema, none, 400)).error.code).toBe('organization-required');
    const foreign = await client.post(LOGIN, {
      action: 'login',
      username: 'faculty',
      password: 'atrium-demo',
      company_id: 103,
    });
    expect(foreign.status).toBe(400);
    await client.boot('faculty', 102);
    const init = await client.json(
      InitializeResponseSchema,
      await client.post('/lapi/rpc/common/ionic/initialize'),
    );
    expect(init.sis.company_id).toBe(102);
    expect(init.sis.current_term_name).toBe('Autumn Term 2025');
  });

  it('requires a session for initialize and a valid bearer token for /lapi/', async () => {
    const anonymous = await client.post('/lapi/rpc/common/ionic/initialize');
    expect((await client.json(ErrorSchema, anonymous, 401)).error.code).toBe('unauthorized');
    const token = await client.boot('student');
    const bearerOnly = new Client(server.url);
    bearerOnly.token = token;
    expect((await bearerOnly.get('/lapi/rpc/common/notifications/unread-count')).status).toBe(200);
    client.token = 'forged-token';
    expect((await client.get('/lapi/rpc/common/notifications/unread-count')).status).toBe(401);
  });

  it('completes external sign-in once, through the demo identity provider page', async () => {
    const start = await client.json(
      ExternalStartResponseSchema,
      await client.post(LOGIN, { action: 'external_start', username: 'sso' }),
    );
    expect(start.url).toBe(`/common/login/sso/authorize?state=${encodeURIComponent(start.state)}`);
    const page = await client.get(start.url);
    expect(page.status).toBe(200);
    const htmlText = await page.text();
    expect(htmlText).toContain('<button type="button" id="continue">Continue as sso</button>');
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(htmlText).toContain(`<script nonce="${nonce}">`);
    expect(htmlText).toContain(`const targetOrigin = window.location.origin;`);
    const message = JSON.parse(/const message = (\{.*\});/.exec(htmlText)?.[1] ?? 'null') as {
      type: string;
      state: string;
      code: string;
    };
    expect(message).toMatchObject({ type: 'atrium-sso', state: start.state });

    const complete = (code: string) =>
      client.post(LOGIN, { action: 'external_complete', username: 'sso', state: start.state, code });
    const completed = await complete(message.code);
    expect(completed.status).toBe(200);
    expect(client.cookie).not.toBeNull();
    // Like a password sign-in, the answer carries the new session's start.
    const answer = await client.json(LoginResponseSchema, completed);
    expect(v.parse(InitializeResponseSchema, answer.initialize).sis.user.username).toBe('sso');
    // Single use.
    expect((await complete(message.code)).status).toBe(401);
  });

  it('burns an external sign-in state after a wrong code', async () => {
    const start = await client.json(
      ExternalStartResponseSchema,
      await client.post(LOGIN, { action: 'external_start', username: 'sso' }),
    );
    const html = await (await client.get(start.url)).text();
    const code = /"code":"([^"]+)"/.exec(html)?.[1] ?? '';
    const wrong = await client.post(LOGIN, {
      action: 'external_complete',
      username: 'sso',
      state: start.state,
      code: 'x',
    });
    expect(wrong.status).toBe(401);
    const right = await client.post(LOGIN, {
      action: 'external_complete',
      username: 'sso',
      state: start.state,
      code,
    });
    expect(right.status).toBe(401);
    expect((await client.get(start.url)).status).toBe(400);
    expect((await client.post(LOGIN, { action: 'external_start', username: 'student' })).status).toBe(400);
  });

  it('signs out with POST only: a GET offers the form and leaves the session alone', async () => {
    await client.boot('student');
    expect(await client.json(SuccessResponseSchema, await client.post('/common/login/logout.php'))).toEqual({
      success: true,
    });
    expect(client.cookie).toBeNull();
    client.token = null;
    expect((await client.post('/lapi/rpc/common/ionic/initialize')).status).toBe(401);

    await client.boot('student');
    const cookie = client.cookie;
    // What a link or an image on another site would do: nothing.
    const page = await client.get('/common/login/logout.php', { 'sec-fetch-site': 'cross-site' });
    expect(page.status).toBe(200);
    const markup = await page.text();
    expect(markup).toContain('<form method="post" action="/common/login/logout.php"');
    expect((await client.post('/lapi/rpc/common/ionic/initialize')).status).toBe(200);
    // A form post from another site is refused, and the session lives on.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const foreign = await client.request('POST', '/common/login/logout.php', '', {
      ...form,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect((await client.post('/lapi/rpc/common/ionic/initialize')).status).toBe(200);
    // The legacy pages' own form: signed out, sent to the login page.
    const posted = await client.request('POST', '/common/login/logout.php', '', {
      ...form,
      origin: server.url,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/common/login');
    const stale = new Client(server.url);
    stale.cookie = cookie;
    expect((await stale.post('/lapi/rpc/common/ionic/initialize')).status).toBe(401);
  });

  it('bridges bearer token and legacy cookie both ways', async () => {
    const token = await client.boot('hq');
    const bearerOnly = new Client(server.url);
    bearerOnly.token = token;
    // start_legacy_session is under /common: send the bearer explicitly.
    const started = await bearerOnly.post(
      '/common/login/start_legacy_session.php',
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(await bearerOnly.json(SuccessResponseSchema, started)).toEqual({ success: true });
    expect(bearerOnly.cookie).toBe(client.cookie);
    const cookieOnly = new Client(server.url);
    cookieOnly.cookie = client.cookie;
    const answer = await cookieOnly.json(
      AccessTokenResponseSchema,
      await cookieOnly.post('/common/login/get_access_token.php'),
    );
    expect(answer.access_token).toBe(token);
    expect((await new Client(server.url).post('/common/login/get_access_token.php')).status).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 JSON after too many attempts from one address, counts no lookups, and keeps serving', async () => {
    const server = await startServer({ loginRateLimit: 3 });
    try {
      const client = new Client(server.url);
      for (let i = 0; i < 5; i++) {
        expect((await client.post(LOGIN, { action: 'lookup', username: 'student' })).status).toBe(200);
      }
      for (let i = 0; i < 3; i++) {
        expect(
          (await client.post(LOGIN, { action: 'login', username: 'student', password: 'bad' })).status,
        ).toBe(401);
      }
      const limited = await client.post(LOGIN, {
        action: 'login',
        username: 'student',
        password: 'atrium-demo',
      });
      const body = await client.json(ErrorSchema, limited, 429);
      expect(body.error).toEqual({
        code: 'rate-limited',
        message: 'Too many sign-in attempts from this address. Wait a minute and try again.',
      });
      expect((await client.get('/lapi/rpc/login/settings')).status).toBe(200);
      expect(v.is(ErrorSchema, body)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('per-account sign-in limit', () => {
  it('refuses an account after its failed passwords, whatever the address, and only for the window', async () => {
    const server = await startServer({
      loginRateLimit: 1000,
      accountRateLimit: 3,
      accountRateWindowMs: 3000,
    });
    try {
      const attacker = new Client(server.url);
      for (let i = 0; i < 3; i++) {
        expect(
          (await attacker.post(LOGIN, { action: 'login', username: 'Student', password: 'bad' })).status,
        ).toBe(401);
      }
      // Even the right password is refused now, for that account only.
      const owner = new Client(server.url);
      const limited = await owner.post(LOGIN, {
        action: 'login',
        username: 'student',
        password: 'atrium-demo',
      });
      expect((await owner.json(ErrorSchema, limited, 429)).error).toEqual({
        code: 'rate-limited',
        message: 'Too many failed sign-ins for this account. Wait a few minutes and try again.',
      });
      await new Client(server.url).signIn('faculty', 101);
      // Successful sign-ins are not failures: the limit does not count them.
      for (let i = 0; i < 4; i++) await new Client(server.url).signIn('hq');
      // When the window is over the owner signs in again: nobody holds the account for long.
      await new Promise((resolve) => setTimeout(resolve, 3100));
      await owner.signIn('student');
    } finally {
      await server.close();
    }
  });
});

describe('external_start', () => {
  it('counts against its own per-address limit', async () => {
    const server = await startServer({ externalStartRateLimit: 3 });
    try {
      const client = new Client(server.url);
      for (let i = 0; i < 3; i++) {
        expect((await client.post(LOGIN, { action: 'external_start', username: 'sso' })).status).toBe(200);
      }
      const limited = await client.post(LOGIN, { action: 'external_start', username: 'sso' });
      expect((await client.json(ErrorSchema, limited, 429)).error.code).toBe('rate-limited');
    } finally {
      await server.close();
    }
  });

  it('keeps no expired or used state in memory', async () => {
    let clock = Date.parse('2026-01-05T09:00:00Z');
    const server = await startServer({ loginRateLimit: 1000, now: () => clock });
    try {
      const client = new Client(server.url);
      for (let i = 0; i < 20; i++) await client.post(LOGIN, { action: 'external_start', username: 'sso' });
      const states = server.app.atrium.state.ssoStates;
      expect(states.size).toBe(20);
      clock += 11 * 60 * 1000;
      await client.post(LOGIN, { action: 'external_start', username: 'sso' });
      expect(states.size).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('a computer lab behind one address', () => {
  it('signs 60 people in within the minute, while a guesser from that address is still stopped', async () => {
    // The defaults: 30 failed sign-ins per address a minute, 10 per account.
    const server = await startServer();
    try {
      const users = ['student', 'hq', 'root'] as const;
      // A class arriving together: ten at a time, sixty in all, every one of them right.
      for (let batch = 0; batch < 6; batch++) {
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            new Client(server.url).signIn(users[(batch + i) % 3] ?? 'student'),
          ),
        );
      }
      // The same address guessing: wrong passwords for many accounts run out within the minute, and then
      // even a right password from that address waits.
      const guesser = new Client(server.url);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await guesser.post(LOGIN, {
          action: 'login',
          username: `pupil${i}`,
          password: 'guess',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array<number>(30).fill(401), 429]);
      const refused = await guesser.post(LOGIN, {
        action: 'login',
        username: 'student',
        password: 'atrium-demo',
      });
      expect((await guesser.json(ErrorSchema, refused, 429)).error.message).toBe(
        'Too many sign-in attempts from this address. Wait a minute and try again.',
      );
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('the per-account limit and the spellings of a username', () => {
  const variants = [' faculty', 'faculty\t', 'faculty\u00a0', 'FACULTY', ' Faculty\u00a0', '\uff46aculty'];

  it('counts every spelling the backend takes for faculty as faculty', async () => {
    const server = await startServer({ accountRateLimit: variants.length });
    try {
      const client = new Client(server.url);
      for (const username of variants) {
        const response = await client.post(LOGIN, { action: 'login', username, password: 'bad' });
        expect(response.status).toBe(401);
      }
      const limited = await client.post(LOGIN, {
        action: 'login',
        username: 'faculty',
        password: 'atrium-demo',
        company_id: 101,
      });
      expect((await client.json(ErrorSchema, limited, 429)).error.code).toBe('rate-limited');
    } finally {
      await server.close();
    }
  });

  it('once faculty is locked, no spelling of it signs in with the right password', async () => {
    const server = await startServer({ accountRateLimit: 2 });
    try {
      const client = new Client(server.url);
      for (let i = 0; i < 2; i++) {
        await client.post(LOGIN, { action: 'login', username: 'faculty', password: 'bad' });
      }
      for (const username of variants) {
        const response = await client.post(LOGIN, {
          action: 'login',
          username,
          password: 'atrium-demo',
          company_id: 101,
        });
        expect((await client.json(ErrorSchema, response, 429)).error.message).toBe(
          'Too many failed sign-ins for this account. Wait a few minutes and try again.',
        );
      }
      // Another account from the same address is not affected.
      await client.signIn('student');
    } finally {
      await server.close();
    }
  });

  it('signs the account in under any of those spellings when nothing is locked', async () => {
    const server = await startServer();
    try {
      for (const username of variants) {
        const response = await new Client(server.url).post(LOGIN, {
          action: 'login',
          username,
          password: 'atrium-demo',
          company_id: 101,
        });
        expect(response.status).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});
