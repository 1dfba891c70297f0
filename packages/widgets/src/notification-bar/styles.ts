import { unsafeCSS } from 'lit';
import { notificationBarCss } from './bar-css.js';

export { notificationBarCss };

/**
 * As Lit adopts it. The text itself is a plain string so that the build can hand it, without Lit, to the
 * loader snippet that styles a server-rendered bar (integrations/php) before the element is defined.
 */
export const notificationBarStyles = unsafeCSS(notificationBarCss);
