export { NotificationBarSlot } from './NotificationBarSlot';
export { DevToolbarSlot } from './DevToolbarSlot';
