import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './test-helpers.js';

/** What the server's logger wrote, one parsed JSON line each. */
const lines: { msg?: string; req?: { url?: string }; res?: { statusCode?: number }; level?: number }[] = [];
let server: Running;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  server = await startServer({ logger: { level: 'info', stream } });
});
afterAll(() => server.close());

const logged = (url: string) => lines.filter((line) => line.req?.url === url);

describe("Fastify's request lines", () => {
  it('are written for API calls', async () => {
    const response = await fetch(`${server.url}/lapi/rpc/common/ionic/initialize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{}',
    });
    expect(response.status).toBeLessThan(500);
    await expect
      .poll(() => logged('/lapi/rpc/common/ionic/initialize').map((l) => l.msg))
      .toContain('incoming request');
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
  });

  it('are not written for page and asset loads, unless they fail on the server', async () => {
    // No build here: the page answers 503, which is a failure of the server's and is logged.
    const page = await fetch(`${server.url}/home`);
    expect(page.status).toBe(503);
    const asset = await fetch(`${server.url}/assets/missing.abc123.js`);
    expect(asset.status).toBe(404);
    await fetch(`${server.url}/lapi/rpc/common/ionic/initialize`, { method: 'POST' });
    await expect
      .poll(() => lines.filter((line) => line.msg === 'request completed').length)
      .toBeGreaterThan(1);
    expect(logged('/home').map((line) => line.msg)).toEqual([]);
    expect(logged('/assets/missing.abc123.js')).toEqual([]);
    expect(
      lines.filter((line) => line.msg === 'request completed' && line.res?.statusCode === 503),
    ).toHaveLength(1);
  });
});
