/**
 * The server as an operator runs it: the compiled server (packages/server/dist/main.js, from the build)
 * started by `npm run serve`, stopped by SIGTERM sent to npm; a graceful shutdown with a request in flight
 * and Redis connected; and a tree pruned to production dependencies that still starts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, SERVER_OUT } from '../../scripts/build-server.js';
import { freePort, startRedis, type RunningRedis } from '../real/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let work: string;
let distDir: string;

beforeAll(async () => {
  // The compiled server, as `npm run build` writes it (only this step of the build: seconds, not a minute).
  await bundleServer(ROOT);
  work = mkdtempSync(path.join(os.tmpdir(), 'atrium-service-'));
  distDir = path.join(work, 'dist');
  mkdirSync(distDir);
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><body>{{LOGIN_FRAME}}</body></html>');
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** `command` with PORT set; resolves once its port answers /healthz. */
async function start(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<Started> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      ATRIUM_DIST_DIR: distDir,
      ATRIUM_RELEASES_DIR: path.join(work, 'releases'),
      ATRIUM_UPLOADS_DIR: path.join(work, 'uploads'),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let tries = 0; ; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || tries > 600) throw new Error(`did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, output: () => output, exited };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('npm run serve', () => {
  let redis: RunningRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('runs the compiled server, and SIGTERM to npm shuts it down gracefully and frees the port', async () => {
    const server = await start('npm', ['run', 'serve', '--silent'], ROOT, {
      ATRIUM_REDIS_URL: redis.url,
      ATRIUM_SHUTDOWN_GRACE_MS: '20000',
    });
    // No tsx in the process tree: node runs the compiled file.
    const tree = spawnSync('ps', ['-o', 'args=', '--ppid', String(server.child.pid)]).stdout.toString();
    expect(tree).toContain(`node ${SERVER_OUT}`);
    expect(tree).not.toContain('tsx');
    const watcher = new Redis(redis.url);
    watcher.on('error', () => undefined);
    const clients = async (): Promise<number> =>
      String(await watcher.client('LIST'))
        .trim()
        .split('\n').length;
    const connected = await clients();
    // Sessions live in Redis here: the metric counts them there.
    const signIn = await fetch(`http://127.0.0.1:${server.port}/common/login/login_actions.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${server.port}` },
      body: JSON.stringify({ action: 'login', username: 'student', password: 'atrium-demo' }),
    });
    expect(signIn.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
    expect(metrics).toMatch(/^atrium_live_sessions 1$/m);
    expect(metrics).toMatch(/^atrium_redis_up 1$/m);

    // A request in flight: its body half sent when SIGTERM comes. (/readyz's 503 during the shutdown is
    // service.test.ts's: Node answers nothing more on a connection once the server closes.)
    expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
    const body = JSON.stringify({ action: 'lookup', username: 'student' });
    const socket = connect({ port: server.port, host: '127.0.0.1' });
    let answers = '';
    socket.on('data', (chunk: Buffer) => (answers += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      'POST /common/login/login_actions.php HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.child.kill('SIGTERM');
    // No new connection is accepted ...
    await expect.poll(() => refusesConnections(server.port), { timeout: 10_000 }).toBe(true);
    // ... while the request in flight finishes.
    socket.write(body.slice(10));
    await closed;
    expect(answers).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers).toContain('"next":"password"');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"shut down"');
    // Redis closed: this instance's two connections are gone.
    expect(connected).toBeGreaterThanOrEqual(3);
    await expect.poll(clients).toBe(connected - 2);
    watcher.disconnect();
  }, 120_000);

  it('cuts what is still open after ATRIUM_SHUTDOWN_GRACE_MS, and still exits 0', async () => {
    const server = await start('node', [SERVER_OUT], ROOT, { ATRIUM_SHUTDOWN_GRACE_MS: '500' });
    const stuck = new Promise<string>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/common/login/login_actions.php',
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      request.on('response', () => resolve('answered'));
      request.write('{');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await stuck).toBe('ECONNRESET');
    expect(server.output()).toContain('shutdown grace over');
  }, 60_000);
});

describe('the demo backend on a public origin, asked for', () => {
  it('starts with ATRIUM_DEMO=1, and the log and the login page say it is a demo', async () => {
    const server = await start('node', [SERVER_OUT], ROOT, {
      ATRIUM_PUBLIC_ORIGIN: 'https://school.test',
      ATRIUM_DEMO: '1',
    });
    expect(server.output()).toContain('DEMO backend on a public server (ATRIUM_DEMO=1)');
    const page = await (await fetch(`http://127.0.0.1:${server.port}/common/login`)).text();
    expect(page).toContain('Demonstration site');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});

describe('a tree pruned to production dependencies', () => {
  it('starts the compiled server without tsx or TypeScript', async () => {
    const tree = path.join(work, 'tree');
    mkdirSync(tree);
    for (const file of ['package.json', 'package-lock.json'])
      cpSync(path.join(ROOT, file), path.join(tree, file));
    // Every workspace's package.json (npm needs them to resolve the tree), the server's compiled file.
    for (const parent of ['packages', 'root-config', 'tests/real/react18']) {
      const dirs =
        parent === 'packages'
          ? readdirSync(path.join(ROOT, parent)).map((name) => `packages/${name}`)
          : [parent];
      for (const dir of dirs) {
        if (!existsSync(path.join(ROOT, dir, 'package.json'))) continue;
        mkdirSync(path.join(tree, dir), { recursive: true });
        cpSync(path.join(ROOT, dir, 'package.json'), path.join(tree, dir, 'package.json'));
      }
    }
    cpSync(path.join(ROOT, SERVER_OUT), path.join(tree, SERVER_OUT));
    // node_modules as hard links (seconds, no network); npm prune only removes files, and its lock file is
    // a copy of its own, so the checkout's node_modules is never written through a link.
    const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules')]);
    expect(linked.status).toBe(0);
    rmSync(path.join(tree, 'node_modules', '.package-lock.json'), { force: true });
    const pruned = spawnSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
      cwd: tree,
      encoding: 'utf8',
    });
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(existsSync(path.join(tree, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(path.join(tree, 'node_modules', 'webpack'))).toBe(false);
    const server = await start('node', [SERVER_OUT], tree, {});
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/legacy/terms`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);
});
