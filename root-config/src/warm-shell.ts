/**
 * Fetches and runs what the shell will show (its module, then the area's module) while the session starts:
 * neither depends on the session, so loading them during the boot takes their load off the wait before the
 * first screen. Failures are the shell's to report when it really loads them; a warm-up only ever saves time.
 *
 * Part of the boot chunk only (boot.ts): importing the main chunk's modules from here (routes.ts,
 * system-loader.ts) would make webpack expose them as shared modules, about 200 B gzip on the login page.
 */
import { HOME_PATH, LOGIN_PATH, isPathUnder, toSafeSameOriginUrl } from '@atrium/api';

/** The slice of SystemJS a warm-up uses. */
export interface ModuleImporter {
  import(id: string): Promise<unknown>;
}

const SHELL_MODULE = '@atrium/shell';

/** What a warm-up reads of the shell's module (older releases have only `areaModuleFor`). */
interface ShellModule {
  /** Loads the area through the shell's own loader, so its first render finds it loaded. */
  prepareArea?: (pathname: string, options?: { ahead?: boolean }) => Promise<void>;
  areaModuleFor?: (path: string) => string | null;
}

/**
 * `ahead`: before a sign-in (the login page), where a failed area load is left to the shell to try again;
 * on a shell page it is the shell's own load, whose failure the shell shows.
 */
export async function warmShell(pathname: string, system: ModuleImporter, ahead = false): Promise<void> {
  const shell = (await system.import(SHELL_MODULE)) as ShellModule;
  if (shell.prepareArea) return shell.prepareArea(pathname, { ahead });
  const area = shell.areaModuleFor?.(pathname);
  if (area) await system.import(area);
}

/**
 * The path the shell will show once the boot is done: this one on a shell page; on the login page (its boot
 * runs after a sign-in) the returnUrl's path, else home. A guess only picks what to fetch early: the login
 * app still decides where to go (its landingUrl).
 */
export function landingPath(location: { pathname: string; search: string; origin: string }): string {
  if (!isPathUnder(location.pathname, LOGIN_PATH)) return location.pathname;
  const raw = new URLSearchParams(location.search).get('returnUrl');
  const safe = raw === null ? null : toSafeSameOriginUrl(raw, location.origin);
  return safe?.startsWith('/') ? new URL(safe, location.origin).pathname : HOME_PATH;
}
