export { createUnreadCounter, unreadBadgeText, unreadLabel } from './unread-counter';
export type { UnreadCounter, UnreadCounterDeps, UnreadCounterState } from './unread-counter';
