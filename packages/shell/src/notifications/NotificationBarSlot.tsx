/**
 * The slot of the system notification bar. The element is the widgets package's `<atrium-notification-bar>`
 * (the same one legacy pages use), a view of the page's session store: the store decides which notices show
 * and keeps the dismissals; the slot only hands it the store, once, and tells it the route.
 *
 * The rules only tell the home route from the others, so the element is told the route (and re-renders,
 * sanitising rich messages again) only when that changes, not on every area switch.
 */
import { createElement, useContext, useLayoutEffect, useRef } from 'react';
import { HOME_PATH } from '@atrium/api';
import { isHomeRoute, noticesToShow, session } from '@atrium/session';
import { notificationBarShadowMarkup } from '@atrium/widgets/bar-markup';
import { ServerRenderContext } from '../server-render';
import { defineShellNotificationBar } from './define-bar';

export function NotificationBarSlot({ route }: { route: string }) {
  const ref = useRef<HTMLElement & { route?: string }>(null);
  const onHome = isHomeRoute(route);
  const server = useContext(ServerRenderContext);

  // Layout effects, not passive ones: those run after the browser has painted the shell, and the bar
  // arriving one paint later would push the page down (a layout shift). Lit renders in a microtask, still
  // before that paint.
  useLayoutEffect(() => defineShellNotificationBar(), []);

  useLayoutEffect(() => {
    if (ref.current) ref.current.route = onHome ? HOME_PATH : route;
    // `route` only matters through `onHome` (see above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onHome]);

  if (server) {
    // The bar's first render as declarative shadow DOM: the element, once defined, clears it and renders
    // the same notices in the same box (notification-bar.ts). The parser puts it in a shadow root, so the
    // element has no children for the browser's render to hydrate, as on the client.
    const visible = noticesToShow(session.getState(), onHome ? HOME_PATH : route);
    return createElement('atrium-notification-bar', {
      className: 'atrium-notifications',
      dangerouslySetInnerHTML: { __html: notificationBarShadowMarkup(visible, server.nonce) },
    });
  }
  return createElement('atrium-notification-bar', { ref, className: 'atrium-notifications' });
}
