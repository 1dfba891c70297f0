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

/**
 * A closeable notice dismissed on any host, kept in the session (the server's routes/notice-feed.ts). The
 * notice feed's own calls are in notice-feed-paths.ts: no page of the new app makes them.
 */
export const DISMISS_NOTIFICATION_PATH = '/lapi/rpc/common/ionic/dismiss_notification';

/** Whether `pathname` is `base` or below it (`/common/login/x`, not `/common/loginx`). */
export function isPathUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
