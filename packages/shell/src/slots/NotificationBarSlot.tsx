/**
 * The slot of the system notification bar. The element itself is the widgets package's
 * `<atrium-notification-bar>` (the same one legacy pages use); the shell only feeds it: the notifications
 * to show for this route, and dismissals back into the session.
 *
 * The rules only tell the home route from the others, so the list is recomputed (and the element
 * re-rendered, sanitising rich messages again) only when that changes, not on every area switch. The
 * element is not given `route` for the same reason: it would re-render on each navigation, and without it
 * it reads `location.pathname` whenever it renders, which is the route these lists were made for.
 */
import { createElement, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { defineNotificationBar } from '@atrium/widgets';
import { isHomeRoute, session, visibleNotifications } from '@atrium/session';
import { useDismissedIds, useSystemNotifications } from '../hooks';

export function NotificationBarSlot({ route }: { route: string }) {
  const ref = useRef<HTMLElement & { notifications?: unknown }>(null);
  const list = useSystemNotifications();
  const dismissedIds = useDismissedIds();
  const onHome = isHomeRoute(route);
  const notifications = useMemo(
    () => visibleNotifications(list, { route: onHome ? '/home' : route, dismissedIds }),
    // `route` only matters through `onHome` (see above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list, onHome, dismissedIds],
  );

  // Layout effects, not passive ones: those run after the browser has painted the shell, and the bar
  // arriving one paint later would push the page down (a layout shift). Lit renders in a microtask, still
  // before that paint.
  useLayoutEffect(() => {
    defineNotificationBar();
  }, []);

  useLayoutEffect(() => {
    if (ref.current) ref.current.notifications = notifications;
  }, [notifications]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onDismiss = (event: Event) => {
      const id = (event as CustomEvent<{ id?: unknown }>).detail?.id;
      if (typeof id === 'string') session.dismissNotification(id);
    };
    element.addEventListener('atrium-dismiss', onDismiss);
    return () => element.removeEventListener('atrium-dismiss', onDismiss);
  }, []);

  return createElement('atrium-notification-bar', { ref, className: 'atrium-notifications' });
}
