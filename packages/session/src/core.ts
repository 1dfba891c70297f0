/**
 * The framework-free half of @atrium/session: everything but the React hook. Legacy-page widgets import
 * this entry so the notification bar never pulls React in. Inside the import-map world the build maps
 * `@atrium/session/core` to the shared `@atrium/session` module, so there is still one store per page.
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
export { parseChannelMessage } from './channel.js';
export type { SessionChannelMessage } from './channel.js';
export { DISMISSED_STORAGE_KEY, loadDismissedIds, saveDismissedIds } from './dismissed-storage.js';
export { USER_DATA_PREFIX, clearUserData, userDataKey } from './user-storage.js';
export { session } from './singleton.js';
export { canSeeDevToolbar, displayName, isHomeRoute, visibleNotifications } from './helpers.js';
export type { VisibleNotificationsOptions } from './helpers.js';
