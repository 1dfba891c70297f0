/**
 * A signed-in shell page: the server answers initialize for the cookie's session itself, puts
 * that answer in the page and the shell it rendered from it, and the page starts without the blocking
 * message. The renderer here is a stand-in module in the build's place (dist/shell-frame.mjs); the real
 * one is tested in packages/shell (render-shell-frame.test.tsx) and in the browser (tests/e2e).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressCaptureSnippet } from '@atrium/widgets/loader';
import { InitializeResponseSchema } from '@atrium/api/schemas';
import { createFileReleaseStore, createReleaseService } from '@atrium/releases';
import { examsArea, fixtureModule, initFrom, uploadBody } from '@atrium/releases/testing';
import type { FixtureModule } from '@atrium/releases/testing';
import { Client, startServer, type Running } from '../test-helpers.js';

const TEMPLATE = `<!doctype html><html lang="en"><head>{{PRELOADS}}{{PAGE_STYLES}}</head><body>
{{LOGIN_FRAME}}<div id="atrium-app">{{SHELL_FRAME}}</div><div id="atrium-frame" {{FRAME_HIDDEN}}>frame</div>
<div id="atrium-blocking" {{BLOCKING_HIDDEN}}>Setting up the product, please wait...</div>
<script type="application/json" id="atrium-late-preloads">{{LATE_PRELOADS}}</script>
<script nonce="{{NONCE}}">start()</script></body></html>`;

// The build's renderer, standing in: what it was asked to draw, and a stylesheet that tries to end early.
const RENDERER = `export function renderShellFrame({ start, pathname, search, nonce, renderArea }) {
  if (pathname === '/broken') throw new Error('render failed');
  return {
    html: '<main><h1>Welcome, ' + start.sis.user.first_name + '</h1><p id="drawn">' + pathname + search +
      '</p><p id="area">' + typeof renderArea + '</p><p id="nonce">' + nonce + '</p></main>',
    css: '.atrium-shell{color:red}</style><script>alert(1)</script>',
  };
}
export function renderAreaFrame() { return null; }
`;

const IMPORT_MAP = {
  imports: {
    '@atrium/root-config': '/assets/root-config.abc123.js',
    '@atrium/shell': '/assets/shell.def456.js',
  },
};

let dist: string;
let server: Running;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'atrium-dist-'));
  await mkdir(path.join(dist, 'static'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(path.join(dist, 'importmap.json'), JSON.stringify(IMPORT_MAP));
  await writeFile(path.join(dist, 'shell-frame.mjs'), RENDERER);
  server = await startServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

/** The page's start-up answer (its JSON data block), or null. */
function pageStart(html: string): unknown {
  const match = /<script type="application\/json" id="atrium-start" nonce="[^"]+">(.*?)<\/script>/s.exec(
    html,
  );
  return match ? (JSON.parse(match[1]!) as unknown) : null;
}

describe('a signed-in shell page', () => {
  it('carries the start-up answer and the shell drawn from it; the blocking message starts hidden', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    const response = await client.get('/home?tab=apps');
    const html = await response.text();
    const nonce = nonceOf(response);

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain(`<div id="atrium-shell" data-atrium-prerendered><main><h1>Welcome, Sam</h1>`);
    expect(html).toContain('<p id="drawn">/home?tab=apps</p>');
    // The areas' part goes with the shell's render, and the response's nonce for the bar's stylesheet.
    expect(html).toContain('<p id="area">function</p>');
    expect(html).toContain(`<p id="nonce">${nonce}</p>`);
    expect(html).toMatch(/<div id="atrium-blocking" hidden>/);
    expect(html).toMatch(/<div id="atrium-frame" hidden>/);
    // Its stylesheet, under the response's nonce and unable to end early; the first paint waits for the
    // whole shell.
    expect(html).toContain(
      `<style nonce="${nonce}" data-atrium-shell-frame>.atrium-shell{color:red}<\\/style><script>alert(1)</script></style>`,
    );
    expect(html).toContain('<link rel="expect" href="#atrium-shell-end" blocking="render">');
    // This tab's dismissed notices leave the drawn bar before that paint (the server cannot know them).
    const snippetAt = html.indexOf(`</div><script nonce="${nonce}">(function(d,w){`);
    const endAt = html.indexOf('</script><template id="atrium-shell-end"></template>');
    expect(snippetAt).toBeGreaterThan(0);
    expect(html.slice(snippetAt, endAt)).toContain('"atrium.dismissedNotifications"');

    // initialize's answer for this session, legacy_initialize's merged in, as the page's own call gets.
    const start = v.parse(InitializeResponseSchema, pageStart(html));
    expect(start.sis.user.username).toBe('student');
    expect(start.legacy_initialize).toMatchObject({
      success: true,
      session_data: { user_id: start.sis.user.user_id },
    });
    const asked = await client.json(
      InitializeResponseSchema,
      await client.post('/lapi/rpc/common/ionic/initialize', {}),
    );
    expect(asked.lapi_access_token).toBe(start.lapi_access_token);
    expect(asked.legacy_initialize).toEqual(start.legacy_initialize);
  });

  it("holds presses on the drawn shell from its first paint; Ctrl+Shift+A only for a toolbar user's page", async () => {
    for (const [username, shortcut] of [
      ['student', false],
      ['root', true],
    ] as const) {
      const client = new Client(server.url);
      await client.signIn(username);
      const html = await (await client.get('/home')).text();
      const capture = pressCaptureSnippet(shortcut ? '1' : '0', '#atrium-shell');
      // In the nonce'd script after the shell's markup, before the end the first paint waits for.
      const at = html.indexOf(capture);
      expect(at).toBeGreaterThan(html.indexOf('<div id="atrium-shell"'));
      expect(html.indexOf(`${capture}</script><template id="atrium-shell-end"></template>`)).toBe(at);
    }
  });

  it('its scripts are preloaded after the first paint, as the login page does (its HTML is its content)', async () => {
    const client = new Client(server.url);
    await client.signIn('root');
    const html = await (await client.get('/evaluations')).text();
    expect(html).not.toContain('rel="preload"');
    expect(html).toMatch(/id="atrium-late-preloads">\[\{"href":"\/assets\/root-config\.abc123\.js"/);
  });

  it('is the plain page for nobody signed in: no start-up answer, no shell, the blocking message shown', async () => {
    const response = await new Client(server.url).get('/home');
    const html = await response.text();
    expect(pageStart(html)).toBeNull();
    expect(html).not.toContain('atrium-shell');
    expect(html).toMatch(/<div id="atrium-blocking" >/);
    expect(html).toMatch(/<div id="atrium-app"><\/div>/);
  });

  it('is the plain page for a restricted user, whose boot sends them elsewhere first', async () => {
    const client = new Client(server.url);
    await client.signIn('restricted');
    const html = await (await client.get('/home')).text();
    expect(pageStart(html)).toBeNull();
    expect(html).not.toContain('atrium-shell');
  });

  it('is the plain page while the browser has a sign-out the server never heard of', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    const response = await fetch(`${server.url}/home`, {
      headers: { cookie: `${client.cookie}; atrium_signout=1` },
    });
    const html = await response.text();
    expect(pageStart(html)).toBeNull();
    expect(html).toMatch(/<div id="atrium-blocking" >/);
  });

  it('is the plain page on the login route, signed in or not', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    const response = await client.get('/common/login?returnUrl=%2Fhome');
    // A signed-in visitor is sent home from the login page (signed-in-login.ts); the page itself never
    // carries a session.
    if (response.status === 200) expect(pageStart(await response.text())).toBeNull();
    else expect(response.status).toBe(302);
  });

  it('falls back to the plain page when the render throws, and says so in the log', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    const response = await client.get('/broken');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(pageStart(html)).toBeNull();
    expect(html).toMatch(/<div id="atrium-blocking" >/);
  });
});

describe('a build without the renderer', () => {
  it('serves signed-in pages as before', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'atrium-dist-'));
    await writeFile(path.join(bare, 'index.html'), TEMPLATE);
    await writeFile(path.join(bare, 'importmap.json'), JSON.stringify(IMPORT_MAP));
    const plain = await startServer({ distDir: bare });
    try {
      const client = new Client(plain.url);
      await client.signIn('student');
      const html = await (await client.get('/home')).text();
      expect(pageStart(html)).toBeNull();
      expect(html).toMatch(/<div id="atrium-blocking" >/);
    } finally {
      await plain.close();
      await rm(bare, { recursive: true, force: true });
    }
  });
});

describe('a release beside the build', () => {
  // The renderer is the build's own (dist/shell-frame.mjs): only a release that serves the very modules it
  // drew with may get the drawn page, since the page's scripts hydrate that markup. Instances of one site
  // share the release store: an instance still on the previous full build must not draw for the next one.
  const shared = (name: string, version = '19.3.1') =>
    fixtureModule(name, { kind: name.startsWith('@atrium/') ? 'application' : 'vendor', deps: [], version });
  const built = [
    shared('@atrium/shell'),
    shared('react'),
    shared('react-dom/client'),
    shared('react/jsx-runtime'),
  ];
  const TOKEN = 'test-deploy-token-0123456789abcdef';
  let builtDir: string;
  const running: Running[] = [];

  beforeAll(async () => {
    builtDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-dist-'));
    const modules = [...built, examsArea('0.1.0+aaa')].map(({ module }) => module);
    await writeFile(path.join(builtDir, 'index.html'), TEMPLATE);
    await writeFile(
      path.join(builtDir, 'importmap.json'),
      JSON.stringify({
        imports: Object.fromEntries(modules.map((module) => [module.name, module.url])),
        integrity: Object.fromEntries(modules.map((module) => [module.url, module.integrity])),
      }),
    );
    await writeFile(path.join(builtDir, 'shell-frame.mjs'), RENDERER);
  });
  afterAll(async () => {
    await Promise.all(running.map((instance) => instance.close()));
    await rm(builtDir, { recursive: true, force: true });
  });

  /** An instance of this build whose release store starts from the full build made of `fixtures`. */
  async function instanceWithRelease(fixtures: FixtureModule[]): Promise<Running> {
    const instance = await startServer({ distDir: builtDir, deployToken: TOKEN });
    running.push(instance);
    const store = createFileReleaseStore(path.join(instance.dataDir, 'releases'));
    await initFrom(createReleaseService({ store }), fixtures);
    return instance;
  }

  async function homeOf(instance: Running): Promise<string> {
    const client = new Client(instance.url);
    await client.signIn('student');
    return (await client.get('/home')).text();
  }

  it('is drawn while the release serves the build’s modules, also after another area is published', async () => {
    const instance = await instanceWithRelease([...built, examsArea('0.1.0+aaa')]);
    expect(pageStart(await homeOf(instance))).not.toBeNull();

    const next = examsArea('0.2.0+bbb');
    const published = await fetch(`${instance.url}/lapi/releases/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(uploadBody(next)),
    });
    expect(published.status).toBe(200);
    expect(pageStart(await homeOf(instance))).not.toBeNull();
  });

  it('is the plain page when the release is another full build whose react-dom/client would hydrate it', async () => {
    const nextBuild = built.map((fixture) =>
      fixture.module.name === 'react-dom/client' ? shared('react-dom/client', '19.3.2') : fixture,
    );
    const html = await homeOf(await instanceWithRelease([...nextBuild, examsArea('0.1.0+aaa')]));
    expect(pageStart(html)).toBeNull();
    expect(html).toMatch(/<div id="atrium-blocking" >/);
  });
});
