import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { areaModuleName } from '@atrium/api/routes';
import { readUntilChanged, type ReadUntilChanged } from '../until-changed.js';
import { escapeHtml, jsonForScript, styleText } from './escape.js';
import { paintHold } from './paint-hold.js';
import { loadShellFrame, type RenderShellFrame } from './shell-frame.js';

/** Modules every page needs at once: preloading them saves a round trip per module on a cold load. */
export const SHARED_PRELOADS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'single-spa',
  '@atrium/api',
  '@atrium/session',
  '@atrium/ui',
] as const;

export interface ImportMap {
  imports: Record<string, string>;
  integrity?: Record<string, string>;
}

/** dist/preloads.json (written by the build): per page, the modules to preload, with integrity. */
export interface PreloadEntry {
  name: string;
  href: string;
  integrity?: string;
  /** An ES module chunk (loaded with import()): `modulepreload` instead of a script preload. */
  module?: boolean;
}
export interface PreloadPlan {
  login: PreloadEntry[];
  shell: PreloadEntry[];
}

/** dist/login-frame.json (written by the build): the login page's first screen, painted before any script. */
export interface LoginFrame {
  html: string;
  css: string;
}

export interface DistFiles {
  template: string;
  /** null for a build without one: the login page then starts from the generic frame. */
  loginFrame: LoginFrame | null;
  importMap: ImportMap;
  buildStamp: string;
  /** null when the build wrote no preloads.json: then the list is derived from the import map. */
  preloads: PreloadPlan | null;
  /**
   * The signed-in page's server render (dist/shell-frame.mjs, shell-frame.ts); null for a build without
   * one: signed-in pages then start from the generic frame and the blocking message.
   */
  shellFrame?: RenderShellFrame | null;
}

function isPreloadList(value: unknown): value is PreloadEntry[] {
  return (
    Array.isArray(value) &&
    value.every(
      (e: unknown) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as PreloadEntry).href === 'string' &&
        typeof (e as PreloadEntry).name === 'string',
    )
  );
}

function parsePreloads(text: string | null): PreloadPlan | null {
  if (text === null) return null;
  const value = JSON.parse(text) as { login?: unknown; shell?: unknown };
  return isPreloadList(value.login) && isPreloadList(value.shell)
    ? { login: value.login, shell: value.shell }
    : null;
}

function parseLoginFrame(text: string | null): LoginFrame | null {
  if (text === null) return null;
  const value = JSON.parse(text) as Partial<LoginFrame>;
  return typeof value.html === 'string' && typeof value.css === 'string'
    ? { html: value.html, css: value.css }
    : null;
}

export class DistMissingError extends Error {
  override readonly name = 'DistMissingError';
  readonly code = 'not-built';
}

function isImportMap(value: unknown): value is ImportMap {
  if (typeof value !== 'object' || value === null) return false;
  const imports = (value as { imports?: unknown }).imports;
  return typeof imports === 'object' && imports !== null;
}

/**
 * Reads dist/index.html, importmap.json and build.json, kept until something in dist/ changes (so a watch
 * rebuild is picked up without a restart; until-changed.ts) and read again only when index.html did: the
 * same files object while the build is the same, so the pages compiled from it are kept (index-cache.ts).
 */
export function createDistReader(distDir: string): ReadUntilChanged<DistFiles> {
  let cached: { version: string; files: DistFiles } | null = null;
  return readUntilChanged(distDir, async (): Promise<DistFiles> => {
    const indexPath = path.join(distDir, 'index.html');
    let version: string;
    try {
      const info = await stat(indexPath);
      version = `${info.mtimeMs}:${info.size}`;
    } catch {
      throw new DistMissingError(`${indexPath} does not exist`);
    }
    if (cached && cached.version === version) return cached.files;
    const [template, mapText, buildText, preloadsText, loginFrameText, shellFrame] = await Promise.all([
      readFile(indexPath, 'utf8'),
      readFile(path.join(distDir, 'importmap.json'), 'utf8').catch(() => '{"imports":{}}'),
      readFile(path.join(distDir, 'build.json'), 'utf8').catch(() => '{}'),
      readFile(path.join(distDir, 'preloads.json'), 'utf8').catch(() => null),
      readFile(path.join(distDir, 'login-frame.json'), 'utf8').catch(() => null),
      loadShellFrame(distDir),
    ]);
    const parsedMap: unknown = JSON.parse(mapText);
    const build = JSON.parse(buildText) as { stamp?: unknown };
    const files: DistFiles = {
      template,
      importMap: isImportMap(parsedMap) ? parsedMap : { imports: {} },
      buildStamp: typeof build.stamp === 'string' ? build.stamp : '',
      preloads: parsePreloads(preloadsText),
      loginFrame: parseLoginFrame(loginFrameText),
      shellFrame,
    };
    cached = { version, files };
    return files;
  });
}

/** Preload entries derived from the import map, for builds without preloads.json. */
export function preloadsFromImportMap(importMap: ImportMap, names: readonly string[]): PreloadEntry[] {
  return names.flatMap((name) => {
    const href = importMap.imports[name];
    if (!href) return [];
    const integrity = importMap.integrity?.[href];
    return [integrity ? { name, href, integrity } : { name, href }];
  });
}

/** An absolute or protocol-relative URL: another origin (a CDN), where SystemJS sets crossorigin. */
function isOtherOrigin(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

export function preloadLinks(entries: readonly PreloadEntry[], nonce: string): string {
  return entries
    .map(({ href, integrity, module }) => {
      const integrityAttr = integrity ? ` integrity="${escapeHtml(integrity)}"` : '';
      if (module) {
        return `<link rel="modulepreload" href="${escapeHtml(href)}"${integrityAttr} nonce="${escapeHtml(nonce)}">`;
      }
      // SystemJS sets crossorigin only on scripts from another origin; a preload is reused only when its
      // credentials mode matches the script's, so same-origin preloads must not carry the attribute.
      const crossOriginAttr = isOtherOrigin(href) ? ' crossorigin="anonymous"' : '';
      return `<link rel="preload" as="script" href="${escapeHtml(href)}"${crossOriginAttr}${integrityAttr} nonce="${escapeHtml(nonce)}">`;
    })
    .join('\n');
}

/** single-spa's container for the login app, where the app mounts (packages/login/src/lifecycles.tsx). */
export const LOGIN_CONTAINER_ID = 'single-spa-application:@atrium/login';
/** Marks the login page's inline stylesheet, which the login app adopts instead of carrying it (login-styles.ts). */
export const LOGIN_FRAME_STYLE_ATTR = 'data-atrium-login-frame';

/**
 * Parsed right after the login frame: the first paint waits for it (paint-hold.ts), as the signed-in page's
 * for the shell. At 6x CPU the card was painted half built, then grew and moved (layout shifts 0.09–0.14).
 */
const LOGIN_FRAME_HOLD = paintHold('atrium-login-end');

/** The area a sign-in lands on unless a returnUrl says otherwise (HOME_PATH, the shell's route table). */
export const HOME_AREA_MODULE = areaModuleName('home');

/**
 * What the page needs after a sign-in that the login page did not load: the shell page's modules and boot
 * chunks, and the home area. The login page prefetches them: a Sign In click then finds them in
 * the HTTP cache instead of fetching boot chunk, session, shell and area one after the other.
 */
export function afterSignInEntries(files: Pick<DistFiles, 'importMap' | 'preloads'>): PreloadEntry[] {
  const shell =
    files.preloads?.shell ??
    preloadsFromImportMap(files.importMap, ['@atrium/root-config', '@atrium/shell', ...SHARED_PRELOADS]);
  const onLogin = new Set((files.preloads?.login ?? []).map((entry) => entry.href));
  return [
    ...shell.filter((entry) => !onLogin.has(entry.href)),
    ...preloadsFromImportMap(files.importMap, [HOME_AREA_MODULE]),
  ];
}

/**
 * Prefetch links: fetched at the browser's idle priority into the HTTP cache, never evaluated, so they take
 * nothing from the login page's own boot; the scripts that later load them (SystemJS, with their integrity)
 * are answered from the cache. No `as`: the same cached response serves a classic or a module script.
 */
export function prefetchLinks(entries: readonly PreloadEntry[]): string {
  return entries
    .map(({ href }) => {
      // Matches the credentials mode SystemJS will load a CDN's script with, so the cached answer is reused.
      const crossOriginAttr = isOtherOrigin(href) ? ' crossorigin="anonymous"' : '';
      return `<link rel="prefetch" href="${escapeHtml(href)}"${crossOriginAttr}>`;
    })
    .join('\n');
}

/** The same choices as preloadLinks, as data for the page's start script to act on after the first paint. */
export function latePreloads(
  entries: readonly PreloadEntry[],
): { href: string; integrity?: string; module?: true; crossorigin?: 'anonymous' }[] {
  return entries.map(({ href, integrity, module }) => ({
    href,
    ...(integrity ? { integrity } : {}),
    ...(module ? { module: true as const } : {}),
    ...(!module && isOtherOrigin(href) ? { crossorigin: 'anonymous' as const } : {}),
  }));
}

export interface RenderIndexOptions {
  nonce: string;
  env: string;
  /** The login page (/common/login...) or a shell route. */
  login: boolean;
  /**
   * The home page (/home), where most visits start: its area's module is preloaded with the shell's, so
   * the first screen does not wait for the shell to ask for it. Other routes' areas are the
   * shell's route table's to choose; the boot fetches them while the session starts.
   */
  home?: boolean;
  /**
   * A signed-in page whose first screen the server draws per response (shell-frame.ts): the blocking
   * message and the generic frame start hidden; its styles, start-up answer and shell markup are this
   * response's own (markers the compiled page cuts out, index-cache.ts).
   */
  signedIn?: { styles: string; start: string; shell: string };
  /** The demo backend on purpose (ATRIUM_DEMO=1): the login page says so above its card. */
  demoNotice?: boolean;
}

/** The login page's words when the demo backend is served on purpose (docs/decisions.md). */
export const DEMO_NOTICE_TEXT =
  'Demonstration site: the accounts and data here are samples, and anyone can sign in. Do not enter a real password.';

/** Its own styles (nonce'd, as the CSP wants), so a build without them still shows it plainly. */
function demoNotice(nonce: string): string {
  return (
    `<style nonce="${escapeHtml(nonce)}">.atrium-demo-notice{margin:0;padding:.5rem 1rem;background:#fff4ce;color:#3b2f00;` +
    `border-bottom:1px solid #c8a600;font:600 0.95rem/1.4 system-ui,sans-serif;text-align:center}</style>` +
    `<p class="atrium-demo-notice" role="note">${escapeHtml(DEMO_NOTICE_TEXT)}</p>\n`
  );
}

/** Fill the placeholders of dist/index.html for one response. */
export function renderIndex(
  files: DistFiles,
  { nonce, login, env, home, signedIn, demoNotice: demo }: RenderIndexOptions,
): string {
  const pageEntries =
    files.preloads?.[login ? 'login' : 'shell'] ??
    preloadsFromImportMap(files.importMap, [
      '@atrium/root-config',
      login ? '@atrium/login' : '@atrium/shell',
      ...SHARED_PRELOADS,
    ]);
  const entries =
    home && !login
      ? [...pageEntries, ...preloadsFromImportMap(files.importMap, [HOME_AREA_MODULE])]
      : pageEntries;
  const frame = login ? files.loginFrame : null;
  const values: Record<string, string> = {
    NONCE: escapeHtml(nonce),
    ENV: escapeHtml(env),
    IMPORTMAP: jsonForScript(files.importMap),
    // The login page sends its whole first screen as HTML: its preloads wait for that to paint (issuing a
    // dozen fetches costs the main thread tens of milliseconds on a slow phone). Shell pages paint only a
    // frame, and their content waits on these modules: theirs go out with the head.
    // A signed-in page the server rendered is its content too.
    PRELOADS: frame || signedIn ? '' : preloadLinks(entries, nonce),
    LATE_PRELOADS: jsonForScript(frame || signedIn ? latePreloads(entries) : []),
    BUILD_STAMP: escapeHtml(files.buildStamp),
    // A signed-in page's server has done the start-up already: nothing to wait for (SPEC section 4's
    // message covers the wait for it).
    BLOCKING_HIDDEN: login || signedIn ? 'hidden' : '',
    // The login page paints its own first screen (built from the app's first render, so trusted markup);
    // the generic frame is for shell routes.
    PAGE_STYLES: frame
      ? `<style nonce="${escapeHtml(nonce)}" ${LOGIN_FRAME_STYLE_ATTR}>${styleText(frame.css)}</style>\n` +
        LOGIN_FRAME_HOLD.link
      : (signedIn?.styles ?? ''),
    // After the first screen in the document, so the preload scanner meets them last.
    LOGIN_FRAME:
      (login && demo ? demoNotice(nonce) : '') +
      (frame
        ? `<div id="${LOGIN_CONTAINER_ID}" data-atrium-prerendered>${frame.html}</div>` +
          `${LOGIN_FRAME_HOLD.end}\n${prefetchLinks(afterSignInEntries(files))}`
        : (signedIn?.start ?? '')),
    // Inside #atrium-app: the shell's own container, server-drawn, which the shell hydrates.
    SHELL_FRAME: signedIn?.shell ?? '',
    FRAME_HIDDEN: frame || signedIn ? 'hidden' : '',
  };
  // One pass, so a value that happens to contain "{{...}}" is never substituted again.
  return files.template.replace(
    /\{\{(NONCE|ENV|IMPORTMAP|PRELOADS|LATE_PRELOADS|BUILD_STAMP|BLOCKING_HIDDEN|PAGE_STYLES|LOGIN_FRAME|SHELL_FRAME|FRAME_HIDDEN)\}\}/g,
    (_m, key: string) => values[key] ?? '',
  );
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Atrium is not built yet</title></head>
<body><main><h1>Atrium is not built yet: run npm run build</h1>
<p>The server found no dist/index.html. Build the front end, then reload this page.</p></main></body>
</html>
`;
