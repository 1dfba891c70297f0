/**
 * integrations/php/atrium.php through the real php-cli: what it prints for each option, byte for byte
 * where it matters (escaping, charsets, the loader's text).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loaderSnippet } from '../../../packages/widgets/src/loader/snippet';
import { ensureDebianPackages } from '../../../tests/real/debian';
import { freePort, waitForPort } from '../../../tests/real/ports';

const PHP = '/usr/bin/php';
const DRIVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'render.php');

/** php-cli is Debian's php-cli, installed when missing as every real part of the tests is. */
function ensurePhp(): void {
  ensureDebianPackages({ [PHP]: 'php-cli' });
}

/** What the helper prints, and what it wrote to PHP's error log (php-cli's is stderr). */
function renderWithLog(
  options: unknown,
  env: Record<string, string> = {},
  ...args: string[]
): { html: string; log: string } {
  const result = spawnSync(
    PHP,
    ['-d', 'display_errors=stderr', '-d', 'error_reporting=-1', DRIVER, ...args],
    {
      input: JSON.stringify(options),
      encoding: 'utf8',
      env: { ...process.env, ...env },
    },
  );
  if (result.status !== 0 || /PHP (Warning|Notice|Deprecated|Fatal)/.test(result.stderr)) {
    throw new Error(`php failed (${result.status}): ${result.stderr}`);
  }
  return { html: result.stdout, log: result.stderr };
}

/** What the helper prints (lines it logs are the subject of their own tests; PHP's warnings still fail). */
function render(options: unknown, ...args: string[]): string {
  return renderWithLog(options, {}, ...args).html;
}

const latin1 = (text: string) => ({ latin1: Buffer.from(text, 'latin1').toString('hex') });

let dir: string;
let manifestFile: string;
const manifest = {
  version: '0.1.0',
  entry: 'atrium-widgets.0123456789abcdef.js',
  integrity: 'sha384-abc+/=',
  loader: loaderSnippet(),
  loaderLite: loaderSnippet(null),
  loaderHashes: { loader: cspHash(loaderSnippet()), loaderLite: cspHash(loaderSnippet(null)) },
};

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

beforeAll(() => {
  ensurePhp();
  dir = mkdtempSync(path.join(tmpdir(), 'atrium-php-'));
  manifestFile = path.join(dir, 'manifest.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOTICES = [
  { id: 'a', message: 'Rentrée <b>lundi</b>', closeable: true, clickable: false, routeInfo: null },
  { id: 'w', message: 'Heads up', closeable: true, clickable: false, static: true, routeInfo: null },
  { id: 'c', message: 'Policy', closeable: false, clickable: true, body: 'x', routeInfo: null },
];

describe('atrium_widgets()', () => {
  it('with no options: an empty bar, the toolbar tag, and the fallback loader for the fixed-name script', () => {
    const html = render({});
    expect(html).toContain('<atrium-notification-bar placement="root"></atrium-notification-bar>');
    expect(html).toContain('<atrium-dev-toolbar></atrium-dev-toolbar>');
    expect(html).toContain(`<script data-src="/widgets/atrium-widgets.js">${loaderSnippet(null)}</script>`);
  });

  it('ends with the element the head link waits for, after the loader, so the first paint has the loader run', () => {
    for (const options of [{}, { manifest: manifestFile, notifications: NOTICES }]) {
      const html = render(options);
      expect(html.trimEnd().endsWith('</script><template id="atrium-widgets-ready"></template>')).toBe(true);
      expect(html.match(/id="atrium-widgets-ready"/g)).toHaveLength(1);
    }
    expect(render({}, 'head')).toBe('<link rel="expect" href="#atrium-widgets-ready" blocking="render">');
  });

  it('reads the manifest: the hashed entry, its integrity, the nonce and the base', () => {
    const html = render({ manifest: manifestFile, nonce: 'n"1', base: 'https://app.school.test/' });
    expect(html).toContain(
      '<script nonce="n&quot;1" data-src="https://app.school.test/widgets/atrium-widgets.0123456789abcdef.js"' +
        ` data-integrity="sha384-abc+/=">${loaderSnippet(null)}</script>`,
    );
  });

  it("takes a widgets release's entry from the manifest's url, and refuses a url that is not a plain script path", () => {
    const released = path.join(dir, 'released.json');
    const withUrl = (url: string) =>
      writeFileSync(released, JSON.stringify({ ...manifest, url, integrity: 'sha384-released' }));
    withUrl('/assets/atrium-widgets.1111222233334444.js');
    expect(render({ manifest: released, base: 'https://app.school.test' })).toContain(
      'data-src="https://app.school.test/assets/atrium-widgets.1111222233334444.js" data-integrity="sha384-released"',
    );
    // On a CDN, the loader is told Atrium's origin: this page's own, or 'base'.
    withUrl('https://cdn.school.test/atrium/assets/atrium-widgets.1111222233334444.js');
    expect(render({ manifest: released })).toContain(
      'data-src="https://cdn.school.test/atrium/assets/atrium-widgets.1111222233334444.js"' +
        ' data-integrity="sha384-released" data-origin="">',
    );
    expect(render({ manifest: released, base: 'https://app.school.test/' })).toContain(
      'data-integrity="sha384-released" data-origin="https://app.school.test">',
    );
    for (const bad of [
      'javascript:alert(1)//.js',
      'http://cdn.school.test/a.js',
      '/assets/a.js"><script>.js',
      '//evil.test/a.js',
    ]) {
      withUrl(bad);
      const html = render({ manifest: released });
      expect(html, bad).toContain('data-src="/widgets/atrium-widgets.js"');
      expect(html, bad).not.toContain('sha384-released');
    }
  });

  it("places the bar on the root by default, and in the body's flow with 'placement' => 'flow'", () => {
    expect(render({ manifest: manifestFile })).toContain('<atrium-notification-bar placement="root">');
    expect(render({ manifest: manifestFile, placement: 'flow' })).toContain(
      '<atrium-notification-bar></atrium-notification-bar>',
    );
  });

  it('says what is missing and how to fix it, in the error log and in an HTML comment', () => {
    const { html, log } = renderWithLog({ manifest: path.join(dir, 'nowhere.json'), notifications: NOTICES });
    const line = `no widgets manifest could be read from ${path.join(dir, 'nowhere.json')}`;
    expect(log).toContain(`[atrium-widgets] ${line}`);
    expect(log).toContain("Fix: give the 'manifest' option (or ATRIUM_WIDGETS_MANIFEST)");
    expect(html).toMatch(new RegExp(`^<!-- \\[atrium-widgets\\] ${line}[^]*Fix: [^]*-->\n`));
    // Nothing is said when nothing is missing.
    const fine = renderWithLog({ manifest: manifestFile, notifications: NOTICES });
    expect(fine.log).toBe('');
    expect(fine.html).not.toContain('<!--');
  });

  it("'toolbar' => false leaves the toolbar out", () => {
    expect(render({ toolbar: false })).not.toContain('atrium-dev-toolbar');
  });

  it('server-renders the notices in the markup the element renders, in ASCII, with the full loader', () => {
    const html = render({ manifest: manifestFile, notifications: NOTICES });
    expect(/^[\x20-\x7e\n]*$/.test(html)).toBe(true);
    expect(html).toContain(
      '<template shadowrootmode="open"><div class="frame frame--reserved" part="frame" role="status"' +
        ' aria-live="polite" aria-label="System notifications"><ul class="list">' +
        '<li class="note" part="notification" data-id="a"><span class="message" part="message">' +
        'Rentr&#233;e <b>lundi</b></span><button class="close" part="close" aria-label="Dismiss notification:' +
        ' Rentr&#233;e lundi" title="Dismiss"><span aria-hidden="true">&#215;</span></button></li>' +
        '<li class="note note--static" part="notification static" data-id="w"><span class="message"' +
        ' part="message">Heads up</span></li>' +
        '<li class="note" part="notification" data-id="c"><span class="message" part="message">' +
        '<button class="open" part="open" aria-haspopup="dialog">Policy</button></span></li>' +
        '</ul></div></template></atrium-notification-bar>',
    );
    // The attribute: JSON with \u escapes, so the bar reads the same notices whatever the page's charset.
    const attribute = /notifications="([^"]*)"/.exec(html)?.[1] ?? '';
    const decoded = attribute
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;|&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    const list = JSON.parse(decoded) as Array<{ id: string; message: string; static: boolean }>;
    expect(list.map((n) => [n.id, n.message, n.static])).toEqual([
      ['a', 'Rentrée <b>lundi</b>', false],
      ['w', 'Heads up', true],
      ['c', 'Policy', false],
    ]);
    expect(html).toContain(`>${loaderSnippet()}</script>`);
  });

  it('takes Latin-1 strings from a Latin-1 page, and invalid UTF-8 as Latin-1 anyway', () => {
    const notice = { id: 'r', message: latin1('Rentrée à l’école'), closeable: false, clickable: false };
    const declared = render({ manifest: manifestFile, charset: 'ISO-8859-1', notifications: [notice] });
    expect(declared).toContain('Rentr&#233;e &#224; l');
    const guessed = render({
      manifest: manifestFile,
      notifications: [{ ...notice, message: latin1('Année') }],
    });
    expect(guessed).toContain('>Ann&#233;e</span>');
  });

  it('escapes hostile ids and messages, and shows no markup of a notice, only its words', () => {
    const html = render({
      manifest: manifestFile,
      notifications: [
        {
          id: '"><script>alert(1)</script>',
          message: '<img src=x onerror=alert(1)>Hi <script>alert(2)</script><style>*{}</style>&amp; bye',
          closeable: false,
          clickable: false,
        },
      ],
    });
    expect(html).not.toMatch(/<script>alert|<img|onerror=alert\(1\)>|<style>/);
    expect(html).toContain('data-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('<span class="message" part="message">Hi &amp; bye</span>');
  });

  it('prints the inline formatting the bar keeps, bare and nested, and the words of every other tag', () => {
    const html = render({
      manifest: manifestFile,
      notifications: [
        {
          id: 'f',
          message:
            '<B onclick="x()" style="color:red">Due</b> <em>Friday</EM>, <strong>room <i>4</i></strong>' +
            '<br/>see <a href="javascript:alert(1)">the <b>list</b></a>. <b>Open',
          closeable: false,
          clickable: true,
        },
      ],
    });
    expect(html).toContain(
      '<button class="open" part="open" aria-haspopup="dialog"><b>Due</b> <em>Friday</em>, ' +
        '<strong>room <i>4</i></strong><br>see the <b>list</b>. <b>Open</b></button>',
    );
    // (The attribute keeps the notice as given, JSON-escaped, for the bar's own sanitiser.)
    const rendered = /<template[^]*<\/template>/.exec(html)?.[0] ?? '';
    expect(rendered).not.toMatch(/onclick|style=|javascript:/);
  });

  it('drops entries the bar would drop, and without a manifest renders no unstyled markup', () => {
    const html = render({
      notifications: [{ id: '', message: 'x' }, { message: 'no id' }, 'junk', NOTICES[1], NOTICES[1]],
    });
    expect(html).not.toContain('<template shadowrootmode');
    const count = (html.match(/&quot;id&quot;/g) ?? []).length;
    expect(count).toBe(1);
  });

  it('a manifest URL on a dead Atrium gives the fallback loader, and no error on the page', () => {
    const cacheDir = mkdtempSync(path.join(dir, 'cache-'));
    // Nothing listens on port 9 of 127.0.0.1: the fetch fails at once, and the failure is remembered.
    const dead = render({ manifest: 'http://127.0.0.1:9/widgets/manifest.json', cache_dir: cacheDir });
    expect(dead).toContain('data-src="/widgets/atrium-widgets.js"');
  });
});

describe("the fetched manifest's cache", () => {
  const EVIL = "document.title='planted'";
  let server: ChildProcess;
  let source = '';
  let tmp: string;

  beforeAll(async () => {
    // php's own web server answers the manifest (the test's event loop is blocked while php-cli runs).
    const served = mkdtempSync(path.join(dir, 'served-'));
    mkdirSync(path.join(served, 'widgets'));
    writeFileSync(path.join(served, 'widgets', 'manifest.json'), JSON.stringify(manifest));
    const port = await freePort();
    server = spawn(PHP, ['-S', `127.0.0.1:${port}`, '-t', served], { stdio: 'ignore' });
    source = `http://127.0.0.1:${port}/widgets/manifest.json`;
    await waitForPort(port);
  });
  afterAll(() => {
    server?.kill();
  });
  beforeEach(() => {
    tmp = mkdtempSync(path.join(dir, 'tmp-'));
  });

  /** A manifest whose loader is someone else's script, with hashes that match it. */
  const planted = () =>
    JSON.stringify({
      ...manifest,
      entry: 'atrium-widgets.planted.js',
      loader: EVIL,
      loaderLite: EVIL,
      loaderHashes: { loader: cspHash(EVIL), loaderLite: cspHash(EVIL) },
    });
  const cacheName = (url: string) => `manifest-${createHash('sha1').update(url).digest('hex')}.json`;

  it('caches in a folder of its own, mode 0700, by default under the temp folder and named after the user', () => {
    const { html, log } = renderWithLog({ manifest: source }, { TMPDIR: tmp });
    expect(log).toBe('');
    expect(html).toContain('atrium-widgets.0123456789abcdef.js');
    const folder = path.join(tmp, `atrium-widgets-${process.getuid!()}`);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(folder, cacheName(source))).mode & 0o077).toBe(0);
    // The option names another folder, made private the same way.
    const chosen = path.join(tmp, 'chosen', 'cache');
    renderWithLog({ manifest: source, cache_dir: chosen });
    expect(statSync(chosen).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(chosen, cacheName(source)))).toBe(true);
  });

  it("never prints a loader planted at the shared temp folder's old name", () => {
    const dead = 'http://127.0.0.1:9/widgets/manifest.json';
    writeFileSync(
      path.join(tmp, `atrium-widgets-manifest-${createHash('sha1').update(dead).digest('hex')}.json`),
      planted(),
    );
    const { html } = renderWithLog({ manifest: dead }, { TMPDIR: tmp });
    expect(html).not.toContain('planted');
    expect(html).toContain(`>${loaderSnippet(null)}</script>`);
  });

  it('refuses a cache folder other users can write, and says so in the error log', () => {
    const shared = path.join(tmp, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    writeFileSync(path.join(shared, cacheName(source)), planted());
    const { html, log } = renderWithLog({ manifest: source, cache_dir: shared });
    expect(html).not.toContain('planted');
    expect(html).toContain('atrium-widgets.0123456789abcdef.js');
    expect(log).toContain(
      `[atrium-widgets] the manifest cache folder ${shared} can be read or written by other users`,
    );
    expect(log).toContain('0700');
  });

  it('never prints cached loader text that does not match the hash the manifest declares', () => {
    const own = path.join(tmp, 'own');
    mkdirSync(own, { mode: 0o700 });
    const dead = 'http://127.0.0.1:9/widgets/manifest.json';
    writeFileSync(
      path.join(own, cacheName(dead)),
      JSON.stringify({ ...manifest, loader: EVIL, loaderLite: EVIL }),
      {
        mode: 0o600,
      },
    );
    const { html, log } = renderWithLog({ manifest: dead, cache_dir: own, notifications: NOTICES });
    expect(html).not.toContain('planted');
    expect(html).toContain(`>${loaderSnippet(null)}</script>`);
    expect(log).toContain("the manifest's loader does not match the hash it declares (loaderHashes.loader)");
  });
});

describe("the visitor's notices, asked of Atrium on one origin", () => {
  let server: ChildProcess;
  let atrium = '';

  beforeAll(async () => {
    // Atrium's initialize as php's web server plays it: the notices for the cookie `good`, 204 without a
    // session, and no answer in time for `slow`.
    const router = path.join(dir, 'initialize.php');
    writeFileSync(
      router,
      `<?php
if ($_SERVER['REQUEST_URI'] !== '/lapi/rpc/common/ionic/initialize?optional=1' || $_SERVER['REQUEST_METHOD'] !== 'POST') {
    http_response_code(404);
    return true;
}
$sid = isset($_COOKIE['atrium_sid']) ? $_COOKIE['atrium_sid'] : '';
if ($sid === 'slow') { sleep(2); }
if ($sid === 'good') {
    header('Content-Type: application/json');
    echo json_encode(['token' => 't', 'system_notifications' => [
        ['id' => 'n1', 'message' => 'Exams <b>Friday</b>', 'closeable' => true, 'clickable' => false, 'routeInfo' => null],
    ]]);
    return true;
}
http_response_code(204);
return true;
`,
    );
    const port = await freePort();
    server = spawn(PHP, ['-S', `127.0.0.1:${port}`, router], { stdio: 'ignore' });
    atrium = `http://127.0.0.1:${port}`;
    await waitForPort(port);
  });
  afterAll(() => {
    server?.kill();
  });

  it("server-renders the signed-in visitor's notices, asked with their own session cookie", () => {
    const { html, log } = renderWithLog({
      manifest: manifestFile,
      server: atrium,
      __cookies: { atrium_sid: 'good' },
    });
    expect(log).toBe('');
    expect(html).toContain('<template shadowrootmode="open"><div class="frame frame--reserved"');
    expect(html).toContain('data-id="n1"><span class="message" part="message">Exams <b>Friday</b></span>');
  });

  it('knows nobody is signed in without the cookie, and from a 204: an empty list, no room held', () => {
    for (const cookies of [{}, { atrium_sid: 'gone' }]) {
      const { html, log } = renderWithLog({ manifest: manifestFile, server: atrium, __cookies: cookies });
      expect(log).toBe('');
      expect(html).toContain('<atrium-notification-bar placement="root" notifications="[]">');
      expect(html).toContain('<template shadowrootmode="open"><div class="frame" part="frame"');
    }
  });

  it('gives up after the short timeout, says so, and leaves the notices to the bar', () => {
    const { html, log } = renderWithLog({
      manifest: manifestFile,
      server: atrium,
      session_timeout: 0.3,
      __cookies: { atrium_sid: 'slow' },
    });
    expect(html).toContain('<atrium-notification-bar placement="root"></atrium-notification-bar>');
    expect(log).toContain("[atrium-widgets] the visitor's notices could not be read from");
    expect(html).toContain('<!-- [atrium-widgets] the visitor&apos;s notices could not be read');
  });
});
