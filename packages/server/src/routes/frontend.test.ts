import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from '../test-helpers.js';

const TEMPLATE = `<!doctype html><html lang="en"><head>
<script type="systemjs-importmap" nonce="{{NONCE}}">{{IMPORTMAP}}</script>
{{PRELOADS}}{{PAGE_STYLES}}
<meta name="atrium-build" content="{{BUILD_STAMP}}"><meta name="atrium-env" content="{{ENV}}">
</head><body>{{LOGIN_FRAME}}<div id="atrium-frame" {{FRAME_HIDDEN}}>frame</div>
<div id="atrium-blocking" {{BLOCKING_HIDDEN}}>Setting up the product, please wait...</div>
<script type="application/json" id="atrium-late-preloads">{{LATE_PRELOADS}}</script>
<script nonce="{{NONCE}}" src="/static/systemjs/system.min.js"></script></body></html>`;

const IMPORT_MAP = {
  imports: {
    '@atrium/root-config': '/assets/root-config.abc123.js',
    '@atrium/shell': '/assets/shell.def456.js',
    '@atrium/login': '/assets/login.0789ab.js',
    '@atrium/area-home': '/assets/area-home.5e5e5e.js',
    react: '/assets/react.111.js',
    evil: '/assets/</script><script>alert(1)</script>.js',
  },
  integrity: { '/assets/root-config.abc123.js': 'sha384-ROOT', '/assets/shell.def456.js': 'sha384-SHELL' },
};

let dist: string;
let server: Running;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'atrium-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'widgets'));
  await mkdir(path.join(dist, 'static'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(
    path.join(dist, 'login-frame.json'),
    JSON.stringify({
      html: '<form class="atr-login__form"><input name="username" value=""/></form>',
      // A stylesheet that tries to end its element early must not get markup into the page.
      css: '.atr-login{color:red}</style><script>alert(1)</script>',
    }),
  );
  await writeFile(path.join(dist, 'importmap.json'), JSON.stringify(IMPORT_MAP));
  await writeFile(
    path.join(dist, 'build.json'),
    JSON.stringify({ stamp: '2025_10_27_103446', app_title: 'Atrium', start_page: 'start' }),
  );
  await writeFile(
    path.join(dist, 'assets', 'shell.def456.js'),
    `System.register([], function(){ ${'/* padding */'.repeat(200)} });`,
  );
  // A precompressed pair, as scripts/precompress.ts writes them: recognisable bodies, so the test can tell
  // which file was sent.
  await writeFile(path.join(dist, 'assets', 'pre.aaa111.js'), 'export const encoding = "identity";');
  await writeFile(
    path.join(dist, 'assets', 'pre.aaa111.js.br'),
    brotliCompressSync('export const encoding = "br";'),
  );
  await writeFile(path.join(dist, 'assets', 'pre.aaa111.js.gz'), gzipSync('export const encoding = "gzip";'));
  await writeFile(path.join(dist, 'widgets', 'atrium-widgets.js'), 'export {};');
  await writeFile(path.join(dist, 'widgets', 'chunk.123abc.js'), 'export {};');
  await writeFile(path.join(dist, 'static', 'base.css'), 'body{margin:0}');
  server = await startServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { headers });

describe('index.html', () => {
  it('fills the placeholders per response with a fresh nonce matching the CSP', async () => {
    const first = await get('/home');
    const second = await get('/evaluations/some/deep/route');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /^default-src 'self'; script-src 'nonce-([\w-]+)' 'strict-dynamic'; style-src 'self' 'nonce-\1'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'; form-action 'self'; require-trusted-types-for 'script'; trusted-types default dompurify lit-html atrium-inert atrium-loader 'allow-duplicates'$/,
    );
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('same-origin');
    const nonce = /'nonce-([\w-]+)'/.exec(csp)?.[1] ?? '';
    const secondNonce = /'nonce-([\w-]+)'/.exec(second.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    expect(secondNonce).not.toBe(nonce);
    const page = await first.text();
    expect(page).not.toContain('{{');
    expect(page.match(new RegExp(`nonce="${nonce}"`, 'g'))?.length).toBeGreaterThanOrEqual(2);
    // The import map is embedded and cannot end the script element.
    expect(page).not.toContain('</script><script>alert(1)');
    const embedded = /<script type="systemjs-importmap" nonce="[^"]+">(.*?)<\/script>/s.exec(page)?.[1] ?? '';
    expect(JSON.parse(embedded)).toEqual(IMPORT_MAP);
    expect(page).toContain(
      `<link rel="preload" as="script" href="/assets/shell.def456.js" integrity="sha384-SHELL" nonce="${nonce}">`,
    );
    expect(page).toContain('href="/assets/root-config.abc123.js"');
    expect(page).toContain('href="/assets/react.111.js"');
    expect(page).not.toContain('href="/assets/login.0789ab.js"');
    expect(page).toContain('content="2025_10_27_103446"');
    expect(page).toContain('<meta name="atrium-env" content="production">');
    expect(page).toContain('<div id="atrium-blocking" >');
    // Shell routes paint the generic frame; the login page's first screen is only for the login page.
    expect(page).toContain('<div id="atrium-frame" >');
    expect(page).not.toContain('atr-login');
    expect(page).not.toContain('rel="expect"');
  });

  it('sends the login page with its prerendered first screen, its CSS under the nonce', async () => {
    const response = await get('/common/login');
    const nonce = /'nonce-([\w-]+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    const page = await response.text();
    expect(page).toContain(
      '<div id="single-spa-application:@atrium/login" data-atrium-prerendered><form class="atr-login__form"><input name="username" value=""/></form></div><template id="atrium-login-end"></template>',
    );
    expect(page).toContain(`<style nonce="${nonce}" data-atrium-login-frame>.atr-login{color:red}<\\/style>`);
    // The first paint waits for the whole first screen: a half-parsed card would grow and move.
    expect(page).toContain('<link rel="expect" href="#atrium-login-end" blocking="render">');
    // The stylesheet's text cannot end its element: the one `</style>` is the element's own end tag.
    expect(page.match(/<\/style/gi)).toEqual(['</style']);
    expect(page).toContain('<div id="atrium-frame" hidden>');
  });

  it('compresses the page for clients that accept it', async () => {
    const response = await get('/home', { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('Setting up the product, please wait...');
  });

  it('hides the blocking message and preloads the login app on /common/login, after the first paint', async () => {
    const page = await (await get('/common/login?returnUrl=%2Fhome')).text();
    expect(page).toContain('<div id="atrium-blocking" hidden>');
    // The login page's screen is its HTML: no preload links in the head, a list for the start script.
    expect(page).not.toContain('<link rel="preload"');
    const late = /<script type="application\/json" id="atrium-late-preloads">(.*?)<\/script>/s.exec(
      page,
    )?.[1];
    const hrefs = (JSON.parse(late ?? 'null') as { href: string }[]).map((entry) => entry.href);
    expect(hrefs).toContain('/assets/login.0789ab.js');
    expect(hrefs).toContain('/assets/root-config.abc123.js');
    expect(hrefs).not.toContain('/assets/shell.def456.js');
  });

  it('gives shell pages their preloads in the head and an empty late list', async () => {
    const page = await (await get('/home')).text();
    expect(page).toContain('<script type="application/json" id="atrium-late-preloads">[]</script>');
  });

  it("preloads the home area's module on /home only: other routes' areas are the shell's to choose", async () => {
    const homeArea = '<link rel="preload" as="script" href="/assets/area-home.5e5e5e.js"';
    for (const home of ['/home', '/home/', '/home?tab=1']) {
      const page = await (await get(home)).text();
      expect(page).toContain(homeArea);
      // With the shell's own preloads, after them.
      expect(page.indexOf(homeArea)).toBeGreaterThan(page.indexOf('href="/assets/shell.def456.js"'));
    }
    for (const other of ['/evaluations', '/homework', '/common/login']) {
      expect(await (await get(other)).text()).not.toContain(homeArea);
    }
  });

  it('sends browsers the page gzip-encoded with their own nonce, also when they offer brotli', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const [first, second] = await Promise.all([get('/common/login', browser), get('/common/login', browser)]);
    for (const response of [first, second]) {
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      const nonce = /'nonce-([\w-]+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      const page = await response.text();
      expect(page).toContain(`<style nonce="${nonce}" data-atrium-login-frame>`);
      expect(page).toContain('<div id="single-spa-application:@atrium/login" data-atrium-prerendered>');
    }
    expect(first.headers.get('content-security-policy')).not.toBe(
      second.headers.get('content-security-policy'),
    );
    // A client that takes only brotli still gets it, compressed as before.
    const brOnly = await get('/home', { 'accept-encoding': 'br' });
    expect(brOnly.headers.get('content-encoding')).toBe('br');
    expect(await brOnly.text()).toContain('Setting up the product, please wait...');
  });

  it('serves a rebuilt index.html on the next load', async () => {
    const before = await (await get('/home')).text();
    expect(before).not.toContain('rebuilt');
    await writeFile(path.join(dist, 'index.html'), TEMPLATE.replace('frame</div>', 'rebuilt frame</div>'));
    try {
      expect(await (await get('/home')).text()).toContain('rebuilt frame');
      expect(await (await get('/home', { 'accept-encoding': 'gzip' })).text()).toContain('rebuilt frame');
    } finally {
      await writeFile(path.join(dist, 'index.html'), TEMPLATE);
    }
    expect(await (await get('/home', { 'accept-encoding': 'gzip' })).text()).not.toContain('rebuilt');
  });
});

describe('preloads.json', () => {
  it('takes the per-page preload list from the build when there is one', async () => {
    const preloads = {
      login: [{ name: '@atrium/login', href: '/assets/login.0789ab.js', integrity: 'sha384-LOGIN' }],
      shell: [{ name: '@atrium/shell', href: '/assets/shell.def456.js' }],
    };
    await writeFile(path.join(dist, 'preloads.json'), JSON.stringify(preloads));
    // Touch index.html so the cached dist files are read again.
    await writeFile(path.join(dist, 'index.html'), `${TEMPLATE}\n`);
    try {
      const login = await (await get('/common/login')).text();
      expect(login).toContain(
        '<script type="application/json" id="atrium-late-preloads">[{"href":"/assets/login.0789ab.js","integrity":"sha384-LOGIN"}]</script>',
      );
      const shell = await (await get('/home')).text();
      expect(shell).toMatch(
        /<link rel="preload" as="script" href="\/assets\/shell\.def456\.js" nonce="[\w-]+">/,
      );
    } finally {
      await rm(path.join(dist, 'preloads.json'));
      await writeFile(path.join(dist, 'index.html'), TEMPLATE);
    }
  });
});

describe('prefetches after sign-in', () => {
  it('lets the login page fetch (not run) what home needs beyond its own modules; shell pages get none', async () => {
    const preloads = {
      login: [
        { name: '@atrium/root-config', href: '/assets/root-config.abc123.js' },
        { name: '@atrium/login', href: '/assets/login.0789ab.js' },
      ],
      shell: [
        { name: '@atrium/root-config', href: '/assets/root-config.abc123.js' },
        { name: '@atrium/shell', href: '/assets/shell.def456.js' },
        { name: '@atrium/root-config#boot', href: '/assets/root-config.9.js', module: true },
      ],
    };
    await writeFile(path.join(dist, 'preloads.json'), JSON.stringify(preloads));
    await writeFile(path.join(dist, 'index.html'), `${TEMPLATE}\n`);
    try {
      const login = await (await get('/common/login')).text();
      const prefetched = [...login.matchAll(/<link rel="prefetch" href="([^"]+)">/g)].map((m) => m[1]);
      expect(prefetched).toEqual([
        '/assets/shell.def456.js',
        '/assets/root-config.9.js',
        '/assets/area-home.5e5e5e.js',
      ]);
      // After the login's first screen: the preload scanner meets them last.
      expect(login.indexOf('rel="prefetch"')).toBeGreaterThan(login.indexOf('data-atrium-prerendered'));
      expect(await (await get('/home')).text()).not.toContain('rel="prefetch"');
    } finally {
      await rm(path.join(dist, 'preloads.json'));
      await writeFile(path.join(dist, 'index.html'), TEMPLATE);
    }
  });
});

describe('static files', () => {
  it('serves hashed assets immutable, compressed, and 404s unknown ones', async () => {
    const asset = await get('/assets/shell.def456.js', { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toContain('System.register');
    for (const missing of ['/assets/nope.js', '/static/nope.css', '/widgets/nope.js']) {
      expect((await get(missing)).status).toBe(404);
    }
  });

  it('revalidates the import map, build stamp and widgets entry; chunks are immutable', async () => {
    for (const name of ['/importmap.json', '/build.json', '/widgets/atrium-widgets.js']) {
      const response = await get(name);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get('/widgets/chunk.123abc.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await (await get('/static/base.css')).text()).toBe('body{margin:0}');
    expect(await (await get('/importmap.json')).json()).toEqual(IMPORT_MAP);
  });
});

describe('without a build', () => {
  it('answers a clear 503 page', async () => {
    const bare = await startServer();
    try {
      const response = await fetch(`${bare.url}/home`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('Atrium is not built yet: run npm run build');
      expect((await fetch(`${bare.url}/importmap.json`)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('preload links', () => {
  it('match how SystemJS loads each script, so the browser reuses them', async () => {
    const { preloadLinks } = await import('../html/index-template.js');
    const links = preloadLinks(
      [
        { name: 'same-origin', href: '/assets/a.js', integrity: 'sha384-A' },
        { name: 'cdn', href: 'https://cdn.example/assets/b.js', integrity: 'sha384-B' },
        { name: 'root#boot', href: '/assets/root.1.js', integrity: 'sha384-C', module: true },
      ],
      'n0nce',
    );
    // An async chunk is an ES module the bundle imports itself: a module preload.
    expect(links).toContain(
      '<link rel="modulepreload" href="/assets/root.1.js" integrity="sha384-C" nonce="n0nce">',
    );
    // Same origin: SystemJS adds no crossorigin, so neither may the preload (else a second download).
    expect(links).toContain(
      '<link rel="preload" as="script" href="/assets/a.js" integrity="sha384-A" nonce="n0nce">',
    );
    expect(links).toContain(
      '<link rel="preload" as="script" href="https://cdn.example/assets/b.js" crossorigin="anonymous" integrity="sha384-B" nonce="n0nce">',
    );
  });
});

describe('precompressed assets', () => {
  it('sends the build-time .br or .gz file the client accepts, never compressing again', async () => {
    const brotli = await get('/assets/pre.aaa111.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe('export const encoding = "br";');
    const gzip = await get('/assets/pre.aaa111.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe('export const encoding = "gzip";');
    expect(gzip.headers.get('cache-control')).toContain('immutable');
  });

  /** Status, headers (but the date and the request's own id) and bytes: what a browser or a cache sees. */
  const answer = async (pathname: string, headers: Record<string, string>) => {
    const response = await get(pathname, headers);
    const seen: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'x-request-id') seen[name] = value;
    });
    return { status: response.status, headers: seen, body: Buffer.from(await response.arrayBuffer()) };
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('answers repeat requests from memory with the same status, headers and bytes as from disk', async () => {
    await writeFile(
      path.join(dist, 'assets', 'kept.bbb222.js.br'),
      brotliCompressSync('export const kept = 1;'),
    );
    await writeFile(path.join(dist, 'assets', 'kept.bbb222.js.gz'), gzipSync('export const kept = 1;'));
    await writeFile(path.join(dist, 'assets', 'kept.bbb222.js'), 'export const kept = 1;');
    await settled();
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const fromDisk = await answer('/assets/kept.bbb222.js', browser);
    await settled();
    const fromMemory = await answer('/assets/kept.bbb222.js', browser);
    expect(fromDisk.headers['content-encoding']).toBe('br');
    expect(fromDisk.headers['etag']).toBeTruthy();
    expect(fromMemory).toEqual(fromDisk);
    // Requests the copy does not answer still get @fastify/static's own answers.
    const ranged = await get('/assets/kept.bbb222.js', { range: 'bytes=0-5' });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('export');
    const gzip = await answer('/assets/kept.bbb222.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.toString()).toBe('export const kept = 1;');
  });

  it('drops its copies when the assets directory changes', async () => {
    const browser = { 'accept-encoding': 'br' };
    await writeFile(
      path.join(dist, 'assets', 'redo.ccc333.js.br'),
      brotliCompressSync('export const v = 1;'),
    );
    await settled();
    await answer('/assets/redo.ccc333.js', browser);
    await settled();
    expect((await answer('/assets/redo.ccc333.js', browser)).body.toString()).toBe('export const v = 1;');
    // Names are content-hashed and never rewritten in a real build; a test may, to see which copy is sent.
    await writeFile(
      path.join(dist, 'assets', 'redo.ccc333.js.br'),
      brotliCompressSync('export const v = 2;'),
    );
    await settled();
    expect((await answer('/assets/redo.ccc333.js', browser)).body.toString()).toBe('export const v = 2;');
    await rm(path.join(dist, 'assets', 'redo.ccc333.js.br'));
    await settled();
    expect((await get('/assets/redo.ccc333.js', browser)).status).toBe(404);
  });
});
