/**
 * Where the widgets on a legacy page find Atrium: the origin Atrium's side of the page states, not the
 * page's, and not where the script's bytes came from (a CDN, when releases put their files on one).
 * `https://legacy.school.edu` prints the loader with `data-origin="https://app.school.edu"` (or the fixed
 * `https://app.school.edu/widgets/atrium-widgets.js` as its `data-src`), the loader puts that origin in the
 * fragment of the script's URL (loader/snippet.ts), and the calls go to `https://app.school.edu` (which lists
 * the legacy origin in ATRIUM_EMBED_ORIGINS). On a page of Atrium's own origin both are the same.
 */

/**
 * Webpack's runtime public path: with `publicPath: 'auto'` in a module bundle it is the directory of the
 * entry's own URL, so it names the script's origin when a page loads it without the loader (a plain module
 * tag on Atrium's host). Undefined outside the webpack build (unit tests load the sources directly).
 */
declare const __webpack_public_path__: string | undefined;

/**
 * `ownUrl` is the entry's URL as the browser loaded it (webpack leaves `import.meta.url` of this file to the
 * browser: webpack.config.ts), fragment included: the fragment never leaves the page and only a script the
 * page runs can set it, so no file a CDN serves, and no markup put into the page, can point the calls
 * elsewhere.
 */
export function widgetsApiOrigin(ownUrl: string = import.meta.url): string {
  const pageOrigin = globalThis.location.origin;
  const stated = ownUrl.split('#origin=')[1];
  try {
    if (stated) return new URL(stated).origin;
    if (typeof __webpack_public_path__ !== 'string' || __webpack_public_path__ === '') return pageOrigin;
    return new URL(__webpack_public_path__, globalThis.location.href).origin;
  } catch {
    return pageOrigin;
  }
}
