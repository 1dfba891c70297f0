/**
 * Atrium behind a front door (docs/deploy.md): the public origin decides CSRF, cookies and HSTS; only
 * trusted proxies' X-Forwarded-* count; listed legacy origins get CORS on the widgets' endpoints only.
 * The real nginx + PHP + Chromium run is tests/e2e/topology.spec.ts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_REFUSAL,
  parseListenHost,
  parseOrigins,
  parsePublicOrigins,
  parseTrustProxy,
} from './deploy-options.js';
import { OptionsError } from './options.js';
import { Client, ErrorSchema, startServer, type Running } from './test-helpers.js';

const LOGIN = '/common/login/login_actions.php';
const INITIALIZE = '/lapi/rpc/common/ionic/initialize';
const APP = 'https://app.school.test';
const LEGACY = 'https://legacy.school.test';

function optionsError(run: () => unknown): OptionsError {
  try {
    run();
  } catch (error) {
    if (error instanceof OptionsError) return error;
    throw error;
  }
  throw new Error('expected an OptionsError');
}

describe('settings', () => {
  it('reads public and embed origins, normalised, and refuses what is not an origin', () => {
    expect(parsePublicOrigins(undefined)).toEqual([]);
    expect(parsePublicOrigins(' https://App.School.edu/ , https://app.school.edu:8443')).toEqual([
      'https://app.school.edu',
      'https://app.school.edu:8443',
    ]);
    expect(parseOrigins('https://legacy.school.edu', 'ATRIUM_EMBED_ORIGINS')).toEqual([
      'https://legacy.school.edu',
    ]);
    expect(optionsError(() => parsePublicOrigins('app.school.edu')).message).toBe(
      'ATRIUM_PUBLIC_ORIGIN: "app.school.edu" is not an origin (e.g. https://app.school.edu)',
    );
    expect(optionsError(() => parsePublicOrigins('app.school.edu:443')).message).toMatch(
      /^ATRIUM_PUBLIC_ORIGIN: "app.school.edu:443" has no http:\/\/ or https:\/\/ scheme/,
    );
    expect(optionsError(() => parsePublicOrigins('https://app.school.edu/atrium')).message).toMatch(
      /has a path/,
    );
    expect(optionsError(() => parsePublicOrigins('https://app.school.edu,http://other.edu')).message).toMatch(
      /mixes http and https/,
    );
    expect(optionsError(() => parseOrigins('legacy', 'ATRIUM_EMBED_ORIGINS')).message).toMatch(
      /^ATRIUM_EMBED_ORIGINS: "legacy"/,
    );
  });

  it('refuses a wildcard origin with a line that says to list each one', () => {
    for (const entry of ['https://*.school.test', '*', 'https://legacy.school.test:*']) {
      const error = optionsError(() =>
        parseOrigins(`https://ok.school.test,${entry}`, 'ATRIUM_EMBED_ORIGINS'),
      );
      expect(error.code).toBe('invalid-origin');
      expect(error.message).toBe(
        `ATRIUM_EMBED_ORIGINS: "${entry}" has a wildcard, and origins are matched exactly; list each origin in full, comma-separated (e.g. https://legacy.school.test,https://lms.school.test)`,
      );
    }
  });

  it('reads ATRIUM_TRUST_PROXY with Fastify meaning and refuses a CIDR that does not parse', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(optionsError(() => parseTrustProxy('10.0.0.0/33')).message).toMatch(
      /^ATRIUM_TRUST_PROXY: "10.0.0.0\/33" is not an address or a CIDR/,
    );
    expect(optionsError(() => parseTrustProxy('proxy.school.edu')).code).toBe('invalid-trust-proxy');
    expect(optionsError(() => parseTrustProxy('1')).message).toMatch(/a hop count \(1\) is not trusted/);
  });

  it('refuses ATRIUM_TRUST_PROXY=true with a line that names the safe forms', () => {
    const error = optionsError(() => parseTrustProxy('true'));
    expect(error.code).toBe('invalid-trust-proxy');
    expect(error.message).toBe(
      "ATRIUM_TRUST_PROXY=true would believe X-Forwarded-For from any client that reaches Atrium directly; list the front door's addresses or CIDRs instead, comma-separated (e.g. 127.0.0.1, 10.0.0.0/8, or loopback)",
    );
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(parseListenHost(undefined)).toBe('127.0.0.1');
    expect(parseListenHost('0.0.0.0')).toBe('0.0.0.0');
    expect(parseListenHost('[::]')).toBe('::');
    expect(optionsError(() => parseListenHost('not a host')).code).toBe('invalid-host');
  });

  it('stops the server at start with one clear line for a wrong setting', async () => {
    const run = promisify(execFile);
    const main = path.join(import.meta.dirname, 'main.ts');
    const tsx = path.join(import.meta.dirname, '../../../node_modules/.bin/tsx');
    for (const [name, value, expected] of [
      ['ATRIUM_PUBLIC_ORIGIN', 'app.school.edu', 'ATRIUM_PUBLIC_ORIGIN: "app.school.edu" is not an origin'],
      ['ATRIUM_TRUST_PROXY', '10.0.0.0/40', 'ATRIUM_TRUST_PROXY: "10.0.0.0/40"'],
      // The demo backend on a public origin, without ATRIUM_PROXY or ATRIUM_DEMO=1.
      ['ATRIUM_PUBLIC_ORIGIN', 'https://app.school.edu', DEMO_REFUSAL],
      ['ATRIUM_TRUST_PROXY', 'true', "list the front door's addresses or CIDRs instead"],
    ] as const) {
      const failure = await run(tsx, [main], {
        env: { ...process.env, PORT: '0', [name]: value },
        timeout: 60_000,
      }).then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toBe('');
      const lines = failure?.stderr.trim().split('\n') ?? [];
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(expected);
    }
  }, 120_000);
});

describe('behind a TLS front door that rewrites Host', () => {
  let server: Running;
  beforeAll(async () => {
    // The test client is the "proxy": it reaches the server on 127.0.0.1, with Host 127.0.0.1:<port>.
    server = await startServer({ publicOrigins: [APP], trustProxy: ['127.0.0.1'], loginRateLimit: 1000 });
  });
  afterAll(() => server.close());

  it('signs in from the public origin and sets a Secure __Host- cookie, with HSTS', async () => {
    const client = new Client(server.url);
    const response = await client.post(
      LOGIN,
      { action: 'login', username: 'student', password: 'atrium-demo' },
      { origin: APP, 'sec-fetch-site': 'same-origin' },
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__Host-atrium_sid='));
    expect(cookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const init = await client.post(INITIALIZE, {}, { origin: APP });
    expect(init.status).toBe(200);
    // A plain-named cookie (planted by a sibling host) is not a session here.
    const planted = new Client(server.url);
    planted.cookie = (client.cookie ?? '').replace('__Host-', '');
    expect((await planted.post(INITIALIZE, {}, { origin: APP })).status).toBe(401);
  });

  it('refuses the socket origin with a 403 that names the setting', async () => {
    const client = new Client(server.url);
    const response = await client.post(
      LOGIN,
      { action: 'lookup', username: 'student' },
      { origin: server.url },
    );
    const body = await client.json(ErrorSchema, response, 403);
    expect(body.error.code).toBe('csrf');
    expect(body.error.message).toContain(`it is not ATRIUM_PUBLIC_ORIGIN (${APP})`);
  });
});

describe('X-Forwarded-* and the client address', () => {
  const attempt = (client: Client, forwardedFor: string) =>
    client.post(
      LOGIN,
      { action: 'login', username: 'student', password: 'wrong' },
      { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    );

  it('from an address that is not trusted, changes nothing', async () => {
    // Trusts a network the test client is not on: the headers are someone's forgery.
    const server = await startServer({ trustProxy: ['10.0.0.0/8'], loginRateLimit: 2 });
    try {
      const client = new Client(server.url);
      const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
      const lookup = { action: 'lookup', username: 'student' };
      expect((await client.post(LOGIN, lookup, { ...forged, origin: 'https://evil.example' })).status).toBe(
        403,
      );
      expect((await client.post(LOGIN, lookup, { ...forged, origin: server.url })).status).toBe(200);
      const login = await client.post(
        LOGIN,
        { action: 'login', username: 'student', password: 'atrium-demo' },
        { ...forged, origin: server.url },
      );
      expect(login.headers.getSetCookie().join()).toMatch(
        /^atrium_sid=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      expect(login.headers.get('strict-transport-security')).toBeNull();
      // The sign-in above succeeded, so it is not counted. Two failures use up the budget, and a new
      // X-Forwarded-For per try does not buy new tries: the limit counts the real peer.
      expect((await attempt(client, '203.0.113.1')).status).toBe(401);
      expect((await attempt(client, '203.0.113.2')).status).toBe(401);
      expect((await attempt(client, '203.0.113.3')).status).toBe(429);
      expect((await attempt(client, '203.0.113.4')).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('from a trusted proxy, the rate limit counts the client it reports', async () => {
    const server = await startServer({ trustProxy: ['127.0.0.1'], publicOrigins: [APP], loginRateLimit: 2 });
    try {
      const client = new Client(server.url);
      expect((await attempt(client, '203.0.113.1')).status).toBe(401);
      expect((await attempt(client, '203.0.113.1')).status).toBe(401);
      const limited = await attempt(client, '203.0.113.1');
      expect((await client.json(ErrorSchema, limited, 429)).error.code).toBe('rate-limited');
      // Another user behind the same front door still has their tries.
      expect((await attempt(client, '198.51.100.7')).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe('widgets on a legacy origin of the same site', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({
      publicOrigins: [APP],
      embedOrigins: [LEGACY],
      trustProxy: ['127.0.0.1'],
      loginRateLimit: 1000,
    });
  });
  afterAll(() => server.close());

  const preflight = (pathname: string, origin: string, method = 'POST') =>
    fetch(new URL(pathname, server.url), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type, authorization',
      },
    });

  it('answers the preflight of a widgets endpoint for a listed origin', async () => {
    const response = await preflight(INITIALIZE, LEGACY);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(LEGACY);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(response.headers.get('vary')).toMatch(/Origin/);
    const upload = await preflight('/uploads/some-token', LEGACY, 'PUT');
    expect(upload.status).toBe(204);
  });

  it('refuses an origin not listed, and endpoints the widgets do not use, naming the setting', async () => {
    const client = new Client(server.url);
    const other = await preflight(INITIALIZE, 'https://other.school.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const body = await client.json(ErrorSchema, other, 403);
    expect(body.error).toEqual({
      code: 'origin-not-allowed',
      message: `Origin https://other.school.test is not listed in ATRIUM_EMBED_ORIGINS: its pages cannot call ${INITIALIZE}.`,
    });
    const login = await preflight(LOGIN, LEGACY);
    expect(login.status).toBe(403);
    expect(login.headers.get('access-control-allow-origin')).toBeNull();
    const wrongMethod = await preflight(INITIALIZE, LEGACY, 'DELETE');
    expect(wrongMethod.status).toBe(403);
  });

  it('gives the session to the listed origin with credentials, and nothing else', async () => {
    const client = new Client(server.url);
    await client.signIn('root');
    const init = await client.post(INITIALIZE, {}, { origin: LEGACY, 'sec-fetch-site': 'same-site' });
    expect(init.status).toBe(200);
    expect(init.headers.get('access-control-allow-origin')).toBe(LEGACY);
    expect(init.headers.get('access-control-allow-credentials')).toBe('true');
    const roster = await client.post('/lapi/rpc/schools/roster', {}, { origin: LEGACY });
    expect(roster.status).toBe(200);
    expect(roster.headers.get('access-control-allow-origin')).toBe(LEGACY);
    // The toolbar's Releases panel calls Atrium's release API from the legacy host.
    const releases = await client.get('/lapi/releases', { origin: LEGACY });
    expect(releases.status).toBe(200);
    expect(releases.headers.get('access-control-allow-origin')).toBe(LEGACY);
    const canary = await preflight('/lapi/releases/try-canary', LEGACY);
    expect(canary.status).toBe(204);
    expect(canary.headers.get('access-control-allow-origin')).toBe(LEGACY);
    // The toolbar's 'Open in the new Atrium' reads the migration map from Atrium's host.
    const map = await client.get('/migration-map.json', { origin: LEGACY });
    expect(map.status).toBe(200);
    expect(map.headers.get('access-control-allow-origin')).toBe(LEGACY);

    // A write the widgets never make: refused by the CSRF check, with the cause.
    const lookup = await client.post(LOGIN, { action: 'lookup', username: 'root' }, { origin: LEGACY });
    expect((await client.json(ErrorSchema, lookup, 403)).error.message).toBe(
      `Origin ${LEGACY} is listed in ATRIUM_EMBED_ORIGINS, which allows only the widgets' endpoints, not ${LOGIN}.`,
    );
    expect(lookup.headers.get('access-control-allow-origin')).toBeNull();
    // An origin not listed: no CORS headers, and a write is refused.
    const other = await client.post(INITIALIZE, {}, { origin: 'https://other.school.test' });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // Another site is refused whatever the list says.
    const crossSite = await client.post(INITIALIZE, {}, { origin: LEGACY, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('lets the listed origin read a 401, so the widgets know nobody is signed in', async () => {
    const client = new Client(server.url);
    const init = await client.post(INITIALIZE, {}, { origin: LEGACY });
    expect(init.status).toBe(401);
    expect(init.headers.get('access-control-allow-origin')).toBe(LEGACY);
  });

  it('serves the widgets script to any page (public code, no credentials)', async () => {
    const response = await fetch(new URL('/widgets/atrium-widgets.js', server.url), {
      headers: { origin: 'https://other.school.test' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    // Where a widgets release's redirect leads: the release's hashed entry and its chunks, under /assets/.
    const asset = await fetch(new URL('/assets/atrium-widgets.0123456789abcdef.js', server.url), {
      headers: { origin: 'https://other.school.test' },
    });
    expect(asset.headers.get('access-control-allow-origin')).toBe('*');
    expect(asset.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
