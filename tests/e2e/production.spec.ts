/**
 * docs/deploy.md's production checklist, followed as an operator does, on real parts: the compiled server
 * (`npm run build`), two instances started by `npm run serve` and pointed at a real backend (a small fake
 * one here) with ATRIUM_PROXY, sharing Debian's redis-server (its URL and the deploy token read from
 * files), the release store initialised from the build, nginx ending TLS with the one-origin template and
 * one `server` line per instance. Then the probes and metrics are scraped, and the instances are
 * restarted one at a time by SIGTERM while a client keeps loading through nginx: no request may fail.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { Redis } from 'ioredis';
import { examsArea, uploadBody } from '@atrium/releases/testing';
import {
  freePort,
  makeCertificate,
  renderDeployTemplate,
  startNginx,
  startRedis,
  type RunningRedis,
  type RunningServer,
} from '../real/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const HOST = 'school.test';
const TOKEN = 'production-spec-deploy-token-0123456789';
const run = promisify(execFile);
/** How long nginx leaves an instance out after a failed try (docs/deploy.md's rolling restart waits it out). */
const FAIL_TIMEOUT_S = 2;

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

let work: string;
let redis: RunningRedis;
let backend: http.Server;
let backendPort = 0;
let nginx: RunningServer;
let doorPort = 0;
const instances: Instance[] = [];
let instanceEnv: Record<string, string>;

/** Answers as the real backend would, and says who answered. */
function startBackend(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && request.url === '/common/login/login_actions.php') {
      request.resume();
      response.statusCode = 401;
      response.end(JSON.stringify({ success: false, message: 'Wrong username or password.' }));
      return;
    }
    response.end(JSON.stringify({ backend: true, path: request.url }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`);
  return { status: response.status, body: await response.text() };
}

/** `npm run serve` on `port`, as the checklist runs it; resolves once /readyz says ready. */
async function startInstance(port: number): Promise<Instance> {
  const child = spawn('npm', ['run', 'serve', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, ...instanceEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await expect
    .poll(
      async () => (child.exitCode === null ? (await get(port, '/readyz').catch(() => null))?.status : -1),
      {
        timeout: 60_000,
        message: `instance on ${port} ready:\n${output}`,
      },
    )
    .toBe(200);
  return { port, child, exited, output: () => output };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = await mkdtemp(path.join(os.tmpdir(), 'atrium-production-'));
  redis = await startRedis();
  backend = await startBackend();
  backendPort = (backend.address() as { port: number }).port;
  doorPort = await freePort();
  const ports = [await freePort(), await freePort()];
  // Step 4 and 5: the secrets in files, read through the *_FILE settings.
  await writeFile(path.join(work, 'redis-url'), `${redis.url}\n`);
  await writeFile(path.join(work, 'deploy-token'), `${TOKEN}\n`);
  await mkdir(path.join(work, 'legacy', 'violet'), { recursive: true });
  const releasesDir = path.join(work, 'releases');
  instanceEnv = {
    ATRIUM_PROXY: `http://127.0.0.1:${backendPort}`,
    ATRIUM_PUBLIC_ORIGIN: `https://${HOST}:${doorPort}`,
    ATRIUM_TRUST_PROXY: '127.0.0.1',
    ATRIUM_REDIS_URL_FILE: path.join(work, 'redis-url'),
    ATRIUM_DEPLOY_TOKEN_FILE: path.join(work, 'deploy-token'),
    ATRIUM_RELEASES_DIR: releasesDir,
    ATRIUM_UPLOADS_DIR: path.join(work, 'uploads'),
    ATRIUM_SHUTDOWN_GRACE_MS: '10000',
  };
  // Step 5: the release store starts from the build.
  const { stdout } = await run(TSX, ['scripts/release.ts', 'init'], {
    cwd: ROOT,
    env: { ...process.env, ATRIUM_REDIS_URL: redis.url, ATRIUM_RELEASES_DIR: releasesDir },
  });
  expect(stdout).toContain('r000001 live');
  for (const port of ports) instances.push(await startInstance(port));
  // Step 8: nginx ending TLS, one server line per instance.
  const certificate = await makeCertificate([HOST]);
  nginx = await startNginx({
    port: doorPort,
    servers: renderDeployTemplate('one-origin.conf.template', {
      LISTEN: `127.0.0.1:${doorPort}`,
      HTTP_LISTEN: `127.0.0.1:${await freePort()}`,
      PUBLIC_HOST: HOST,
      TLS_CERT: certificate.cert,
      TLS_KEY: certificate.key,
      ATRIUM_SERVERS: ports
        .map((port) => `server 127.0.0.1:${port} fail_timeout=${FAIL_TIMEOUT_S}s;`)
        .join(' '),
      PHP_FPM: '127.0.0.1:9',
      LEGACY_ROOT: path.join(work, 'legacy'),
    }),
  });
});

test.afterAll(async () => {
  for (const instance of instances) {
    if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
    await instance.exited;
  }
  await nginx?.stop();
  await redis?.stop();
  await new Promise((resolve) => backend?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
});

/** A GET through nginx over TLS, on a kept-alive connection as a browser would. */
const agent = new https.Agent({
  keepAlive: true,
  maxSockets: 4,
  rejectUnauthorized: false,
  servername: HOST,
});
function throughDoor(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: '127.0.0.1',
          port: doorPort,
          path: pathname,
          agent,
          headers: { host: `${HOST}:${doorPort}` },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      )
      .on('error', reject);
  });
}

test('through the front door: the login page from Atrium, the API from the real backend', async () => {
  const page = await throughDoor('/common/login');
  expect(page.status).toBe(200);
  expect(page.body).toContain('<meta name="atrium-build"');
  expect(page.body).not.toContain('Demonstration site');
  const api = await throughDoor('/lapi/rpc/common/ionic/initialize');
  expect(JSON.parse(api.body)).toEqual({ backend: true, path: '/lapi/rpc/common/ionic/initialize' });
  // A sign-in the backend refuses is counted by the instance that passed it on.
  const refused = await new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ action: 'login', username: 'student', password: 'wrong' });
    https
      .request(
        {
          host: '127.0.0.1',
          port: doorPort,
          method: 'POST',
          path: '/common/login/login_actions.php',
          agent,
          headers: {
            host: `${HOST}:${doorPort}`,
            origin: `https://${HOST}:${doorPort}`,
            'content-type': 'application/json',
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
      .on('error', reject)
      .end(body);
  });
  expect(refused).toBe(401);
  const counted = await Promise.all(instances.map((instance) => get(instance.port, '/metrics')));
  expect(
    counted.filter(({ body }) =>
      body.includes('atrium_sign_ins_refused_total{reason="wrong-credentials"} 1'),
    ),
  ).toHaveLength(1);
  // The demo's legacy pages went with the demo backend.
  expect((await throughDoor('/legacy/terms')).status).toBe(404);
});

test('probes and metrics, scraped from each instance', async () => {
  for (const instance of instances) {
    expect((await get(instance.port, '/healthz')).status).toBe(200);
    expect((await get(instance.port, '/readyz')).body).toBe('{"status":"ready"}');
    const metrics = await get(instance.port, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('atrium_live_release_info{release="r000001"} 1');
    expect(metrics.body).toContain('atrium_redis_up 1');
    expect(metrics.body).toMatch(
      /atrium_http_requests_total\{method="GET",route="\/readyz",status="200"\} \d+/,
    );
  }
  // Not to visitors: through nginx (on loopback) the request carries the visitor's address.
  expect((await throughDoor('/metrics')).status).toBe(404);
});

/** Requests for the login page an instance has answered: the rolling load below asks for it through nginx. */
function servedThroughDoor(metrics: string): number {
  const line = /atrium_http_requests_total\{method="GET",route="\/common\/login",status="200"\} (\d+)/.exec(
    metrics,
  );
  return Number(line?.[1] ?? 0);
}

test('a rolling restart by SIGTERM loses no request', async () => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  let answered = 0;
  let loading = true;
  const load = (async () => {
    const paths = ['/common/login', '/importmap.json', '/lapi/rpc/backend-ping'];
    for (let i = 0; loading; i++) {
      const pathname = paths[i % paths.length] ?? '/';
      await throughDoor(pathname).then(
        ({ status }) => {
          answered++;
          if (status !== 200) failures.push(`${pathname}: ${status}`);
        },
        (error: Error) => failures.push(`${pathname}: ${error.message}`),
      );
    }
  })();
  for (const [index, instance] of instances.entries()) {
    await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(index * 50 + 20);
    instance.child.kill('SIGTERM');
    expect(await instance.exited).toBe(0);
    expect(instance.output()).toContain('"msg":"shut down"');
    instances[index] = await startInstance(instance.port);
    // The checklist's step: ready again, and the front door sends it requests again (nginx leaves a server
    // out for fail_timeout after it failed), before the next one stops. Seen in the instance's own metrics.
    await expect
      .poll(async () => servedThroughDoor((await get(instance.port, '/metrics')).body), {
        timeout: 30_000,
        message: `nginx sends requests to the restarted instance on ${instance.port}`,
      })
      .toBeGreaterThan(0);
  }
  const after = answered;
  await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(after + 20);
  loading = false;
  await load;
  expect(failures).toEqual([]);
});

/** A release API call through nginx with the deploy token, as CI makes it. */
function apiThroughDoor(
  method: 'GET' | 'POST',
  pathname: string,
  payload?: unknown,
): Promise<{ status: number; json: { data?: unknown; error?: { code?: string } } }> {
  return new Promise((resolve, reject) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    https
      .request(
        {
          host: '127.0.0.1',
          port: doorPort,
          method,
          path: pathname,
          agent,
          headers: {
            host: `${HOST}:${doorPort}`,
            authorization: `Bearer ${TOKEN}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
        },
      )
      .on('error', reject)
      .end(body);
  });
}

const historyIds = async (): Promise<string[]> =>
  ((await apiThroughDoor('GET', '/lapi/releases/history')).json.data as { id: string }[]).map(
    (entry) => entry.id,
  );

test('Redis loses its data: the release history comes back from the durable store, and a rollback works', async () => {
  test.setTimeout(120_000);
  for (const version of ['0.2.1+prod', '0.2.2+prod']) {
    const published = await apiThroughDoor('POST', '/lapi/releases/publish', {
      ...uploadBody(examsArea(version)),
      author: 'ci-bot',
    });
    expect(published.status).toBe(200);
  }
  const before = await historyIds();
  expect(before).toEqual(['r000003', 'r000002', 'r000001']);

  const connection = new Redis(redis.url);
  await connection.flushall();
  connection.disconnect();
  // The checklist's restart, one instance at a time.
  for (const [index, instance] of instances.entries()) {
    instance.child.kill('SIGTERM');
    expect(await instance.exited).toBe(0);
    instances[index] = await startInstance(instance.port);
  }

  expect(await historyIds()).toEqual(before);
  const back = await apiThroughDoor('POST', '/lapi/releases/rollback', { app: '@atrium/area-exams' });
  expect(back.status).toBe(200);
  expect(back.json.data).toMatchObject({ release: { id: 'r000004', change: { kind: 'rollback' } } });
  for (const instance of instances) {
    await expect
      .poll(async () => (await get(instance.port, '/metrics')).body, { timeout: 15_000 })
      .toContain('atrium_live_release_info{release="r000004"} 1');
  }
});
