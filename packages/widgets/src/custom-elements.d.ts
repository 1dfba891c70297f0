/**
 * Type declarations for the widgets' tags: DOM (`document.querySelector('atrium-notification-bar')` is a
 * NotificationBarElement, `addEventListener('atrium-dismiss', ...)` gets the detail type) and JSX, for
 * React 19 hosts, which set properties and listen to `on<event-name>` props on custom elements.
 */
import type { HTMLAttributes, Ref } from 'react';
import type { SystemNotification } from '@atrium/api';
import type { NotificationBarElement, NotificationEventDetail } from './notification-bar/notification-bar.js';

/** Either the React-wrapped toolbar (React hosts) or the loader that mounts it (legacy pages). */
export type AtriumDevToolbarElement = HTMLElement & { readonly container?: HTMLElement };

declare global {
  interface HTMLElementTagNameMap {
    'atrium-notification-bar': NotificationBarElement;
    'atrium-dev-toolbar': AtriumDevToolbarElement;
  }
  interface HTMLElementEventMap {
    /** A closeable notification was dismissed (bubbles, composed). */
    'atrium-dismiss': CustomEvent<NotificationEventDetail>;
    /** A clickable notification is about to open its modal (bubbles, composed, cancelable). */
    'atrium-open': CustomEvent<NotificationEventDetail>;
  }
}

export interface AtriumNotificationBarJsxProps extends HTMLAttributes<NotificationBarElement> {
  /** An array (set as a property by React 19) or a JSON string (the attribute). */
  notifications?: readonly SystemNotification[] | string;
  route?: string;
  source?: 'session' | 'none';
  'onatrium-dismiss'?: (event: CustomEvent<NotificationEventDetail>) => void;
  'onatrium-open'?: (event: CustomEvent<NotificationEventDetail>) => void;
  ref?: Ref<NotificationBarElement>;
}

export interface AtriumDevToolbarJsxProps extends HTMLAttributes<AtriumDevToolbarElement> {
  /** 'true' opens the toolbar at once. */
  'default-open'?: 'true' | 'false';
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'atrium-notification-bar': AtriumNotificationBarJsxProps;
      'atrium-dev-toolbar': AtriumDevToolbarJsxProps;
    }
  }
}
