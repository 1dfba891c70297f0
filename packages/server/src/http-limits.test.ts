import net from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ErrorSchema, startServer, type Running } from './test-helpers.js';

// Small timeouts so the cut happens within the test; the bench (`npm run bench -- --slow-clients`) holds
// 2000 such connections against the defaults' shape.
let server: Running;
beforeAll(async () => {
  server = await startServer({
    loginRateLimit: 1000,
    timeouts: { headersMs: 1000, requestMs: 1500, keepAliveMs: 500, checkIntervalMs: 100 },
  });
});
afterAll(() => server.close());

interface RawAnswer {
  /** Everything the server wrote before it closed the connection (the client never stops on its own). */
  text: string;
}

/** Sends `head`, then one byte every `everyMs` until the server closes the connection. */
function slowClient(head: string, everyMs: number): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write('a');
    }, everyMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write(head));
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ text });
    });
    setTimeout(() => reject(new Error('the server never cut the connection')), 10_000).unref();
  });
}

function jsonBody(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('slow clients are cut by Node’s own timeouts', () => {
  it('cuts a body that trickles in one byte at a time, with a 408 in the JSON error format', async () => {
    const head =
      'POST /common/login/login_actions.php HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const answer = await slowClient(head, 150);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonBody(answer.text)).toEqual({
      error: { code: 'timeout', message: 'The request took too long to arrive.' },
    });
  });

  it('cuts headers that never finish', async () => {
    const answer = await slowClient('GET /home HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 150);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps answering everyone else while slow clients are held', async () => {
    const head =
      'POST /common/login/login_actions.php HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const held = Array.from({ length: 50 }, () => slowClient(head, 150));
    const response = await new Client(server.url).get('/lapi/rpc/login/settings');
    expect(response.status).toBe(200);
    const answers = await Promise.all(held);
    expect(answers.map((a) => a.text.slice(0, 13))).toEqual(Array(50).fill('HTTP/1.1 408 '));
  });
});

describe('framework-level refusals use the JSON error format', () => {
  it('answers oversized headers with 431 JSON', async () => {
    const response = await fetch(new URL('/lapi/rpc/login/settings', server.url), {
      headers: { 'x-big': 'a'.repeat(20_000) },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = v.parse(ErrorSchema, await response.json());
    expect(body.error.code).toBe('headers-too-large');
  });

  it('answers a URL that does not decode with 400 JSON', async () => {
    const response = await fetch(new URL('/lapi/rpc/%E0%A4%A', server.url));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = v.parse(ErrorSchema, await response.json());
    expect(body.error).toEqual({ code: 'invalid-request', message: 'The address is not valid.' });
  });

  it('answers a request line that is not HTTP with 400 JSON', async () => {
    const answer = await slowClient('GET /a b c\r\n\r\n', 10_000);
    expect(answer.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(jsonBody(answer.text)).toEqual({
      error: { code: 'invalid-request', message: 'The request could not be read.' },
    });
  });
});
