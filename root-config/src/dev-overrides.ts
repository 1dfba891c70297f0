/**
 * import-map-overrides for developers: point any import-map name at a local dev server from the browser.
 * Only in development: the build defines `process.env.ATRIUM_ENV`, so a production build drops the import
 * entirely unless the server itself says development (`<meta name="atrium-env" content="development">`).
 */
import type { SystemLoader } from './system-loader';

export type AtriumEnv = 'production' | 'development';

/** The environment this page runs in: the build's, or the server's meta tag when that says development. */
export function pageEnvironment(
  buildEnv: string | undefined,
  getDocument: () => Document | undefined = () => globalThis.document,
): AtriumEnv {
  if (buildEnv === 'development') return 'development';
  const meta = getDocument()?.querySelector('meta[name="atrium-env"]')?.getAttribute('content');
  return meta === 'development' ? 'development' : 'production';
}

export interface DevOverridesDeps {
  env: AtriumEnv;
  /** Loads the import-map-overrides script (it applies stored overrides as a new import-map script). */
  loadOverrides: () => Promise<unknown>;
  system: () => SystemLoader;
  getDocument?: () => Document | undefined;
}

/** Resolves true when overrides were enabled; never throws (a broken dev tool must not break the page). */
export async function enableDevOverrides(deps: DevOverridesDeps): Promise<boolean> {
  if (deps.env !== 'development') return false;
  try {
    await deps.loadOverrides();
    // SystemJS reads import-map scripts once; ask it to pick up the override map just inserted.
    await deps.system().prepareImport(true);
    const document = (deps.getDocument ?? (() => globalThis.document))();
    if (document && !document.querySelector('import-map-overrides-full')) {
      const ui = document.createElement('import-map-overrides-full');
      // The panel opens with localStorage.devtools = true, as import-map-overrides documents.
      ui.setAttribute('show-when-local-storage', 'devtools');
      document.body.append(ui);
    }
    return true;
  } catch (error) {
    console.warn('[atrium] dev-overrides-failed: import-map-overrides did not load', error);
    return false;
  }
}
