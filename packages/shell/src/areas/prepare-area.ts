/**
 * The shell's early start of an area (issue 17): the root config calls it while the session starts, or on
 * the login page while the user types the password (root-config/src/warm-shell.ts). The module is loaded
 * through the page's own area loader, so the shell's first render finds the area 'loaded' and mounts it in
 * that same commit, instead of drawing a spinner, loading, and rendering again.
 */
import { getBrowserServices } from '../services';
import type { AreaLoader } from './area-loader';
import { areaModuleFor } from '../routes/match';

export async function prepareArea(
  pathname: string,
  loader: Pick<AreaLoader, 'load'> = getBrowserServices().loader,
): Promise<void> {
  const moduleName = areaModuleFor(pathname);
  if (moduleName !== null) await loader.load(moduleName);
}
