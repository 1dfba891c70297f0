/**
 * The HTML sanitiser behind the page's Trusted Types policy (docs/security.md). The CSP of index.html
 * requires Trusted Types for every script sink; index.html's bootstrap creates the one `default` policy
 * before any module loads: script URLs only from this origin and the origins the import map names, and
 * HTML only through the sanitiser registered here. Until it is registered, HTML is refused, never passed
 * through raw.
 *
 * Where the browser has the HTML Sanitizer API (`Element.setHTML`), the sanitiser is native and
 * registered at once, with no download. Elsewhere DOMPurify is its own chunk, loaded on demand. The login
 * page never writes HTML and never asks for either.
 */
import type DOMPurifyFactory from 'dompurify';

export type Sanitizer = (html: string) => string;

/** DOMPurify with its defaults (scripts, event handlers and javascript: URLs removed), as a plain string. */
export function createSanitizer(purifyFactory: typeof DOMPurifyFactory, window: unknown): Sanitizer {
  const purify = purifyFactory(window as Parameters<typeof DOMPurifyFactory>[0]);
  return (html) => purify.sanitize(html, { RETURN_TRUSTED_TYPE: false });
}

/** What this file needs of the HTML Sanitizer API (TypeScript's DOM library does not have it yet). */
type ElementWithSetHTML = Element & { setHTML(html: string): void };

/**
 * The browser's own sanitiser as a string sanitiser, or null when this browser has no HTML Sanitizer API.
 *
 * `setHTML` gives nodes, and a policy must return a string, which the sink parses again. So: `setHTML` with
 * the browser's safe default configuration (a conservative allow-list: no scripts, handlers, `javascript:`
 * URLs, styles, images, forms, frames, comments or raw-text elements, whose text a second parse could read
 * as markup) into a template's inert document, serialised; then that markup is sanitised once more and must
 * come out identical, else it is refused (mutation XSS: markup that would not parse back into the tree that
 * was checked). It lives in the kit's entry, which the login page loads too: kept to a few lines.
 */
export function createNativeSanitizer(): Sanitizer | null {
  const pass = (html: string): string => {
    // A template's content lives in an inert document: nothing parsed there loads, runs or upgrades.
    const holder = document.createElement('template') as unknown as HTMLTemplateElement & ElementWithSetHTML;
    holder.setHTML(html);
    return holder.innerHTML;
  };
  try {
    pass(''); // throws where there is no setHTML (or no document: Node)
  } catch {
    return null;
  }
  return (html) => {
    const clean = pass(html);
    if (pass(clean) !== clean) throw new TypeError('unstable HTML');
    return clean;
  };
}

interface PageGlobals {
  /** index.html's hook: hands the sanitiser to the `default` policy (the first registration wins). */
  atriumRegisterSanitizer?: (sanitize: Sanitizer) => void;
}

let sanitizerLoad: Promise<Sanitizer> | null = null;

/**
 * Registers the sanitiser with the page's `default` policy: the native one with no download (the promise
 * settles within the current task), else DOMPurify once its chunk has loaded. Code about to write server
 * HTML awaits this first; the shell does at bootstrap.
 */
export function loadSanitizer(): Promise<Sanitizer> {
  if (!sanitizerLoad) {
    const native = createNativeSanitizer();
    sanitizerLoad = (
      native
        ? Promise.resolve(native)
        : import(/* webpackChunkName: "dompurify" */ 'dompurify').then((module) =>
            createSanitizer(module.default, window),
          )
    ).then(
      (sanitize) => {
        (window as unknown as PageGlobals).atriumRegisterSanitizer?.(sanitize);
        return sanitize;
      },
      (error: unknown) => {
        sanitizerLoad = null; // a later call may try again (a bundle that failed once may load next time)
        throw error;
      },
    );
  }
  return sanitizerLoad;
}
