import { defineOnce } from '../registry.js';
import { NOTIFICATION_BAR_TAG, NotificationBarElement } from './notification-bar.js';
import type { NotificationSessionLoader } from './notification-bar.js';

export interface DefineNotificationBarOptions {
  /** How an element with no list reads the page's session (the legacy entry passes the cookie flow). */
  loadSession?: NotificationSessionLoader;
}

/**
 * Defines `<atrium-notification-bar>` once per page. Safe to call again, from this or another copy of the
 * bundle: the first definition wins and a different version is reported in the console.
 */
export function defineNotificationBar(options: DefineNotificationBarOptions = {}): CustomElementConstructor {
  if (options.loadSession) NotificationBarElement.sessionLoader = options.loadSession;
  return defineOnce(NOTIFICATION_BAR_TAG, NotificationBarElement);
}
