/**
 * The shell's early start: the root config calls it while the session starts, or on the login
 * page while the user types the password (root-config/src/warm-shell.ts). What the shell's first render
 * would otherwise do itself is done here, each piece in a task of its own:
 *
 * - the route's area is loaded through the page's own area loader, so the first render finds it 'loaded'
 *   and mounts it in that same commit, instead of drawing a spinner, loading, and rendering again;
 * - the chrome's costly first steps: the shell's stylesheet parsed, the notification bar defined;
 * - ahead of a sign-in, the first screen's fonts looked up and its words shaped (warmTypefaces), and its
 *   images loaded and decoded (warmImages), which the login page has not drawn. On a shell page the first
 *   render is next anyway, and it does this itself.
 */
import { prepareStyles } from '@atrium/ui';
import { FIRST_SCREEN_IMAGES, FIRST_SCREEN_TEXT, FIRST_SCREEN_TYPE } from '../chrome/first-screen';
import { warmImages } from '../chrome/warm-images';
import { warmTypefaces } from '../chrome/warm-typefaces';
import { defineShellNotificationBar } from '../notifications/define-bar';
import { nextTask } from '../next-task';
import { hasServerScreen } from '../server-screen';
import { getBrowserServices } from '../services';
import shellCss from '../shell.css';
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

/** The chrome's part of the early start (tests pass their own). */
export interface ChromePreparation {
  /** Parses the shell's stylesheet and defines the notification bar. */
  prepareChrome(): void;
  /** Lays out the first screen's words in each of its fonts (a task per font) and loads its images. */
  warmFirstScreen(): Promise<void>;
}

const browserChrome: ChromePreparation = {
  prepareChrome() {
    prepareStyles(shellCss);
    // Not on a page the server rendered: its bar is on screen already, and defining the element now
    // would upgrade it before the boot has filled the session store, drawing it empty for a moment. The
    // slot defines it in the hydration's commit, after the boot.
    if (!hasServerScreen()) defineShellNotificationBar();
  },
  warmFirstScreen: async () => {
    await Promise.all([warmImages(FIRST_SCREEN_IMAGES), warmTypefaces(FIRST_SCREEN_TYPE, FIRST_SCREEN_TEXT)]);
  },
};

export async function prepareArea(
  pathname: string,
  { ahead = false }: PrepareAreaOptions = {},
  loader: Pick<AreaLoader, 'load' | 'prefetch'> = getBrowserServices().loader,
  chrome: ChromePreparation = browserChrome,
): Promise<void> {
  const moduleName = areaModuleFor(pathname);
  const area =
    moduleName === null ? undefined : ahead ? loader.prefetch(moduleName) : loader.load(moduleName);
  // In a task of its own (after the area's import has started). The chrome's work can only save time: a
  // failure there is the first render's to meet again.
  const chromeReady = nextTask().then(() => {
    try {
      chrome.prepareChrome();
    } catch {
      // Nothing to show for it here.
    }
  });
  await Promise.all([
    area,
    chromeReady,
    ahead ? chromeReady.then(() => chrome.warmFirstScreen()) : undefined,
  ]);
}
