/**
 * Record a screen video and attach it to a client support request (SPEC section 2, 'Record-video for
 * support'). The developer toolbar renders `<RecordVideoButton />`.
 */
export { RecordVideoButton } from './RecordVideoButton';
export type { RecordVideoButtonProps } from './RecordVideoButton';
