/**
 * Connections that pipeline file requests and never read the answers, against the server as its own
 * process (started as the end-to-end tests start it), whose open descriptors are counted in /proc/<pid>/fd:
 * nothing of the test runner is counted with them.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../e2e/fixtures.js';

const ASSET = '/assets/big.abc123.js';
const WIDGETS = '/widgets/atrium-widgets.js';

interface ChildServer {
  url: string;
  port: number;
  /** The server process's open descriptors. */
  descriptors(): Promise<number>;
  close(): Promise<void>;
}

/** The server as its own process on a free port, serving `dist`. */
async function startChildServer(dist: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const server = await startServer({
    env: {
      ATRIUM_DIST_DIR: dist,
      ATRIUM_RELEASES_DIR: path.join(dist, 'releases'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    timeoutMs: 60_000,
  });
  return {
    url: server.url,
    port: Number(new URL(server.url).port),
    descriptors: async () => (await readdir(`/proc/${server.pid}/fd`)).length,
    close: server.close,
  };
}

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'atrium-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'widgets'));
  // Larger than the asset cache keeps in memory: streamed from disk on every request.
  await writeFile(path.join(dist, 'assets', 'big.abc123.js'), 'x'.repeat(2 * 1024 * 1024));
  await writeFile(path.join(dist, 'widgets', 'atrium-widgets.js'), 'y'.repeat(512 * 1024));
});
afterAll(() => rm(dist, { recursive: true, force: true }));

/** The three kinds of streamed answer, in turn: identity-encoded asset, a range, the widgets bundle. */
function pipelined(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    const target = kind === 2 ? WIDGETS : ASSET;
    const range = kind === 1 ? 'Range: bytes=0-1500000\r\n' : '';
    text += `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n${range}\r\n`;
  }
  return text;
}

/** One request on a connection of its own, read in full, and the connection closed. */
function fetchOnce(port: number, target: string, headers = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.once('end', () => resolve(received));
    socket.once('error', reject);
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n${headers}Connection: close\r\n\r\n`,
    );
  });
}

/** Each kind of answer once: whatever the server opens for good on first use is open before counting. */
async function warmUp(server: ChildServer): Promise<void> {
  for (const target of [ASSET, WIDGETS]) {
    await fetchOnce(server.port, target);
    await fetchOnce(server.port, target, 'Range: bytes=0-10\r\n');
  }
}

/** A connection that sends `text` and never reads what comes back. */
function nonReader(port: number, text: string): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.pause();
  socket.write(text);
  return socket;
}

describe('connections that pipeline and never read', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer(dist);
  }, 60_000);
  afterAll(() => server.close());

  it('20 connections × 500 pipelined file requests, closed: descriptors back to the baseline, pages answer', async () => {
    await warmUp(server);
    const baseline = await server.descriptors();
    const sockets = Array.from({ length: 20 }, () => nonReader(server.port, pipelined(500)));
    // Give the server time to take in what it was sent.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const socket of sockets) socket.destroy();

    await expect
      .poll(() => server.descriptors(), { timeout: 5000, interval: 100 })
      .toBeLessThanOrEqual(baseline);
    const page = await fetch(new URL(WIDGETS, server.url), { headers: { 'accept-encoding': 'identity' } });
    expect(page.status).toBe(200);
    expect((await page.arrayBuffer()).byteLength).toBe(512 * 1024);
  }, 30_000);
});

describe('the write deadline', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer(dist, { ATRIUM_SEND_TIMEOUT_MS: '800' });
  }, 60_000);
  afterAll(() => server.close());

  it('closes a connection whose client stops reading, and its streams with it', async () => {
    await warmUp(server);
    const baseline = await server.descriptors();
    // More than the socket buffers hold, so the server's writes stall.
    const socket = nonReader(server.port, pipelined(12));
    await expect.poll(() => server.descriptors(), { timeout: 10_000 }).toBeGreaterThan(baseline);
    // The client stays connected and reads nothing: the server gives up on it, and closes its files.
    await expect
      .poll(() => server.descriptors(), { timeout: 5000, interval: 100 })
      .toBeLessThanOrEqual(baseline);
    socket.destroy();
  }, 30_000);
});
