/** Pure readers of the session, shared by the shell, the widgets and the areas. */
import type { Sis, SystemNotification } from '@atrium/api';
import type { SessionState } from './store.js';

/** SPEC section 6: root and headquarters users see the developer toolbar. */
export function canSeeDevToolbar(sis: Pick<Sis, 'is_hq' | 'user'> | null | undefined): boolean {
  return !!sis && (sis.user.is_root || sis.is_hq);
}

/** `home`, `/home`, `/home/` and the empty path (which redirects home) are the home route. */
export function isHomeRoute(route: string): boolean {
  const trimmed = route.split(/[?#]/, 1)[0]?.replace(/^\/+|\/+$/g, '') ?? '';
  return trimmed === '' || trimmed === 'home';
}

export interface VisibleNotificationsOptions {
  /** The current route or pathname. */
  route: string;
  dismissedIds: readonly string[];
}

/**
 * The notifications to show (SPEC section 2): a static one is never closeable (it comes back with
 * `closeable: false`); dismissed closeable ones are hidden; on the home route only non-closeable ones show.
 */
export function visibleNotifications(
  list: readonly SystemNotification[],
  { route, dismissedIds }: VisibleNotificationsOptions,
): SystemNotification[] {
  const onHome = isHomeRoute(route);
  const dismissed = new Set(dismissedIds);
  const visible: SystemNotification[] = [];
  for (const item of list) {
    const closeable = item.closeable && !item.static;
    if (closeable && (onHome || dismissed.has(item.id))) continue;
    visible.push(closeable === item.closeable ? item : { ...item, closeable });
  }
  return visible;
}

/**
 * The notices a bar shows on `route`: the session's own, or a list the page gave the bar (a legacy
 * template's attribute), through the rules above with the session's dismissals. The one place that decides.
 */
export function noticesToShow(
  state: Pick<SessionState, 'systemNotifications' | 'dismissedNotificationIds'>,
  route: string,
  list: readonly SystemNotification[] = state.systemNotifications,
): SystemNotification[] {
  return visibleNotifications(list, { route, dismissedIds: state.dismissedNotificationIds });
}
