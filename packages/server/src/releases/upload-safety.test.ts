/**
 * The publish path as an attacker meets it, through the real server: uploaded code is read, never run (an
 * escape to `process` and an endless `execute` are refused and change nothing, and the server keeps
 * answering), and the upload routes say who may call them before they read a byte of the body.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileReleaseStore, createReleaseService } from '@atrium/releases';
import { baselineModules, fixtureModule, initFrom, uploadBody } from '@atrium/releases/testing';
import { Client, startServer, type Running } from '../test-helpers.js';

const TOKEN = 'test-deploy-token-0123456789abcdef';
const TEMPLATE = `<!doctype html><html><head><meta name="atrium-build" content="{{BUILD_STAMP}}">
<script type="systemjs-importmap" nonce="{{NONCE}}">{{IMPORTMAP}}</script>{{PRELOADS}}</head><body></body></html>`;

let root: string;
let dist: string;
let releasesDir: string;
let marker: string;
let server: Running;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atrium-upload-safety-'));
  dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(path.join(dist, 'importmap.json'), JSON.stringify({ imports: {} }));
  await writeFile(path.join(dist, 'build.json'), JSON.stringify({ stamp: '2025_10_27_103446' }));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  releasesDir = await mkdtemp(path.join(root, 'releases-'));
  marker = path.join(releasesDir, 'escaped');
  server = await startServer({ distDir: dist, releasesDir, deployToken: TOKEN });
  await initFrom(createReleaseService({ store: createFileReleaseStore(releasesDir) }), baselineModules());
});
afterEach(async () => {
  await server.close();
});

/** Reaches the host's `process` through a host function's constructor and writes the marker file. */
const escape = (file: string) =>
  `System.register.constructor('return process')().getBuiltinModule('fs').writeFileSync(${JSON.stringify(file)}, 'escaped');`;

const LIFECYCLES = 'e({ bootstrap: function () {}, mount: function () {}, unmount: function () {} });';

/** Module-level code that escapes, then a well-formed area. */
const exploit = (file: string) =>
  `${escape(file)}\nSystem.register([], function (e) { return { execute: function () { ${LIFECYCLES} } }; });`;

/** An async execute that never returns once it has yielded: past any synchronous time limit. */
const hang = () =>
  'System.register([], function (e) { return { execute: async function () { await 0; for (;;) {} } }; });';

async function signInRoot(): Promise<Record<string, string>> {
  const client = new Client(server.url);
  await client.signIn('root');
  // As the Releases panel sends it: the session cookie, from the server's own origin.
  return { cookie: client.cookie!, origin: new URL(server.url).origin };
}

const callers: [string, () => Promise<Record<string, string>>][] = [
  ['with the deploy token', async () => ({ authorization: `Bearer ${TOKEN}` })],
  ['as a root web session', signInRoot],
];

describe('uploaded code is read, never run', () => {
  describe.each(callers)('%s', (_who, headers) => {
    it.each([
      ['the escape to process', exploit, 'its top level holds code besides the System.register call'],
      ['the endless execute', hang, 'does not export the single-spa lifecycles bootstrap, mount, unmount'],
    ])('refuses %s; nothing ran and pages still answer', async (_what, source, message) => {
      const area = fixtureModule('@atrium/area-exams', {
        deps: [],
        version: '0.1.0+bad',
        source: source(marker),
      });
      const response = await fetch(`${server.url}/lapi/releases/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await headers()) },
        body: JSON.stringify(uploadBody(area)),
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain(message);
      expect(existsSync(marker)).toBe(false);
      expect(await createFileReleaseStore(releasesDir).currentId()).toBe('r000001');
      // The server is not stuck in the upload's code: a page answers at once.
      const page = await fetch(`${server.url}/home`, { signal: AbortSignal.timeout(1000) });
      expect(page.status).toBe(200);
    });
  });
});

/**
 * Sends the request head of an upload announcing `bytes` of body, and no body: the answer must come
 * anyway. Resolves with what the server wrote before it closed the connection.
 */
function headWithoutBody(pathname: string, bytes: number, extra = ''): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error(`no answer without the body; got: ${JSON.stringify(answer)}`));
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => {
      socket.destroy();
      resolve(answer);
    });
    socket.on('error', reject);
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${bytes}\r\n${extra}\r\n`,
    );
  });
}

describe('the upload routes check the caller before reading the body', () => {
  it.each([
    ['/lapi/releases/publish', ''],
    ['/lapi/releases/canary', ''],
    ['/lapi/releases/publish', 'Authorization: Bearer not-the-deploy-token-at-all-000000\r\n'],
  ])('answers 401 to an unauthenticated %s and closes, with the body unsent', async (pathname, extra) => {
    const answer = await headWithoutBody(pathname, 20 * 1024 * 1024, extra);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('still takes an upload from a caller who may publish', async () => {
    const area = fixtureModule('@atrium/area-exams', { version: '0.1.0+next' });
    const response = await fetch(`${server.url}/lapi/releases/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(uploadBody(area)),
    });
    expect(response.status).toBe(200);
  });
});

describe("another team's area through the API", () => {
  it('publishes, tries as a canary and rolls back a scoped area outside @atrium/', async () => {
    const post = (pathname: string, body: unknown) =>
      fetch(`${server.url}/lapi/releases/${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(body),
      });
    const v1 = fixtureModule('@uni/peer-app', { kind: 'area', version: '1.0.0', marker: 'one' });
    const v2 = fixtureModule('@uni/peer-app', { kind: 'area', version: '1.1.0', marker: 'two' });
    const v3 = fixtureModule('@uni/peer-app', { kind: 'area', version: '1.2.0', marker: 'three' });
    expect((await post('publish', uploadBody(v1))).status).toBe(200);
    expect((await post('publish', uploadBody(v2))).status).toBe(200);
    const canary = await post('canary', {
      app: '@uni/peer-app',
      audience: { roles: ['root'] },
      upload: uploadBody(v3),
    });
    expect(canary.status).toBe(200);
    expect((await post('abort', { app: '@uni/peer-app' })).status).toBe(200);
    const back = await post('rollback', { app: '@uni/peer-app' });
    expect(back.status).toBe(200);
    expect(JSON.stringify(await back.json())).toContain('@uni/peer-app 1.1.0 -> 1.0.0');
    const malformed = await post('rollback', { app: '@uni//peer-app' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('an import-map name is @scope/name or name');
  });
});
