/**
 * The server with a release store: pages and /importmap.json, /build.json follow the live release without a
 * restart (canaries per person), and the release API refuses whoever may not use it, changing nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileReleaseStore, createReleaseService } from '@atrium/releases';
import {
  baselineModules,
  examsArea,
  fixtureModule,
  initFrom,
  manifestOf,
  uploadBody,
} from '@atrium/releases/testing';
import { Client, startServer, type Running } from '../test-helpers.js';

const TOKEN = 'test-deploy-token-0123456789abcdef';
const TEMPLATE = `<!doctype html><html><head><meta name="atrium-build" content="{{BUILD_STAMP}}">
<script type="systemjs-importmap" nonce="{{NONCE}}">{{IMPORTMAP}}</script>{{PRELOADS}}</head><body></body></html>`;

let root: string;
let dist: string;
let releasesDir: string;
let server: Running;

async function api(
  method: string,
  pathname: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
const withToken = { authorization: `Bearer ${TOKEN}` };

async function liveId(): Promise<string | null> {
  return createFileReleaseStore(releasesDir).currentId();
}

/** The session cookie of a signed-in demo user, as a browser would hold it. */
async function signIn(username: string): Promise<string> {
  const client = new Client(server.url);
  await client.signIn(username);
  if (!client.cookie) throw new Error(`no session cookie for ${username}`);
  return client.cookie;
}

async function pageMap(cookie?: string): Promise<{ stamp: string; exams: string | undefined }> {
  const html = await (await fetch(`${server.url}/home`, { headers: cookie ? { cookie } : {} })).text();
  const stamp = /atrium-build" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const map = JSON.parse(/systemjs-importmap"[^>]*>([^<]*)</.exec(html)?.[1] ?? '{}') as {
    imports: Record<string, string>;
  };
  return { stamp, exams: map.imports['@atrium/area-exams'] };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atrium-release-server-'));
  dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(
    path.join(dist, 'importmap.json'),
    JSON.stringify({ imports: { '@atrium/area-exams': '/assets/dist.js' } }),
  );
  await writeFile(path.join(dist, 'build.json'), JSON.stringify({ stamp: '2025_10_27_103446' }));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
// A fresh store per test (release ids are never reused within one store, and the server caches by id).
beforeEach(async () => {
  releasesDir = await mkdtemp(path.join(root, 'releases-'));
  server = await startServer({ distDir: dist, releasesDir, deployToken: TOKEN });
});
afterEach(async () => {
  await server.close();
});

async function publishBaseline() {
  const modules = baselineModules();
  await initFrom(createReleaseService({ store: createFileReleaseStore(releasesDir) }), modules);
  return modules;
}

describe('serving the live release', () => {
  it('serves the full build in dist/ while no release exists', async () => {
    expect(await pageMap()).toEqual({ stamp: '2025_10_27_103446', exams: '/assets/dist.js' });
    expect(await (await fetch(`${server.url}/build.json`)).json()).toMatchObject({
      stamp: '2025_10_27_103446',
    });
  });

  it('serves a newly published version on the next page load, without a restart', async () => {
    const [, baseline] = await publishBaseline();
    const before = await pageMap();
    expect(before.exams).toBe(baseline!.module.url);

    const next = examsArea('0.1.0+bbb');
    const { status, json } = await api('POST', '/lapi/releases/publish', uploadBody(next), withToken);
    expect(status).toBe(200);
    expect(json).toMatchObject({ data: { release: { id: 'r000002', author: 'deploy-token' } } });

    const after = await pageMap();
    expect(after.exams).toBe(next.module.url);
    expect(after.stamp > before.stamp).toBe(true);
    // Open tabs compare /build.json with their page's stamp: "Update available".
    expect(await (await fetch(`${server.url}/build.json`)).json()).toMatchObject({
      stamp: after.stamp,
      release: 'r000002',
    });
    const map = (await (await fetch(`${server.url}/importmap.json`)).json()) as {
      integrity: Record<string, string>;
    };
    expect(map.integrity[next.module.url]).toBe(next.module.integrity);
    // Its file is served, immutable.
    const asset = await fetch(`${server.url}${next.module.url}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('shows a canary for root only to root users', async () => {
    const [, baseline] = await publishBaseline();
    const candidate = examsArea('0.2.0+ccc');
    const started = await api(
      'POST',
      '/lapi/releases/canary',
      { app: '@atrium/area-exams', audience: { roles: ['root'] }, upload: uploadBody(candidate) },
      withToken,
    );
    expect(started.status).toBe(200);
    expect((await pageMap(await signIn('root'))).exams).toBe(candidate.module.url);
    expect((await pageMap(await signIn('student'))).exams).toBe(baseline!.module.url);
    expect((await pageMap()).exams).toBe(baseline!.module.url);
  });
});

describe('legacy widgets follow the release', () => {
  const widgets = (marker: string, source?: string) =>
    fixtureModule('@atrium/widgets', {
      kind: 'widgets',
      deps: [],
      version: `0.1.0+${marker}`,
      source:
        source ??
        `customElements.define("atrium-notification-bar", class extends HTMLElement {});` +
          `customElements.define("atrium-dev-toolbar", class extends HTMLElement {}); /* ${marker} */ export {};`,
    });

  it('gives legacy pages the published bundle with its integrity, and redirects the fixed address', async () => {
    await publishBaseline();
    const before = await (await fetch(`${server.url}/legacy/terms`)).text();
    expect(before).toContain('<script data-src="/widgets/atrium-widgets.js">(function(d,w){');

    const bundle = widgets('w1');
    expect((await api('POST', '/lapi/releases/publish', uploadBody(bundle), withToken)).status).toBe(200);
    const after = await (await fetch(`${server.url}/legacy/terms`)).text();
    expect(after).toContain(
      `<script data-src="${bundle.module.url}" data-integrity="${bundle.module.integrity}">(function(d,w){`,
    );
    const fixed = await fetch(`${server.url}/widgets/atrium-widgets.js`, { redirect: 'manual' });
    expect(fixed.status).toBe(302);
    expect(fixed.headers.get('location')).toBe(bundle.module.url);
    expect(await (await fetch(`${server.url}${bundle.module.url}`)).text()).toContain('atrium-dev-toolbar');
  });

  it("follows a widgets release in the PHP helper's /widgets/manifest.json, and back on rollback", async () => {
    await publishBaseline();
    const built = {
      version: '0.1.0',
      entry: 'atrium-widgets.0123456789abcdef.js',
      integrity: 'sha384-built',
      loader: 'L',
      loaderLite: 'LL',
      loaderHashes: { loader: "'sha256-l'", loaderLite: "'sha256-ll'" },
    };
    await mkdir(path.join(dist, 'widgets'), { recursive: true });
    await writeFile(path.join(dist, 'widgets', 'manifest.json'), JSON.stringify(built));
    const manifest = async () => {
      const response = await fetch(`${server.url}/widgets/manifest.json`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      return (await response.json()) as Record<string, unknown>;
    };
    const first = widgets('m1');
    expect((await api('POST', '/lapi/releases/publish', uploadBody(first), withToken)).status).toBe(200);
    expect(await manifest()).toEqual({
      ...built,
      version: first.module.version,
      url: first.module.url,
      integrity: first.module.integrity,
    });
    const second = widgets('m2');
    expect((await api('POST', '/lapi/releases/publish', uploadBody(second), withToken)).status).toBe(200);
    expect(await manifest()).toMatchObject({ url: second.module.url, integrity: second.module.integrity });
    const rolled = await api('POST', '/lapi/releases/rollback', { app: '@atrium/widgets' }, withToken);
    expect(rolled.status).toBe(200);
    expect(await manifest()).toMatchObject({ url: first.module.url, integrity: first.module.integrity });
    // To the first release: before any publish, helper pages had the full build's bundle, and get it again.
    const toBuilt = await api(
      'POST',
      '/lapi/releases/rollback',
      { app: '@atrium/widgets', to: 'r000001' },
      withToken,
    );
    expect(toBuilt.status).toBe(200);
    expect(await manifest()).toEqual(built);
  });

  it('refuses a widgets bundle that is a System module or lacks an element', async () => {
    await publishBaseline();
    const system = widgets(
      'w2',
      'System.register([], function () { return { execute: function () {} }; }); "atrium-notification-bar" "atrium-dev-toolbar"',
    );
    const partial = widgets('w3', 'customElements.define("atrium-notification-bar", class {}); export {};');
    const refusedSystem = await api('POST', '/lapi/releases/publish', uploadBody(system), withToken);
    expect(refusedSystem.json).toMatchObject({ error: { code: 'not-system-module' } });
    const refusedPartial = await api('POST', '/lapi/releases/publish', uploadBody(partial), withToken);
    expect(JSON.stringify(refusedPartial.json)).toContain('does not define <atrium-dev-toolbar>');
    expect(await liveId()).toBe('r000001');
  });
});

describe('the release API refuses, changing nothing', () => {
  it.each([
    ['no token and no session', {}, 401, 'Sign in as a root user, or send the deploy token'],
    [
      'a wrong token',
      { authorization: 'Bearer not-the-deploy-token-at-all-000000' },
      401,
      'The deploy token is not valid.',
    ],
  ])('%s', async (_what, headers, status, message) => {
    await publishBaseline();
    const { status: got, json } = await api(
      'POST',
      '/lapi/releases/publish',
      uploadBody(examsArea('0.1.0+bbb')),
      headers,
    );
    expect(got).toBe(status);
    expect(JSON.stringify(json)).toContain(message);
    expect(await liveId()).toBe('r000001');
  });

  it('a signed-in user who is not root', async () => {
    await publishBaseline();
    const { status } = await api(
      'POST',
      '/lapi/releases/rollback',
      { release: 'r000001' },
      { cookie: await signIn('hq') },
    );
    expect(status).toBe(403);
    expect(await liveId()).toBe('r000001');
  });

  it('a manifest whose hash does not match its file', async () => {
    await publishBaseline();
    const next = examsArea('0.1.0+bbb');
    const tampered = {
      ...next,
      files: {
        [next.module.file]: Buffer.from(next.files[next.module.file]!.toString().replace('bbb', 'ccc')),
      },
    };
    const { status, json } = await api(
      'POST',
      '/lapi/releases/publish',
      uploadBody(tampered, manifestOf(next)),
      withToken,
    );
    expect(status).toBe(422);
    expect(json).toMatchObject({ error: { code: 'integrity-mismatch' } });
    expect(await liveId()).toBe('r000001');
  });

  it('lets a root user publish and roll back with a session', async () => {
    await publishBaseline();
    const cookie = await signIn('root');
    expect(
      (await api('POST', '/lapi/releases/publish', uploadBody(examsArea('0.1.0+bbb')), { cookie })).status,
    ).toBe(200);
    const back = await api('POST', '/lapi/releases/rollback', { app: '@atrium/area-exams' }, { cookie });
    expect(back).toMatchObject({
      status: 200,
      json: { data: { release: { id: 'r000003', author: 'root' } } },
    });
    const listed = await api('GET', '/lapi/releases', undefined, { cookie });
    expect((listed.json['data'] as { history: unknown[] }).history).toHaveLength(3);
  });
});

describe('trying a canary for oneself', () => {
  it('is honoured for root only, and can be stopped', async () => {
    const [, baseline] = await publishBaseline();
    const candidate = examsArea('0.3.0+try');
    const started = await api(
      'POST',
      '/lapi/releases/canary',
      { app: '@atrium/area-exams', audience: { roles: ['hq'] }, upload: uploadBody(candidate) },
      withToken,
    );
    expect(started.status).toBe(200);
    const root = await signIn('root');
    expect((await pageMap(root)).exams).toBe(baseline!.module.url);

    const tried = await fetch(`${server.url}/lapi/releases/try-canary`, {
      method: 'POST',
      headers: { cookie: root, 'content-type': 'application/json' },
      body: JSON.stringify({ app: '@atrium/area-exams', on: true }),
    });
    const tryCookie = tried.headers
      .getSetCookie()
      .find((c) => c.startsWith('atrium_try_canary='))!
      .split(';')[0]!;
    expect((await pageMap(`${root}; ${tryCookie}`)).exams).toBe(candidate.module.url);
    const listed = await api('GET', '/lapi/releases', undefined, { cookie: `${root}; ${tryCookie}` });
    expect(listed.json).toMatchObject({ data: { trying: ['@atrium/area-exams'] } });

    // The same cookie on a user who is not root changes nothing.
    const student = await signIn('student');
    expect((await pageMap(`${student}; ${tryCookie}`)).exams).toBe(baseline!.module.url);
    const refused = await fetch(`${server.url}/lapi/releases/try-canary`, {
      method: 'POST',
      headers: { cookie: student, 'content-type': 'application/json' },
      body: JSON.stringify({ app: '@atrium/area-exams', on: true }),
    });
    expect(refused.status).toBe(403);

    const stopped = await fetch(`${server.url}/lapi/releases/try-canary`, {
      method: 'POST',
      headers: { cookie: `${root}; ${tryCookie}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app: '@atrium/area-exams', on: false }),
    });
    const cleared = stopped.headers
      .getSetCookie()
      .find((c) => c.startsWith('atrium_try_canary='))!
      .split(';')[0]!;
    expect((await pageMap(`${root}; ${cleared}`)).exams).toBe(baseline!.module.url);
  });
});
