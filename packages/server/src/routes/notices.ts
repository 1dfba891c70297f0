/**
 * A session's system notices (SPEC section 2) as the server answers them: the demo's list, less the
 * closeable ones the session dismissed. initialize and the notice feed both answer this, so a notice
 * dismissed on one host of the site is gone on the others, in the new app and on legacy pages alike.
 */
import type { SystemNotification } from '@atrium/api/schemas';
import { SYSTEM_NOTIFICATIONS } from '../demo-data/notifications.js';
import { badRequest } from '../errors.js';
import type { Session } from '../state/sessions.js';

const ALL: readonly SystemNotification[] = SYSTEM_NOTIFICATIONS.map((n) => ({
  ...n,
  static: n.static ?? false,
}));

/** Only closeable notices can be dismissed; a static one is never closeable. */
const dismissable = (notice: SystemNotification): boolean => notice.closeable && !notice.static;

export function noticesOf(session: Pick<Session, 'dismissedNotices'>): SystemNotification[] {
  if (session.dismissedNotices.length === 0) return [...ALL];
  const dismissed = new Set(session.dismissedNotices);
  return ALL.filter((notice) => !(dismissable(notice) && dismissed.has(notice.id)));
}

/** The id, when it names a closeable notice of the list; a clear refusal otherwise (nothing is kept). */
export function dismissableNoticeId(id: string): string {
  if (!ALL.some((notice) => notice.id === id && dismissable(notice))) {
    throw badRequest(
      'not-dismissable',
      `Only a closeable notice can be dismissed: ${JSON.stringify(id.slice(0, 80))} is not one of them.`,
    );
  }
  return id;
}
