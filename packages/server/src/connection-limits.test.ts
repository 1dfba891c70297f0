import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './test-helpers.js';

/** This process's open descriptors: the server runs in it. */
const descriptors = async (): Promise<number> => (await readdir('/proc/self/fd')).length;

const ASSET = '/assets/big.abc123.js';
const WIDGETS = '/widgets/atrium-widgets.js';

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

/** Each kind of answer once, read in full: whatever the server opens for good on first use is open. */
async function warmUp(server: Running): Promise<void> {
  for (const headers of [{}, { range: 'bytes=0-10' }]) {
    for (const target of [ASSET, WIDGETS]) {
      const response = await fetch(new URL(target, server.url), {
        headers: { 'accept-encoding': 'identity', connection: 'close', ...headers },
      });
      await response.arrayBuffer();
    }
  }
}

/** The server's open connections. */
const connections = (server: Running): Promise<number> =>
  new Promise((resolve, reject) =>
    server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** A connection that sends `text` and never reads what comes back. */
function nonReader(port: number, text: string): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.pause();
  socket.write(text);
  return socket;
}

describe('connections that pipeline and never read', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({ distDir: dist });
  });
  afterAll(() => server.close());

  it('20 connections × 500 pipelined file requests, closed: descriptors back to the baseline, pages answer', async () => {
    await warmUp(server);
    await expect.poll(() => connections(server), { timeout: 10_000 }).toBe(0);
    const baseline = await descriptors();
    const port = Number(new URL(server.url).port);
    const sockets = Array.from({ length: 20 }, () => nonReader(port, pipelined(500)));
    // Give the server time to take in what it was sent.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const socket of sockets) socket.destroy();

    await expect.poll(descriptors, { timeout: 5000, interval: 100 }).toBeLessThanOrEqual(baseline);
    const page = await fetch(new URL(WIDGETS, server.url), { headers: { 'accept-encoding': 'identity' } });
    expect(page.status).toBe(200);
    expect((await page.arrayBuffer()).byteLength).toBe(512 * 1024);
  }, 30_000);
});

describe('the write deadline', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer({
      distDir: dist,
      timeouts: { headersMs: 1000, requestMs: 1500, keepAliveMs: 500, checkIntervalMs: 100, sendMs: 800 },
    });
  });
  afterAll(() => server.close());

  it('closes a connection whose client stops reading, and its streams with it', async () => {
    await warmUp(server);
    await expect.poll(() => connections(server), { timeout: 10_000 }).toBe(0);
    const baseline = await descriptors();
    const port = Number(new URL(server.url).port);
    // More than the socket buffers hold, so the server's writes stall.
    const socket = nonReader(port, pipelined(12));
    await expect.poll(() => connections(server), { timeout: 10_000 }).toBe(1);
    // The server gives up on the connection: it closes it, and every file it had open for it.
    await expect.poll(() => connections(server), { timeout: 5000, interval: 100 }).toBe(0);
    // What is left open is the client's own end (this process is both), until it closes too.
    await expect.poll(descriptors, { timeout: 5000, interval: 100 }).toBeLessThanOrEqual(baseline + 1);
    socket.destroy();
    await expect.poll(descriptors, { timeout: 5000, interval: 100 }).toBeLessThanOrEqual(baseline);
  }, 30_000);
});
