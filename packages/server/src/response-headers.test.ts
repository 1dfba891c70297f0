import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ErrorSchema, startServer, type Running } from './test-helpers.js';

const TRUSTED_TYPES = "require-trusted-types-for 'script'";

describe('security headers on every answer', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({ loginRateLimit: 1000 });
  });
  afterAll(() => server.close());

  it('answers that carry the access token are never stored by a cache', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    for (const response of [
      await client.post('/lapi/rpc/common/ionic/initialize'),
      await client.get('/common/login/get_access_token.php'),
    ]) {
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/access_token/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('JSON, errors and static files are never sniffed', async () => {
    const client = new Client(server.url);
    for (const response of [
      await client.get('/lapi/rpc/login/settings'),
      await client.post('/lapi/rpc/nothing/here'),
      await client.get('/static/base.css'),
      await client.get('/static/favicon.svg'),
    ]) {
      expect(response.headers.get('x-content-type-options'), response.url).toBe('nosniff');
    }
  });

  it('the legacy, SSO and request-log pages enforce Trusted Types', async () => {
    const client = new Client(server.url);
    await client.signIn('root');
    for (const path of [
      '/legacy/',
      '/legacy/terms',
      '/lapi/telescope/requests',
      '/common/login/sso/authorize',
    ]) {
      const response = await client.get(path);
      expect(response.headers.get('content-security-policy'), path).toContain(TRUSTED_TYPES);
    }
  });
});

/** A stand-in for the real backend: answers each path the way a troubled backend would. */
async function startBackend(): Promise<{ url: string; close(): Promise<void> }> {
  const hung = new Set<http.ServerResponse>();
  const backend = http.createServer((request, response) => {
    if (request.url?.startsWith('/common/page.php')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Legacy</title><h1>Legacy page</h1>');
    } else if (request.url?.startsWith('/lapi/hang')) {
      hung.add(response); // never answers
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const response of hung) response.destroy();
        backend.closeAllConnections();
        backend.close(() => resolve());
      }),
  };
}

describe('proxy mode', () => {
  let backend: Awaited<ReturnType<typeof startBackend>>;
  let proxy: Running;
  beforeAll(async () => {
    backend = await startBackend();
    proxy = await startServer({ proxy: backend.url, proxyTimeoutMs: 300 });
  });
  afterAll(async () => {
    await proxy.close();
    await backend.close();
  });

  it("adds Atrium's security headers to the backend's HTML", async () => {
    const response = await new Client(proxy.url).get('/common/page.php');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<h1>Legacy page</h1>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain(TRUSTED_TYPES);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('answers a backend that does not answer with 504 after the configured timeout', async () => {
    const response = await new Client(proxy.url).get('/lapi/hang');
    const body = await new Client(proxy.url).json(ErrorSchema, response, 504);
    expect(body.error.code).toBe('gateway-timeout');
  });

  it('answers a backend that is down with 502, not a 500', async () => {
    const closed = await startBackend();
    await closed.close();
    const orphan = await startServer({ proxy: closed.url, proxyTimeoutMs: 2000 });
    try {
      const response = await new Client(orphan.url).get('/lapi/rpc/login/settings');
      const body = await new Client(orphan.url).json(ErrorSchema, response, 502);
      expect(body.error.code).toBe('bad-gateway');
    } finally {
      await orphan.close();
    }
  });
});
