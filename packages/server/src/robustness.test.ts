import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ErrorSchema, startServer, type Running } from './test-helpers.js';

let server: Running;
let client: Client;
beforeAll(async () => {
  server = await startServer({ loginRateLimit: 1000 });
  client = new Client(server.url);
});
afterAll(() => server.close());

const LOGIN = '/common/login/login_actions.php';

async function expectError(response: Response, status: number, code?: string): Promise<void> {
  const body = await client.json(ErrorSchema, response, status);
  if (code) expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe('bad input', () => {
  it('answers wrong types, missing fields and unknown actions with 400 JSON', async () => {
    await expectError(
      await client.post(LOGIN, { action: 'login', username: 42, password: 'x' }),
      400,
      'invalid-request',
    );
    await expectError(
      await client.post(LOGIN, { action: 'login', username: 'student' }),
      400,
      'invalid-request',
    );
    await expectError(await client.post(LOGIN, { action: 'explode' }), 400);
    await expectError(await client.post(LOGIN, { action: 'lookup', username: 'x'.repeat(65) }), 400);
    await expectError(await client.post(LOGIN, '{"action": "lookup", '), 400);
    await expectError(await client.post(LOGIN, []), 400);
    await expectError(await client.post(LOGIN, 'null'), 400);
  });

  it('answers an unsupported content type with 415 and a huge body with 413', async () => {
    await expectError(
      await client.post(LOGIN, '<lookup/>', { 'content-type': 'application/xml' }),
      415,
      'unsupported-media-type',
    );
    await expectError(
      await client.post(LOGIN, 'action=lookup', { 'content-type': 'text/plain' }),
      400,
      'invalid-request',
    );
    const huge = JSON.stringify({ action: 'lookup', username: 'x'.repeat(200_000) });
    await expectError(await client.post(LOGIN, huge), 413, 'too-large');
  });

  it('answers unknown API paths with 404 JSON', async () => {
    await expectError(await client.post('/lapi/rpc/nothing/here'), 404, 'not-found');
    await expectError(await client.get('/lapi/rpc/nothing/here'), 404, 'not-found');
    await expectError(await client.get('/common/api/lite/system/nope'), 404, 'not-found');
    await expectError(await client.get('/common/login/nope.php'), 404, 'not-found');
    await expectError(await client.request('DELETE', '/home'), 404, 'not-found');
  });

  it('keeps serving after all of that', async () => {
    expect((await client.post(LOGIN, { action: 'lookup', username: 'student' })).status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses cross-site and foreign-origin writes, and allows same-origin ones', async () => {
    const body = { action: 'lookup', username: 'student' };
    await expectError(await client.post(LOGIN, body, { 'sec-fetch-site': 'cross-site' }), 403, 'csrf');
    await expectError(await client.post(LOGIN, body, { origin: 'https://evil.example' }), 403, 'csrf');
    await expectError(await client.post(LOGIN, body, { origin: 'null' }), 403, 'csrf');
    expect(
      (await client.post(LOGIN, body, { origin: server.url, 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200);
    // A GET is a read: not refused for its Origin.
    expect((await client.get('/lapi/rpc/login/settings', { origin: 'https://evil.example' })).status).toBe(
      200,
    );
  });
});

describe('proxy mode', () => {
  it('forwards /lapi and /common to the upstream, and serves the login page locally', async () => {
    const upstream = await startServer();
    const proxy = await startServer({ proxy: upstream.url });
    try {
      const proxied = new Client(proxy.url);
      const lookup = await proxied.post(LOGIN, { action: 'lookup', username: 'faculty' });
      expect(lookup.status).toBe(200);
      expect(((await lookup.json()) as { next: string }).next).toBe('organization');
      const login = await proxied.get('/common/login');
      expect(login.status).toBe(503); // no build in the test: served locally, not by the upstream
      expect(await login.text()).toContain('Atrium is not built yet');
      const entries = await upstream.app.atrium.state.requestLog.entries();
      expect(entries.map((e) => e.path)).toContain(LOGIN);
      expect(entries.map((e) => e.path)).not.toContain('/common/login');
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
