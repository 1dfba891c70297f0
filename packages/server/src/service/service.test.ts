import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type Running } from '../test-helpers.js';
import { assertDemoAllowed, DEMO_REFUSAL, isLoopbackHost } from '../deploy-options.js';
import { DEMO_NOTICE_TEXT } from '../html/index-template.js';
import type { OptionsError } from '../options.js';
import { closeGracefully } from './shutdown.js';
import { createFileReleaseStore, createReleaseService } from '@atrium/releases';
import { baselineModules, examsArea, initFrom, uploadBody } from '@atrium/releases/testing';

const LOGIN = '/common/login/login_actions.php';

/** A build of one page: enough for the login page and /readyz. */
async function fakeDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'atrium-service-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><body>{{LOGIN_FRAME}}<div id="atrium-app"></div></body></html>',
  );
  return dist;
}

function captureLog(): { stream: Writable; text: () => string; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('the demo backend on a public server', () => {
  const demo = { publicOrigins: [] as string[], proxy: null as string | null, demo: false };
  const refusal = (run: () => void): string => {
    try {
      run();
    } catch (error) {
      return (error as OptionsError).message;
    }
    return 'started';
  };

  it('is refused with one line naming ATRIUM_PROXY and ATRIUM_DEMO', () => {
    expect(
      refusal(() => assertDemoAllowed({ ...demo, publicOrigins: ['https://app.school.test'] }, '127.0.0.1')),
    ).toBe(DEMO_REFUSAL);
    expect(refusal(() => assertDemoAllowed(demo, '0.0.0.0'))).toBe(DEMO_REFUSAL);
    expect(refusal(() => assertDemoAllowed(demo, '::'))).toBe(DEMO_REFUSAL);
    expect(DEMO_REFUSAL).toContain('ATRIUM_PROXY');
    expect(DEMO_REFUSAL).toContain('ATRIUM_DEMO=1');
    expect(DEMO_REFUSAL).not.toContain('\n');
  });

  it('starts with a real backend, with ATRIUM_DEMO=1, or on loopback', () => {
    const publicDemo = { ...demo, publicOrigins: ['https://app.school.test'] };
    expect(
      refusal(() => assertDemoAllowed({ ...publicDemo, proxy: 'https://backend.test' }, '0.0.0.0')),
    ).toBe('started');
    expect(refusal(() => assertDemoAllowed({ ...publicDemo, demo: true }, '0.0.0.0'))).toBe('started');
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
      expect(isLoopbackHost(host)).toBe(true);
      expect(refusal(() => assertDemoAllowed(demo, host))).toBe('started');
    }
    expect(isLoopbackHost('10.0.0.5')).toBe(false);
  });

  it('with ATRIUM_DEMO=1, says so on the login page', async () => {
    const distDir = await fakeDist();
    const server = await startServer({ distDir, demo: true, publicOrigins: [] });
    const plain = await startServer({ distDir });
    try {
      const page = await (await fetch(`${server.url}/common/login`)).text();
      expect(page).toContain(DEMO_NOTICE_TEXT);
      expect(page).toMatch(/<p class="atrium-demo-notice" role="note">/);
      expect(await (await fetch(`${plain.url}/common/login`)).text()).not.toContain(DEMO_NOTICE_TEXT);
    } finally {
      await server.close();
      await plain.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });

  it('behind ATRIUM_PROXY keeps the release API its own, for the deploy token', async () => {
    const token = 'service-test-deploy-token-0123456789';
    const proxied = await startServer({ proxy: 'http://127.0.0.1:9', deployToken: token });
    try {
      // Not forwarded (the backend at :9 would be a 502): Atrium answers, and knows no backend session.
      expect((await fetch(`${proxied.url}/lapi/releases`)).status).toBe(401);
      const withToken = await fetch(`${proxied.url}/lapi/releases`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(withToken.status).toBe(200);
      expect((await fetch(`${proxied.url}/lapi/rpc/anything`, { method: 'POST' })).status).toBe(502);
    } finally {
      await proxied.close();
    }
  });

  it('takes the demo legacy pages with it: behind ATRIUM_PROXY /legacy/ is not served', async () => {
    const demoServer = await startServer();
    const proxied = await startServer({ proxy: 'http://127.0.0.1:9' });
    try {
      expect((await fetch(`${demoServer.url}/legacy/terms`)).status).toBe(200);
      expect((await fetch(`${proxied.url}/legacy/terms`)).status).toBe(404);
      expect((await fetch(`${proxied.url}/legacy/`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await demoServer.close();
      await proxied.close();
    }
  });
});

describe('probes', () => {
  let server: Running;
  let distDir: string;
  beforeAll(async () => {
    distDir = await fakeDist();
    server = await startServer({ distDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('/healthz answers while the process is up', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 with a build and a readable release store', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz is 503 with the reason when there is no build and no release', async () => {
    const bare = await startServer();
    try {
      const response = await fetch(`${bare.url}/readyz`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { failures: { check: string; reason: string }[] };
      expect(body.failures.map((failure) => failure.check)).toEqual(['build']);
      expect(body.failures[0]?.reason).toContain('index.html');
    } finally {
      await bare.close();
    }
  });

  it('/readyz is 503 when the release store cannot be read', async () => {
    const broken = await startServer({ distDir });
    try {
      const releasesDir = broken.app.atrium.options.releasesDir;
      await rm(releasesDir, { recursive: true, force: true });
      await writeFile(releasesDir, 'not a directory');
      const response = await fetch(`${broken.url}/readyz`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { failures: { check: string }[] };
      expect(body.failures.map((failure) => failure.check)).toContain('release-store');
    } finally {
      await broken.close();
    }
  });

  it('/readyz is 503 when Redis is configured and does not answer', async () => {
    const withRedis = await startServer({ distDir, redisUrl: 'redis://127.0.0.1:9' });
    try {
      const response = await fetch(`${withRedis.url}/readyz`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { failures: { check: string }[] };
      expect(body.failures.map((failure) => failure.check)).toContain('redis');
    } finally {
      await withRedis.close();
    }
  });

  it('file-like and unknown probe paths answer 404, not the app page', async () => {
    for (const pathname of [
      '/favicon.ico',
      '/styles.css',
      '/home/app.js',
      '/main.js.map',
      '/healthz/deep',
      '/metrics/x',
      '/readyz/x',
      '/assets/missing.abc123.js',
    ]) {
      expect([pathname, (await fetch(`${server.url}${pathname}`)).status]).toEqual([pathname, 404]);
    }
    expect((await fetch(`${server.url}/home`)).status).toBe(200);
  });
});

describe('/metrics', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({ metricsAllow: ['10.0.0.0/8'] });
  });
  afterAll(() => server.close());

  it('carries requests by route and status, latency, the live release, sessions and refused sign-ins', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    expect(
      (await client.post(LOGIN, { action: 'login', username: 'student', password: 'wrong' })).status,
    ).toBe(401);
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /atrium_http_requests_total\{method="POST",route="\/common\/login\/login_actions\.php",status="200"\} 1/,
    );
    expect(text).toMatch(
      /atrium_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/common\/login\/login_actions\.php",status="401"\}/,
    );
    expect(text).toContain('atrium_live_release_info{release="build"} 1');
    expect(text).toMatch(/atrium_live_sessions 1\n/);
    expect(text).toMatch(/atrium_sign_ins_refused_total\{reason="wrong-credentials"\} 1/);
    expect(text).toContain('atrium_process_cpu_user_seconds_total');
  });

  it('is served to loopback and ATRIUM_METRICS_ALLOW only', async () => {
    const allowed = await server.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(allowed.statusCode).toBe(200);
    // Through a front door on loopback, for a visitor elsewhere: refused.
    const forwarded = await fetch(`${server.url}/metrics`, {
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(forwarded.status).toBe(404);
    const other = await server.app.inject({ url: '/metrics', remoteAddress: '192.0.2.7' });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('atrium_');
  });
});

describe('the request log', () => {
  const log = captureLog();
  let server: Running;
  beforeAll(async () => {
    server = await startServer({ logger: { level: 'info', stream: log.stream } });
  });
  afterAll(() => server.close());

  it('writes one JSON line per request with its id, user, status and time', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    const page = await client.get('/legacy/terms', { 'x-request-id': 'front-door-42' });
    expect(page.headers.get('x-request-id')).toBe('front-door-42');
    const made = await fetch(`${server.url}/legacy/privacy`);
    const madeId = made.headers.get('x-request-id');
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
    // A header that could write into the log is replaced, not kept.
    const hostile = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b"} injected' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => log.lines().filter((line) => line['msg'] === 'request').length)
      .toBeGreaterThan(3);
    const lines = log.lines().filter((line) => line['msg'] === 'request');
    const terms = lines.filter((line) => line['reqId'] === 'front-door-42');
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({ method: 'GET', path: '/legacy/terms', status: 200, user: 'student' });
    expect(typeof terms[0]?.['durationMs']).toBe('number');
    expect(lines.filter((line) => line['reqId'] === madeId)).toHaveLength(1);
  });

  it('never carries a secret: upload tokens, SSO states, access tokens, cookies', async () => {
    const client = new Client(server.url);
    const token = await client.boot('root');
    const cookie = client.cookie ?? '';
    expect(cookie).not.toBe('');
    const target = (await (
      await client.post('/lapi/rpc/support/upload-url', { mimetype: 'video/webm', size: 4, ext: 'webm' })
    ).json()) as { upload_url: string };
    const uploadToken = target.upload_url.split('/').pop() ?? '';
    await client.request('PUT', target.upload_url, 'abcd', { 'content-type': 'video/webm' });
    await client.get(`/lapi/rpc/nothing-here?access_token=${token}`);
    const sso = new Client(server.url);
    const started = (await (await sso.post(LOGIN, { action: 'external_start', username: 'sso' })).json()) as {
      state: string;
    };
    await sso.get(`/common/login/sso/authorize?state=${encodeURIComponent(started.state)}`);
    await sso.post(LOGIN, {
      action: 'external_complete',
      username: 'sso',
      state: started.state,
      code: 'wrong',
    });
    // The last call's line (its refusal) is in: every line before it is too.
    await expect
      .poll(() => log.lines().some((line) => line['msg'] === 'request' && line['status'] === 401))
      .toBe(true);
    const text = log.text();
    for (const secret of [uploadToken, started.state, token, cookie.split('=')[1] ?? 'x']) {
      expect(secret.length).toBeGreaterThan(8);
      expect(text).not.toContain(secret);
    }
  });
});

describe('a graceful shutdown', () => {
  it('turns /readyz 503 at once, and lets the request in flight finish', async () => {
    const distDir = await fakeDist();
    const server = await startServer({ distDir, shutdownGraceMs: 10_000 });
    try {
      // A request in flight: its body not all sent yet.
      const body = JSON.stringify({ action: 'lookup', username: 'student' });
      const { request } = await import('node:http');
      const answered = new Promise<number>((resolve, reject) => {
        const call = request(
          `${server.url}/common/login/login_actions.php`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        call.on('error', reject);
        call.write(body.slice(0, 5));
        setTimeout(() => call.end(body.slice(5)), 500);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closed = closeGracefully(server.app, 10_000);
      const probe = await server.app.inject({ url: '/readyz' });
      expect(probe.statusCode).toBe(503);
      expect(probe.json()).toMatchObject({ failures: [{ check: 'shutdown' }] });
      expect(await answered).toBe(200);
      await closed;
    } finally {
      await server.close().catch(() => undefined);
      await rm(distDir, { recursive: true, force: true });
    }
  });
});

describe('the live release', () => {
  it('is logged by the instance when it changes: id, apps changed, author', async () => {
    const log = captureLog();
    const distDir = await fakeDist();
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-service-releases-'));
    const token = 'service-test-deploy-token-0123456789';
    const server = await startServer({
      distDir,
      releasesDir,
      deployToken: token,
      releasePollMs: 50,
      logger: { level: 'info', stream: log.stream },
    });
    const changes = () => log.lines().filter((line) => line['msg'] === 'live release changed');
    try {
      await initFrom(createReleaseService({ store: createFileReleaseStore(releasesDir) }), baselineModules());
      await expect.poll(changes).toHaveLength(1);
      expect(changes()[0]).toMatchObject({
        release: 'r000001',
        appsChanged: ['@atrium/area-exams', 'react'],
        author: 'ops',
      });
      const published = await fetch(`${server.url}/lapi/releases/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(uploadBody(examsArea('0.1.0+bbb'))),
      });
      expect(published.status).toBe(200);
      await expect.poll(changes).toHaveLength(2);
      expect(changes()[1]).toMatchObject({
        release: 'r000002',
        appsChanged: ['@atrium/area-exams'],
        author: 'deploy-token',
      });
    } finally {
      await server.close();
      await rm(distDir, { recursive: true, force: true });
      await rm(releasesDir, { recursive: true, force: true });
    }
  });
});
