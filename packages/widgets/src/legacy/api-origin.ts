/**
 * Where the widgets on a legacy page find Atrium: the origin Atrium's side of the page states, not the
 * page's, and not where the script's bytes came from (a CDN, when releases put their files on one).
 * `https://legacy.school.edu` prints the loader with `data-origin="https://app.school.edu"` (or the fixed
 * `https://app.school.edu/widgets/atrium-widgets.js` as its `data-src`), the loader puts that origin in the
 * fragment of the script's URL (loader/snippet.ts), and the calls go to `https://app.school.edu` (which lists
 * the legacy origin in ATRIUM_EMBED_ORIGINS). On a page of Atrium's own origin both are the same.
 */
import { isApiError } from '@atrium/api/transport';

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

/**
 * The console line for a session that failed for a deployment reason, naming the setting to fix (a bare
 * 403 or a CORS failure is the hardest fault for an operator to trace); null for other failures.
 */
export function deploymentProblem(error: unknown, apiOrigin: string, pageOrigin: string): string | null {
  if (!isApiError(error)) return null;
  const where = `[atrium-widgets] Atrium at ${apiOrigin} refused the widgets on this page (${pageOrigin})`;
  if (error.code === 'forbidden') return `${where}: ${error.message} See docs/deploy.md.`;
  if (error.code === 'network' && apiOrigin !== pageOrigin) {
    return (
      `${where}, or could not be reached. A page of another origin needs its origin listed in ` +
      `ATRIUM_EMBED_ORIGINS on the Atrium server, and must be on the same site (see docs/deploy.md).`
    );
  }
  return null;
}
