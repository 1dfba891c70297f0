export { NotificationBarSlot } from './NotificationBarSlot';
export { DevToolbarSlot } from './DevToolbarSlot';
export { ActingAsSlot } from './ActingAsSlot';
