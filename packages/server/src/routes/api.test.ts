import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DevUsersResponseSchema,
  InitializeResponseSchema,
  LegacyInitializeResponseSchema,
  LoginSettingsSchema,
  MessageResponseSchema,
  RosterResponseSchema,
  SuccessResponseSchema,
  SupportRecentResponseSchema,
  SwapCompanyResponseSchema,
  UnreadCountResponseSchema,
} from '@atrium/api/schemas';
import { APP_KEYS } from '@atrium/api/app-catalogue';
import { Client, ErrorSchema, normalizeHtml, startServer, type Running } from '../test-helpers.js';

let server: Running;
beforeAll(async () => {
  // Many sign-ins from one address: lift the limit the rate-limit test checks on its own.
  server = await startServer({ loginRateLimit: 1000 });
});
afterAll(() => server.close());

async function as(username: string, companyId?: number): Promise<Client> {
  const client = new Client(server.url);
  await client.boot(username, companyId);
  return client;
}
const initialize = async (client: Client) =>
  client.json(InitializeResponseSchema, await client.post('/lapi/rpc/common/ionic/initialize'));

describe('start-up calls', () => {
  it('initializes every demo account with its flags', async () => {
    const root = await initialize(await as('root'));
    expect(root.sis.user.is_root).toBe(true);
    expect(root.sis.telescope_enabled).toBe(true);
    expect(root.sis.environment).toBe('production');
    const hq = await initialize(await as('hq'));
    expect([hq.sis.is_hq, hq.sis.user.is_root, hq.sis.telescope_enabled]).toEqual([true, false, false]);
    const restricted = await initialize(await as('restricted'));
    expect(restricted.sis.access_restricted).toBe(true);
    expect(restricted.legacy_redirect).toBe('/legacy/acknowledge?return=%2Fstart');
    const student = await initialize(await as('student'));
    expect(student.legacy_redirect).toBeNull();
    expect(student.sis.acting_as).toBeNull();
    expect(student.locale_config.locale).toBe('en-US');
  });

  it('answers a visitor with no session 204 when asked optionally, 401 otherwise', async () => {
    const visitor = new Client(server.url);
    const optional = await visitor.post('/lapi/rpc/common/ionic/initialize?optional=1');
    expect(optional.status).toBe(204);
    expect(await optional.text()).toBe('');
    expect((await visitor.post('/lapi/rpc/common/ionic/initialize')).status).toBe(401);
    const student = await as('student');
    const signedIn = await student.json(
      InitializeResponseSchema,
      await student.post('/lapi/rpc/common/ionic/initialize?optional=1'),
    );
    expect(signedIn.sis.user.username).toBe('student');
    // The widgets start from that answer alone: it merges nothing into the legacy session, so carries none.
    expect(signedIn.legacy_initialize).toBeUndefined();
  });

  it('seeds notifications of every kind', async () => {
    const { system_notifications: list } = await initialize(await as('student'));
    expect(list.some((n) => n.closeable && !n.clickable && !n.static)).toBe(true);
    expect(list.some((n) => !n.closeable && !n.static)).toBe(true);
    expect(list.some((n) => n.clickable && n.body && n.routeInfo)).toBe(true);
    expect(list.some((n) => n.static && !n.closeable)).toBe(true);
    expect(list.some((n) => n.message.includes('<b>Maintenance</b> tonight'))).toBe(true);
    expect(new Set(list.map((n) => n.id)).size).toBe(list.length);
  });

  it('merges legacy session data, keeping the server-owned keys', async () => {
    const client = await as('student');
    const answer = await client.json(
      LegacyInitializeResponseSchema,
      await client.post('/common/api/lite/system/legacy_initialize', {
        session_data: { theme: 'dark', company_id: 999 },
      }),
    );
    expect(answer.success).toBe(true);
    expect(answer.session_data).toMatchObject({ theme: 'dark', company_id: 101, username: 'student' });
    const bad = await client.post('/common/api/lite/system/legacy_initialize', { session_data: 'x' });
    expect(bad.status).toBe(400);
    expect(
      (await new Client(server.url).post('/common/api/lite/system/legacy_initialize', { session_data: {} }))
        .status,
    ).toBe(401);
  });

  it('answers forgot-password and forgot-username without revealing accounts', async () => {
    const client = new Client(server.url);
    const known = await client.json(
      MessageResponseSchema,
      await client.post('/common/api/lite/system/forgot_password', { username: 'student' }),
    );
    const unknown = await client.json(
      MessageResponseSchema,
      await client.post('/common/api/lite/system/forgot_password', { username: 'ghost' }),
    );
    expect(known).toEqual(unknown);
    expect(known.message).toBe(
      'If an account matches, we have sent instructions to the e-mail address on file.',
    );
    const email = await client.json(
      MessageResponseSchema,
      await client.post('/common/api/lite/system/forgot_username', { email: 'someone@example.org' }),
    );
    expect(email.success).toBe(true);
    expect((await client.post('/common/api/lite/system/forgot_username', { email: '' })).status).toBe(400);
    expect((await client.post('/common/api/lite/system/forgot_password', {})).status).toBe(400);
  });

  it('serves login settings with the seven apps, or only exams in lockdown', async () => {
    const settings = await new Client(server.url).json(
      LoginSettingsSchema,
      await fetch(`${server.url}/lapi/rpc/login/settings`),
    );
    expect(settings.lockdown).toBe(false);
    expect(settings.apps.map((a) => a.key).sort()).toEqual([...APP_KEYS].sort());
    expect(settings.apps[0]?.logo).toMatch(/^\/static\/apps\/\w+\/logo\.webp$/);
    expect([settings.terms_url, settings.privacy_url]).toEqual(['/legacy/terms', '/legacy/privacy']);
    const locked = await startServer({ lockdown: true });
    try {
      const answer = await new Client(locked.url).json(
        LoginSettingsSchema,
        await fetch(`${locked.url}/lapi/rpc/login/settings`),
      );
      expect(answer.lockdown).toBe(true);
      expect(answer.apps.map((a) => a.key)).toEqual(['exams']);
    } finally {
      await locked.close();
    }
  });

  it('counts unread notifications', async () => {
    const client = await as('hq');
    expect(
      await client.json(
        UnreadCountResponseSchema,
        await client.get('/lapi/rpc/common/notifications/unread-count'),
      ),
    ).toEqual({ count: 5 });
  });
});

describe('root and headquarters actions', () => {
  it('gives the roster to root only, with a hostile abbreviation among the schools', async () => {
    const root = await as('root');
    const { data } = await root.json(RosterResponseSchema, await root.post('/lapi/rpc/schools/roster'));
    expect(data.length).toBeGreaterThanOrEqual(4);
    expect(data.map((s) => s.abbreviation)).toEqual(
      expect.arrayContaining(['umed', 'nursing-east', '//evil.example']),
    );
    for (const username of ['student', 'hq', 'faculty']) {
      const client = await as(username, username === 'faculty' ? 101 : undefined);
      expect((await client.post('/lapi/rpc/schools/roster')).status).toBe(403);
    }
    expect((await new Client(server.url).post('/lapi/rpc/schools/roster')).status).toBe(401);
  });

  it('swaps the school of a root session, and refuses bad input, non-root users and cross-site navigation', async () => {
    const root = await as('root');
    const swap = (query: string, headers?: Record<string, string>) =>
      root.get(`/common/switch/swap_company.php?${query}`, { 'x-atrium-company': '101', ...headers });
    const answer = await root.json(
      SwapCompanyResponseSchema,
      await swap('current_company_id=102&sis_school_id=1002&no_redirect=1'),
    );
    expect(answer).toEqual({
      success: true,
      school: expect.objectContaining({ sis_school_id: 1002, abbreviation: 'nursing-east' }),
    });
    const init = await initialize(root);
    expect([init.sis.company_id, init.sis.sis_school_id]).toEqual([102, 1002]);

    const redirect = await swap('current_company_id=105&sis_school_id=1005');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/home');
    expect((await swap('current_company_id=101&sis_school_id=9999&no_redirect=1')).status).toBe(404);
    expect((await swap('current_company_id=101&sis_school_id=1002&no_redirect=1')).status).toBe(400);
    expect((await swap('current_company_id=abc&sis_school_id=1002&no_redirect=1')).status).toBe(400);
    expect((await swap('sis_school_id=1002')).status).toBe(400);
    expect(
      (
        await swap('current_company_id=101&sis_school_id=1001&no_redirect=1', {
          'sec-fetch-site': 'cross-site',
        })
      ).status,
    ).toBe(403);
    const student = await as('student');
    expect(
      (
        await student.get(
          '/common/switch/swap_company.php?current_company_id=102&sis_school_id=1002&no_redirect=1',
          { 'x-atrium-company': '101' },
        )
      ).status,
    ).toBe(403);
  });

  it('refuses a swap that is not sent by Atrium’s own script: no stateful header', async () => {
    const root = await as('root');
    const url = '/common/switch/swap_company.php?current_company_id=102&sis_school_id=1002&no_redirect=1';
    // What a link, an image or a navigation from anywhere sends: the cookie, and no header of ours.
    for (const headers of [{}, { 'sec-fetch-site': 'same-origin' }, { 'x-atrium-company': '' }]) {
      const refused = await root.get(url, headers);
      expect((await root.json(ErrorSchema, refused, 403)).error.code).toBe('csrf');
    }
    const init = await initialize(root);
    expect([init.sis.company_id, init.sis.sis_school_id]).toEqual([101, 1001]);
  });

  it('lists recent support requests for root and hq, one with a draft document', async () => {
    for (const username of ['root', 'hq']) {
      const client = await as(username);
      const { data } = await client.json(
        SupportRecentResponseSchema,
        await client.post('/lapi/rpc/support/recent'),
      );
      expect(data.length).toBeGreaterThanOrEqual(4);
      const drafts = data.filter((r) => r.has_draft_document);
      expect(drafts.length).toBeGreaterThanOrEqual(1);
      for (const draft of drafts) expect(draft.display).toMatch(/draft/);
    }
    expect((await (await as('student')).post('/lapi/rpc/support/recent')).status).toBe(403);
  });

  it('lets root switch user and back, records it, and refuses everyone else', async () => {
    const root = await as('root');
    const users = await root.json(DevUsersResponseSchema, await root.post('/lapi/rpc/dev/users'));
    expect(users.data.map((u) => u.username)).toEqual([
      'student',
      'faculty',
      'root',
      'hq',
      'restricted',
      'sso',
    ]);
    expect(
      await root.json(
        SuccessResponseSchema,
        await root.post('/lapi/rpc/dev/switch-user', { username: 'student' }),
      ),
    ).toEqual({ success: true });
    const acting = await initialize(root);
    expect(acting.sis.user.username).toBe('student');
    expect(acting.sis.acting_as).toEqual({ original_username: 'root' });
    // Acting as a student means the student's permissions.
    expect((await root.post('/lapi/rpc/schools/roster')).status).toBe(403);
    expect((await root.post('/lapi/rpc/dev/switch-back')).status).toBe(200);
    const back = await initialize(root);
    expect([back.sis.user.username, back.sis.acting_as]).toEqual(['root', null]);
    expect((await root.post('/lapi/rpc/dev/switch-back')).status).toBe(400);
    expect((await root.post('/lapi/rpc/dev/switch-user', { username: 'nobody' })).status).toBe(404);

    const log = normalizeHtml(await (await root.get('/lapi/telescope/requests')).text());
    expect(log).toMatch(/<td>root<\/td><td>switch-user<\/td><td>student<\/td>/);
    expect(log).toMatch(/<td>root<\/td><td>switch-back<\/td><td>root<\/td>/);

    for (const username of ['hq', 'student']) {
      const client = await as(username);
      expect((await client.post('/lapi/rpc/dev/users')).status).toBe(403);
      expect((await client.post('/lapi/rpc/dev/switch-user', { username: 'root' })).status).toBe(403);
    }
  });

  it('shows the request log to telescope users only, without secrets', async () => {
    const root = await as('root');
    await new Client(server.url).post('/common/login/login_actions.php', {
      action: 'login',
      username: 'root',
      password: 'atrium-demo',
    });
    const page = await root.get('/lapi/telescope/requests');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const text = normalizeHtml(await page.text());
    expect(text).toContain('<html lang="en">');
    expect(text).toContain('<h1>Request log</h1>');
    expect(text).toContain('<td>POST</td><td>/common/login/login_actions.php</td><td>200</td><td>root</td>');
    expect(text).toContain('<td>/lapi/rpc/common/ionic/initialize</td>');
    expect(text).not.toContain('atrium-demo');
    expect(text).not.toContain(root.token ?? 'missing');
    expect(text).not.toContain((root.cookie ?? 'missing').split('=')[1]);
    expect((await (await as('hq')).get('/lapi/telescope/requests')).status).toBe(403);
    expect((await new Client(server.url).get('/lapi/telescope/requests')).status).toBe(401);
  });
});

describe('error shape', () => {
  it('answers refusals with { error: { code, message } }', async () => {
    const response = await (await as('student')).post('/lapi/rpc/dev/users');
    const body = await new Client(server.url).json(ErrorSchema, response, 403);
    expect(body.error.code).toBe('forbidden');
  });
});
