/**
 * Where the widgets on a legacy page find Atrium: the origin their own script was loaded from, not the
 * page's. `https://legacy.school.edu` includes `<script src="https://app.school.edu/widgets/atrium-widgets.js">`
 * and the calls go to `https://app.school.edu` (which lists the legacy origin in ATRIUM_EMBED_ORIGINS).
 * On a page of Atrium's own origin (path routing through one front door) both are the same.
 */

/**
 * Webpack's runtime public path: with `publicPath: 'auto'` in a module bundle it is the directory of the
 * entry's own URL (`import.meta.url`), so it names the script's origin wherever the page loads it from.
 * Undefined outside the webpack build (unit tests load the sources directly, from the page's origin).
 */
declare const __webpack_public_path__: string | undefined;

export function widgetsApiOrigin(): string {
  const pageOrigin = globalThis.location.origin;
  if (typeof __webpack_public_path__ !== 'string' || __webpack_public_path__ === '') return pageOrigin;
  try {
    return new URL(__webpack_public_path__, globalThis.location.href).origin;
  } catch {
    return pageOrigin;
  }
}
