/**
 * The framework-free half of @atrium/session: everything but the React hook, and the only way a page
 * starts and keeps its session (`startFromBoot` in the import-map pages, `startFromCookie` in the legacy
 * widgets). Legacy-page widgets import this entry so the notification bar never pulls React in. Inside the
 * import-map world the build maps `@atrium/session/core` to the shared `@atrium/session` module, so there
 * is still one store per page.
 */
export { createSessionStore, initialSessionState, SESSION_CHANNEL_NAME } from './store.js';
export type {
  SessionChannel,
  SessionListener,
  SessionState,
  SessionStatus,
  SessionStore,
  SessionStoreOptions,
  SessionStorageLike,
} from './store.js';
export { COOKIE_START_TIMEOUT_MS, startFromBoot, startFromCookie } from './start.js';
export { applyInitialize, mergeLegacySession, setStatus } from './start-writes.js';
export type { SessionWriter } from './start-writes.js';
export { isRecord, readCookieAnswer, readNotification, readRouteInfo } from './cookie-answer.js';
export type { CookieAnswer } from './cookie-answer.js';
export { parseChannelMessage } from './channel.js';
export type { SessionChannelMessage } from './channel.js';
export { DISMISSED_STORAGE_KEY, loadDismissedIds, saveDismissedIds } from './dismissed-storage.js';
export { USER_DATA_PREFIX, clearUserData, userDataKey } from './user-storage.js';
export { session } from './singleton.js';
export { canSeeDevToolbar, isHomeRoute, noticesToShow, visibleNotifications } from './helpers.js';
export { displayName } from './display-name.js';
export type { VisibleNotificationsOptions } from './helpers.js';
