import { defineOnce } from '../registry.js';
import { NOTIFICATION_BAR_TAG, NotificationBarElement } from './notification-bar.js';
import type { NotificationBarSession } from './notification-bar.js';

export interface DefineNotificationBarOptions {
  /** The page's session store the bars read (the shell's, or the legacy entry's cookie session). */
  session?: NotificationBarSession;
}

/**
 * Defines `<atrium-notification-bar>` once per page. Safe to call again, from this or another copy of the
 * bundle: the first definition wins and a different version is reported in the console.
 */
export function defineNotificationBar(options: DefineNotificationBarOptions = {}): CustomElementConstructor {
  if (options.session) NotificationBarElement.session = options.session;
  return defineOnce(NOTIFICATION_BAR_TAG, NotificationBarElement);
}
