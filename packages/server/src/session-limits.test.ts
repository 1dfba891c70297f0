import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitializeResponseSchema, LegacyInitializeResponseSchema } from '@atrium/api/schemas';
import { Client, ErrorSchema, startServer, type Running } from './test-helpers.js';
import type { MemorySessionStore } from './state/sessions.js';

const LEGACY_INITIALIZE = '/common/api/lite/system/legacy_initialize';
const INITIALIZE = '/lapi/rpc/common/ionic/initialize';

/** `count` new keys of about 100 bytes each, named after `round` so every call adds new ones. */
function newKeys(round: number, count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${round}-${i}`, 'x'.repeat(90)]));
}

describe('the legacy session has a size cap', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({ loginRateLimit: 1000, sessionDataMaxBytes: 4096 });
  });
  afterAll(() => server.close());

  it('refuses with 413 what would grow it past the cap, and keeps what it held', async () => {
    const client = new Client(server.url);
    await client.boot('student');
    const first = await client.json(
      LegacyInitializeResponseSchema,
      await client.post(LEGACY_INITIALIZE, { session_data: newKeys(1, 10) }),
    );
    expect(first.session_data['k1-0']).toBe('x'.repeat(90));

    // The attack of the issue: new keys on every call, each answer larger than the last.
    let refused: Response | null = null;
    let refusedRound = 0;
    for (let round = 2; round < 40 && refused === null; round++) {
      const response = await client.post(LEGACY_INITIALIZE, { session_data: newKeys(round, 10) });
      if (response.status !== 200) {
        refused = response;
        refusedRound = round;
      } else expect((await response.text()).length).toBeLessThanOrEqual(4096 + 200);
    }
    expect(refused).not.toBeNull();
    const error = await client.json(ErrorSchema, refused as Response, 413);
    expect(error.error.code).toBe('too-large');

    // Nothing was lost and nothing of the refused call was kept; updates that fit still work.
    const after = await client.json(
      LegacyInitializeResponseSchema,
      await client.post(LEGACY_INITIALIZE, { session_data: { 'k1-0': 'dark' } }),
    );
    expect(after.session_data).toMatchObject({ 'k1-0': 'dark', 'k1-1': 'x'.repeat(90), username: 'student' });
    expect(Object.keys(newKeys(refusedRound, 10)).some((k) => k in after.session_data)).toBe(false);
    expect(Buffer.byteLength(JSON.stringify(after.session_data))).toBeLessThanOrEqual(4096);
  });
});

describe('start-up values over the legacy session cap', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({ loginRateLimit: 1000, sessionDataMaxBytes: 32 });
  });
  afterAll(() => server.close());

  it('still sign in and start, carrying no legacy_initialize answer; the call itself gets the refusal', async () => {
    const client = new Client(server.url);
    const response = await client.post('/common/login/login_actions.php', {
      action: 'login',
      username: 'student',
      password: 'atrium-demo',
    });
    const answer = (await response.json()) as { success: boolean; initialize: Record<string, unknown> };
    expect(response.status).toBe(200);
    expect(answer.success).toBe(true);
    expect(answer.initialize['lapi_access_token']).toEqual(expect.any(String));
    expect('legacy_initialize' in answer.initialize).toBe(false);
    const init = await client.json(InitializeResponseSchema, await client.post(INITIALIZE));
    expect(init.legacy_initialize).toBeUndefined();
    const refused = await client.post(LEGACY_INITIALIZE, { session_data: { theme: 'dark' } });
    expect((await client.json(ErrorSchema, refused, 413)).error.code).toBe('too-large');
  });
});

describe('sessions end', () => {
  let server: Running;
  let clock = 1_700_000_000_000;
  beforeAll(async () => {
    server = await startServer({
      loginRateLimit: 1000,
      sessionIdleMs: 60_000,
      sessionMaxMs: 300_000,
      sessionsPerAccount: 100,
      now: () => clock,
    });
  });
  afterAll(() => server.close());

  it('after the idle lifetime without a request, for the token and the cookie alike', async () => {
    const client = new Client(server.url);
    await client.boot('student');
    clock += 59_000;
    expect((await client.post(INITIALIZE)).status).toBe(200);
    clock += 59_000;
    expect((await client.get('/legacy/')).status).toBe(200);
    clock += 60_000;
    expect((await client.post(INITIALIZE)).status).toBe(401);
    // The cookie names the same, now ended, session: legacy pages send the user to sign in.
    const legacy = await client.get('/legacy/');
    expect(legacy.status).toBe(302);
    expect(legacy.headers.get('location')).toMatch(/^\/common\/login\?returnUrl=/);
  });

  it('at the absolute lifetime however busy the session is', async () => {
    const client = new Client(server.url);
    await client.boot('faculty', 101);
    for (let elapsed = 0; elapsed + 50_000 < 300_000; elapsed += 50_000) {
      clock += 50_000;
      await client.json(InitializeResponseSchema, await client.post(INITIALIZE));
    }
    clock += 50_000;
    expect((await client.post(INITIALIZE)).status).toBe(401);
  });

  it('and ended sessions leave memory even when nobody comes back for them', async () => {
    const sessions = server.app.atrium.state.sessions as MemorySessionStore;
    for (let i = 0; i < 20; i++) await new Client(server.url).signIn('student');
    const held = sessions.size();
    expect(held).toBeGreaterThanOrEqual(20);
    clock += 120_000;
    await new Client(server.url).signIn('student');
    expect(sessions.size()).toBe(1);
  });
});

describe('live sessions per account are capped', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({ sessionsPerAccount: 3 });
  });
  afterAll(() => server.close());

  it('a sign-in beyond the cap ends that account’s oldest session, and no other', async () => {
    const other = new Client(server.url);
    await other.boot('hq');
    const devices: Client[] = [];
    for (let i = 0; i < 3; i++) {
      const device = new Client(server.url);
      await device.boot('student');
      devices.push(device);
    }
    for (const device of devices) expect((await device.post(INITIALIZE)).status).toBe(200);

    const newest = new Client(server.url);
    await newest.boot('student');
    const [oldest, ...rest] = devices;
    // The oldest ended, for its token and its cookie alike.
    expect((await oldest?.post(INITIALIZE))?.status).toBe(401);
    expect((await oldest?.get('/legacy/'))?.status).toBe(302);
    for (const device of [...rest, newest]) expect((await device.post(INITIALIZE)).status).toBe(200);
    expect((await other.post(INITIALIZE)).status).toBe(200);

    // However many times the account signs in, it holds three sessions.
    for (let i = 0; i < 10; i++) await new Client(server.url).signIn('student');
    expect((server.app.atrium.state.sessions as MemorySessionStore).size()).toBe(3 + 1);
  });
});

describe('deeply nested session data', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const nested = (depth: number): string =>
    `{"session_data":{"theme":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;

  it('refuses 5,000 levels with a 400 that names the rule, and keeps the session as it was', async () => {
    const client = new Client(server.url);
    await client.boot('student');
    const refused = await client.post(LEGACY_INITIALIZE, nested(5000));
    expect((await client.json(ErrorSchema, refused, 400)).error).toEqual({
      code: 'invalid-request',
      message: 'The JSON body nests deeper than 32 levels of objects and arrays.',
    });
    const after = await client.json(
      LegacyInitializeResponseSchema,
      await client.post(LEGACY_INITIALIZE, { session_data: {} }),
    );
    expect('theme' in after.session_data).toBe(false);
    // Nesting within the rule is kept as sent.
    const kept = await client.post(LEGACY_INITIALIZE, nested(29));
    expect(kept.status).toBe(200);
  });
});
