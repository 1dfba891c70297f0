/**
 * The shell's early start of an area (issue 17): the root config calls it while the session starts, or on
 * the login page while the user types the password (root-config/src/warm-shell.ts). The module is loaded
 * through the page's own area loader, so the shell's first render finds the area 'loaded' and mounts it in
 * that same commit, instead of drawing a spinner, loading, and rendering again.
 */
import { getBrowserServices } from '../services';
import type { AreaLoader } from './area-loader';
import { areaModuleFor } from '../routes/match';

export interface PrepareAreaOptions {
  /**
   * Ahead of a sign-in (the login page): a failure is nobody's to see yet, so it leaves the area to the
   * shell's own load, which fetches it again (`prefetch`). Otherwise (a shell page's boot) the load is the
   * shell's own, and a failure is the error card the shell shows, with its Retry.
   */
  ahead?: boolean;
}

export async function prepareArea(
  pathname: string,
  { ahead = false }: PrepareAreaOptions = {},
  loader: Pick<AreaLoader, 'load' | 'prefetch'> = getBrowserServices().loader,
): Promise<void> {
  const moduleName = areaModuleFor(pathname);
  if (moduleName === null) return;
  if (ahead) await loader.prefetch(moduleName);
  else await loader.load(moduleName);
}
