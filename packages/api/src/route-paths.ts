/**
 * The route manifest's paths (route-manifest.ts re-exports them). A module of its own, without the app
 * catalogue, so a bundle that takes a path or two takes no catalogue with it.
 */

export { LOGIN_PATH } from './login-path.js';
export const HOME_PATH = '/home';
/** Where a user whose access is restricted is kept. */
export const START_PATH = '/start';
export const HELP_PATH = '/system/help';
export const PROFILE_PATH = '/profile';
/** Root and headquarters users only: the shell's route, the developer toolbar's link. */
export const ADMIN_PANEL_PATH = '/violet/obuilder/hub/common/admin_panel';

/** Whether `pathname` is `base` or below it (`/common/login/x`, not `/common/loginx`). */
export function isPathUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
