import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createTransport } from './transport.js';

const ORIGIN = 'https://atrium.test';

function recording(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { transport: createTransport({ fetch, origin: ORIGIN, baseUrl: ORIGIN }), calls };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('transport', () => {
  it('answers a JSON body as parsed JSON with its status, unvalidated', async () => {
    const { transport, calls } = recording(() => new Response('{"anything":[1,2]}', { status: 201 }));
    const answer = await transport.request({ method: 'POST', path: '/lapi/x', body: { a: 1 } });
    expect(answer).toEqual({ status: 201, json: { anything: [1, 2] } });
    expect(calls[0]?.url).toBe(`${ORIGIN}/lapi/x`);
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('answers 204 No Content with no JSON', async () => {
    const { transport } = recording(() => new Response(null, { status: 204 }));
    await expect(transport.request({ method: 'POST', path: '/lapi/x', body: {} })).resolves.toEqual({
      status: 204,
      json: undefined,
    });
  });

  it('a 200 that is not JSON is an invalid response', async () => {
    const { transport } = recording(() => new Response('<html>', { status: 200 }));
    expect((await failure(transport.request({ method: 'GET', path: '/x' }))).code).toBe('invalid-response');
  });

  it('passes the cache mode on and sends no body or Content-Type on a GET', async () => {
    const { transport, calls } = recording(() => new Response('{}'));
    await transport.request({ method: 'GET', path: '/build.json', cache: 'no-store' });
    expect(calls[0]?.init.cache).toBe('no-store');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(new Headers(calls[0]?.init.headers).has('Content-Type')).toBe(false);
  });

  it('a server that never answers is a timeout', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof globalThis.fetch;
    const transport = createTransport({ fetch, origin: ORIGIN, timeoutMs: 20 });
    expect((await failure(transport.request({ method: 'GET', path: '/x' }))).code).toBe('timeout');
  });

  it('the stateful headers are set, read and cleared', async () => {
    const { transport, calls } = recording(() => new Response('{}'));
    transport.setStatefulHeaders({ company_id: 3, sis_school_id: 'bad\nvalue' });
    expect(transport.statefulHeaders()).toEqual({ company: '3', school: null });
    await transport.request({ method: 'GET', path: '/common/x' });
    expect(new Headers(calls[0]?.init.headers).get('X-Atrium-Company')).toBe('3');
    transport.setStatefulHeaders(null);
    expect(transport.statefulHeaders()).toEqual({ company: null, school: null });
  });

  it('imports no validator, so bundles that cannot afford one can use it', () => {
    // The whole module graph of this entry: its relative imports, followed to the end.
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const [, specifier] of source.matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\//);
        visit(specifier!.replace(/^\.\//, '').replace(/\.js$/, '.ts'));
      }
    };
    visit('transport.ts');
    expect([...seen].sort()).toEqual(['errors.ts', 'request.ts', 'transport.ts']);
  });
});
