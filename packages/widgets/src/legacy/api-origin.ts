/**
 * Where the widgets on a legacy page find Atrium: the origin their own script was loaded from, not the
 * page's. `https://legacy.school.edu` includes `<script src="https://app.school.edu/widgets/atrium-widgets.js">`
 * and the calls go to `https://app.school.edu` (which lists the legacy origin in ATRIUM_EMBED_ORIGINS).
 * On a page of Atrium's own origin (path routing through one front door) both are the same.
 */
import { isApiError } from '@atrium/api/transport';

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
