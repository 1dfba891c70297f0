export { createUnreadCounter, unreadBadgeText, unreadLabel } from './unread-counter';
export type { UnreadCounter, UnreadCounterDeps } from './unread-counter';
