import type { SystemNotificationInput } from '@atrium/api/schemas';

/**
 * Seed system notifications: one of every kind the shell and the legacy bar must handle (SPEC section 2).
 * The last one carries HTML, including a hostile image, so the client's sanitising is tested for real.
 */
export const SYSTEM_NOTIFICATIONS: readonly SystemNotificationInput[] = [
  {
    id: 'welcome-gradebook',
    message: 'New gradebook features are now available in Learning Management.',
    closeable: true,
    clickable: false,
    static: false,
    routeInfo: null,
  },
  {
    id: 'maintenance-sunday',
    message: 'Scheduled maintenance on Sunday from 02:00 to 04:00 (UTC). Some apps may be unavailable.',
    closeable: false,
    clickable: false,
    static: false,
    routeInfo: null,
  },
  {
    id: 'privacy-update',
    message: 'Our privacy policy has been updated. Select this notice to read what changed.',
    closeable: true,
    clickable: true,
    static: false,
    body: '<p>We now keep login records for <strong>90 days</strong> instead of 180.</p><p>Read the full policy at any time from the login page.</p>',
    routeInfo: { app: 'system', category: 'policy', type: 'privacy' },
  },
  {
    id: 'browser-support',
    message: 'This browser version will not be supported after December 31. Please update your browser.',
    closeable: false,
    clickable: false,
    static: true,
    routeInfo: null,
  },
  {
    id: 'maintenance-tonight',
    message: '<b>Maintenance</b> tonight<img src="x" onerror="alert(\'xss\')">',
    closeable: true,
    clickable: false,
    static: false,
    routeInfo: null,
  },
];
