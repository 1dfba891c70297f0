/**
 * The HTML sanitiser behind the page's Trusted Types policy (docs/security.md). The CSP of index.html
 * requires Trusted Types for every script sink; index.html's bootstrap creates the one `default` policy
 * before any module loads: script URLs only from this origin and the origins the import map names, and
 * HTML only through the sanitiser registered here (DOMPurify). Until it is registered, HTML is refused,
 * never passed through raw.
 *
 * DOMPurify is its own chunk, loaded on demand: the login page never writes HTML, so it never pays for it.
 */
import type DOMPurifyFactory from 'dompurify';

export type Sanitizer = (html: string) => string;

/** DOMPurify with its defaults (scripts, event handlers and javascript: URLs removed), as a plain string. */
export function createSanitizer(purifyFactory: typeof DOMPurifyFactory, window: unknown): Sanitizer {
  const purify = purifyFactory(window as Parameters<typeof DOMPurifyFactory>[0]);
  return (html) => purify.sanitize(html, { RETURN_TRUSTED_TYPE: false });
}

interface PageGlobals {
  /** index.html's hook: hands the sanitiser to the `default` policy (the first registration wins). */
  atriumRegisterSanitizer?: (sanitize: Sanitizer) => void;
}

let loadedSanitizer: Sanitizer | null = null;
let sanitizerLoad: Promise<Sanitizer> | null = null;

/**
 * Loads DOMPurify and registers it with the page's `default` policy. Code about to write server HTML awaits
 * this first; the shell does at bootstrap.
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
