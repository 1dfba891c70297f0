/**
 * The slot of the system notification bar. The element itself is the widgets package's
 * `<atrium-notification-bar>` (the same one legacy pages use); the shell only feeds it: the notifications
 * to show for this route, the route, and dismissals back into the session.
 */
import { createElement, useEffect, useMemo, useRef } from 'react';
import { defineNotificationBar } from '@atrium/widgets';
import { session, visibleNotifications } from '@atrium/session';
import { useDismissedIds, useSystemNotifications } from '../hooks';

export function NotificationBarSlot({ route }: { route: string }) {
  const ref = useRef<HTMLElement & { notifications?: unknown }>(null);
  const list = useSystemNotifications();
  const dismissedIds = useDismissedIds();
  const notifications = useMemo(
    () => visibleNotifications(list, { route, dismissedIds }),
    [list, route, dismissedIds],
  );

  useEffect(() => {
    defineNotificationBar();
  }, []);

  useEffect(() => {
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

  return createElement('atrium-notification-bar', { ref, route, className: 'atrium-notifications' });
}
