/**
 * @atrium/widgets for React hosts (the shell bundles this with React and the shared packages external).
 * Legacy pages use the separate entry `atrium-widgets.ts` instead.
 */
export { defineNotificationBar } from './notification-bar/define.js';
export type { DefineNotificationBarOptions } from './notification-bar/define.js';
export { NOTIFICATION_BAR_TAG, NotificationBarElement } from './notification-bar/notification-bar.js';
export type { NotificationEventDetail, NotificationBarSession } from './notification-bar/notification-bar.js';
export { normalizeNotifications, parseNotificationsAttribute } from './notification-bar/notifications.js';
export { DevToolbar, ADMIN_PANEL_URL, LEGACY_HOME_URL, REQUEST_LOG_URL } from './dev-toolbar/DevToolbar.js';
export type { DevToolbarApi, DevToolbarPlace, DevToolbarProps } from './dev-toolbar/DevToolbar.js';
export { ActingAsBanner } from './dev-toolbar/ActingAsBanner.js';
export type { ActingAsBannerProps } from './dev-toolbar/ActingAsBanner.js';
export { DEV_TOOLBAR_TAG, DevToolbarElement, defineDevToolbar } from './dev-toolbar/element.js';
export { filterSchools, schoolDestination, swapSchool } from './dev-toolbar/school-swap.js';
export type { SchoolDestination, SwapSchoolDeps } from './dev-toolbar/school-swap.js';
export { isToggleShortcut } from './dev-toolbar/hotkey.js';
export { REGISTRY_KEY, widgetsRegistry } from './registry.js';
export type { LegacySessionSnapshot, WidgetsRegistry } from './registry.js';
export { WIDGETS_VERSION } from './version.js';
export type {} from './custom-elements.js';
