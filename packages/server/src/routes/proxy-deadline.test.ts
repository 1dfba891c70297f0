import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ErrorSchema, startServer, type Running } from '../test-helpers.js';
import { BUFFER_LIMIT } from './proxy-deadline.js';

const TIMEOUT_MS = 800;

/**
 * A real backend on loopback that answers its headers at once and then trickles: one byte every 100 ms
 * (never idle long enough for an idle timeout), `bytes` in all, or for ever.
 */
async function startTrickler(): Promise<{ url: string; close(): Promise<void> }> {
  const timers = new Set<NodeJS.Timeout>();
  const backend = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://backend');
    const total = Number(url.searchParams.get('bytes') ?? Infinity);
    const head = Number(url.searchParams.get('head') ?? 0);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (head > 0) response.write('h'.repeat(head));
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= total) {
        clearInterval(timer);
        response.end();
        return;
      }
      response.write('x');
      sent++;
    }, 100);
    timers.add(timer);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearInterval(timer);
        backend.closeAllConnections();
        backend.close(() => resolve());
      }),
  };
}

describe('proxy mode bounds the whole answer, not only the silences', () => {
  let backend: Awaited<ReturnType<typeof startTrickler>>;
  let proxy: Running;
  beforeAll(async () => {
    backend = await startTrickler();
    proxy = await startServer({ proxy: backend.url, proxyTimeoutMs: TIMEOUT_MS });
  });
  afterAll(async () => {
    await proxy.close();
    await backend.close();
  });

  it('cuts a backend that trickles a byte at a time with a 504 that says so', async () => {
    const client = new Client(proxy.url);
    const response = await client.get('/common/trickle.php');
    const body = await client.json(ErrorSchema, response, 504);
    expect(body.error).toEqual({
      code: 'gateway-timeout',
      message: 'The backend did not finish its answer in time.',
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('passes on a slow answer that finishes in time, whole', async () => {
    const response = await new Client(proxy.url).get('/common/trickle.php?bytes=3');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('xxx');
  });

  it('closes the connection when a large answer is still trickling at the deadline', async () => {
    const response = await new Client(proxy.url).get(`/lapi/large?head=${BUFFER_LIMIT + 1}`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('keeps answering afterwards', async () => {
    const response = await new Client(proxy.url).get('/common/trickle.php?bytes=1');
    expect(await response.text()).toBe('x');
  });
});
