/**
 * index.html's load-error notice (`#atrium-load-error`: "Part of the page failed to load." with Reload),
 * the one way the page says that code it needed did not arrive: an application (root-config's single-spa
 * error handler) or a part of one (the shell's developer toolbar chunk).
 */
const LOAD_ERROR_ELEMENT_ID = 'atrium-load-error';

/** Shows the notice, naming what failed in `data-app` for support. No notice on the page: nothing to do. */
export function showLoadError(what: string, document: Document | undefined = globalThis.document): void {
  const notice = document?.getElementById(LOAD_ERROR_ELEMENT_ID);
  if (!notice) return;
  notice.dataset.app = what;
  notice.removeAttribute('hidden');
}
