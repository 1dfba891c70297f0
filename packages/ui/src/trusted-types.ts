/**
 * Trusted Types for the app pages (docs/security.md). The CSP of index.html requires Trusted Types for every
 * script sink, so a string reaches innerHTML, DOMParser, script.src and the like only through a policy:
 *
 * - `atrium` (here): createHTML runs DOMPurify, createScriptURL allows only this origin and the origins the
 *   import map names. Code that must write HTML calls `trustedHtml()`.
 * - `default` (index.html's bootstrap script, created before SystemJS loads anything): the same script-URL
 *   rule, and for HTML it calls the sanitiser registered here, so a library that writes a plain string
 *   (the notification bar's inert DOMParser) still gets DOMPurify's output and never raw markup.
 *
 * Everything browser-specific is injected so the rules are tested in node.
 */
import type DOMPurifyFactory from 'dompurify';

export const ATRIUM_POLICY_NAME = 'atrium';

export class TrustedTypesError extends Error {
  override readonly name = 'TrustedTypesError';
  constructor(
    readonly code: 'script-url-not-allowed' | 'policy-unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** Origins scripts may come from: the page's own, plus every origin the import map's URLs point at. */
export function allowedScriptOrigins(pageHref: string, importMapUrls: readonly string[]): string[] {
  const origins = new Set<string>([new URL(pageHref).origin]);
  for (const url of importMapUrls) {
    try {
      const parsed = new URL(url, pageHref);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
    } catch {
      // An unparsable entry adds nothing.
    }
  }
  return [...origins];
}

/** The script URL, absolute, when it is http(s) on an allowed origin; otherwise a TrustedTypesError. */
export function checkScriptUrl(url: string, pageHref: string, origins: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(url, pageHref);
  } catch {
    throw new TrustedTypesError('script-url-not-allowed', `script URL not allowed: ${url}`);
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !origins.includes(parsed.origin)) {
    throw new TrustedTypesError('script-url-not-allowed', `script URL not allowed: ${url}`);
  }
  return parsed.href;
}

export type Sanitizer = (html: string) => string;

/** DOMPurify with its defaults (scripts, event handlers and javascript: URLs removed), as a plain string. */
export function createSanitizer(purifyFactory: typeof DOMPurifyFactory, window: unknown): Sanitizer {
  const purify = purifyFactory(window as Parameters<typeof DOMPurifyFactory>[0]);
  return (html) => purify.sanitize(html, { RETURN_TRUSTED_TYPE: false });
}

/** The slice of `window.trustedTypes` used here. */
export interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createHTML?: (input: string) => string; createScriptURL?: (input: string) => string },
  ): AtriumPolicy;
}

export interface AtriumPolicy {
  createHTML(input: string): unknown;
  createScriptURL(input: string): unknown;
}

export interface InstallDeps {
  trustedTypes: TrustedTypesFactory | undefined;
  /** The sanitiser once loaded, else null: HTML is refused until it is there, never passed raw. */
  sanitizer: () => Sanitizer | null;
  pageHref: string;
  importMapUrls: readonly string[];
}

/** Creates the `atrium` policy. Null without Trusted Types. */
export function installTrustedTypes(deps: InstallDeps): AtriumPolicy | null {
  if (!deps.trustedTypes) return null;
  const origins = allowedScriptOrigins(deps.pageHref, deps.importMapUrls);
  return deps.trustedTypes.createPolicy(ATRIUM_POLICY_NAME, {
    createHTML: (input) => {
      const sanitize = deps.sanitizer();
      if (!sanitize) {
        throw new TrustedTypesError(
          'policy-unavailable',
          'The HTML sanitiser is not loaded yet: await loadSanitizer() before writing HTML.',
        );
      }
      return sanitize(input);
    },
    createScriptURL: (input) => checkScriptUrl(input, deps.pageHref, origins),
  });
}

function importMapUrlsOf(document: Document): string[] {
  const urls: string[] = [];
  for (const script of document.querySelectorAll('script[type="systemjs-importmap"]')) {
    try {
      const map = JSON.parse(script.textContent ?? '') as { imports?: Record<string, unknown> };
      for (const value of Object.values(map.imports ?? {})) if (typeof value === 'string') urls.push(value);
    } catch {
      // Not JSON: SystemJS reports it; nothing to allow here.
    }
  }
  return urls;
}

interface PageGlobals {
  trustedTypes?: TrustedTypesFactory;
  atriumRegisterSanitizer?: (sanitize: Sanitizer) => void;
}

let installed: { policy: AtriumPolicy | null } | null = null;
let loadedSanitizer: Sanitizer | null = null;
let sanitizerLoad: Promise<Sanitizer> | null = null;

/** The page's policy, created once on first use (in a browser). */
function pagePolicy(): { policy: AtriumPolicy | null } {
  if (installed) return installed;
  const global = window as unknown as PageGlobals;
  const policy = installTrustedTypes({
    trustedTypes: global.trustedTypes,
    sanitizer: () => loadedSanitizer,
    pageHref: location.href,
    importMapUrls: importMapUrlsOf(document),
  });
  installed = { policy };
  return installed;
}

/**
 * Loads DOMPurify (its own chunk: the login page never writes HTML, so it never pays for it) and hands it
 * to both policies. Code about to write server HTML awaits this first; the shell does at bootstrap.
 */
export function loadSanitizer(): Promise<Sanitizer> {
  if (loadedSanitizer) return Promise.resolve(loadedSanitizer);
  sanitizerLoad ??= import(/* webpackChunkName: "dompurify" */ 'dompurify').then(
    (module) => {
      const sanitize = createSanitizer(module.default, window);
      loadedSanitizer = sanitize;
      (window as unknown as PageGlobals).atriumRegisterSanitizer?.(sanitize);
      return sanitize;
    },
    (error: unknown) => {
      sanitizerLoad = null; // a later call may try again (a bundle that failed once may load next time)
      throw error;
    },
  );
  return sanitizerLoad;
}

/** Sanitised HTML for an HTML sink: a TrustedHTML where Trusted Types exist, else the sanitised string. */
export function trustedHtml(html: string): string {
  const { policy } = pagePolicy();
  if (policy) return policy.createHTML(html) as string;
  if (!loadedSanitizer) {
    throw new TrustedTypesError('policy-unavailable', 'The HTML sanitiser is not loaded yet.');
  }
  return loadedSanitizer(html);
}

/** A script URL for script.src, refused unless it is on an allowed origin. */
export function trustedScriptUrl(url: string): string {
  const { policy } = pagePolicy();
  if (policy) return policy.createScriptURL(url) as string;
  return checkScriptUrl(url, location.href, allowedScriptOrigins(location.href, importMapUrlsOf(document)));
}

/** Creates the `atrium` policy now (the kit's entry calls it); the sanitiser arrives with loadSanitizer(). */
export function setUpTrustedTypes(): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  try {
    pagePolicy();
  } catch (error) {
    console.warn('[atrium] trusted-types-setup-failed', error);
  }
}
