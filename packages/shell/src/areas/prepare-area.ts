/**
 * The shell's early start of an area (issue 17): the root config calls it while the session starts, or on
 * the login page while the user types the password (root-config/src/warm-shell.ts). The module is loaded
 * through the page's own area loader, so the shell's first render finds the area 'loaded' and mounts it in
 * that same commit, instead of drawing a spinner, loading, and rendering again. Ahead of a sign-in it also
 * looks up the first screen's typefaces (warmTypefaces), which the login page has not drawn.
 */
import { warmTypefaces } from '@atrium/ui';
import { FIRST_SCREEN_TYPE } from '../chrome/first-screen-type';
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
  warmType: () => Promise<void> = () => warmTypefaces(FIRST_SCREEN_TYPE),
): Promise<void> {
  const moduleName = areaModuleFor(pathname);
  if (!ahead) {
    if (moduleName !== null) await loader.load(moduleName);
    return;
  }
  await Promise.all([moduleName === null ? undefined : loader.prefetch(moduleName), warmType()]);
}
