/**
 * What a legacy page tells Atrium besides starting its session, in a lazily loaded chunk (the widgets'
 * entry has a 15 KB budget, and most pages never need it): a dismissal, and on another host of the site the
 * notice feed's cookie.
 *
 * The feed: that host's server (the PHP helper) cannot see Atrium's session cookie, so without help it would print
 * the bar without its notices, and the page would move when they arrived. With a visitor signed in, this
 * trades the session cookie (CORS with credentials) for Atrium's short-lived sealed token, and keeps it in
 * a first-party cookie of this host, which the browser sends with the next page: the helper forwards it to
 * Atrium's notice feed and renders the notices in the page. Refreshed on every page that loads the widgets;
 * removed when nobody is signed in. The token reads only this visitor's notices, for a few minutes, and
 * Atrium refuses it once the session ends or shows another user (docs/security.md).
 */
import { DISMISS_NOTIFICATION_PATH } from '@atrium/api/routes';
import { FEED_TOKEN_PATH } from '@atrium/api/notice-feed-paths';
import type { Transport } from '@atrium/api/transport';
import type { SessionStatus } from '@atrium/session/core';

/** The cookie's name; the PHP helper reads the same (integrations/php/atrium.php, ATRIUM_FEED_COOKIE). */
export const FEED_COOKIE = 'atrium_feed';

/**
 * Tells Atrium a closeable notice was dismissed: the session keeps it, and every host of the site leaves
 * it out. Never throws: a failure costs only the other hosts' copy (this tab keeps its own).
 */
export async function sendDismissal(transport: Pick<Transport, 'request'>, id: string): Promise<void> {
  try {
    await transport.request({ method: 'POST', path: DISMISS_NOTIFICATION_PATH, body: { id } });
  } catch {
    // Atrium down or the session ended: nothing more to keep.
  }
}
/** A token whose text could break the cookie header is not kept. */
const TOKEN_SHAPE = /^v1\.[A-Za-z0-9_-]{16,1000}$/;
/** At most this long, whatever the server says: the cookie must not outlive the token by much. */
const MAX_AGE_S = 600;

/**
 * After the page's session start (`status`, the store's): keeps this host's feed cookie while someone is
 * signed in, removes it once nobody is, and leaves it when Atrium could not say (down, refused). Never throws.
 */
export async function keepFeedCookie(
  transport: Pick<Transport, 'request'>,
  status: SessionStatus,
  doc: Pick<Document, 'cookie'> = document,
  secure: boolean = globalThis.location.protocol === 'https:',
): Promise<void> {
  if (status === 'signed-out') {
    if (doc.cookie.includes(`${FEED_COOKIE}=`)) writeFeedCookie(doc, '', 0, secure);
    return;
  }
  if (status !== 'started') return;
  try {
    const { json } = await transport.request({ method: 'POST', path: FEED_TOKEN_PATH, body: {} });
    const { feed_token: token, expires_in: life } = (json ?? {}) as Record<string, unknown>;
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return;
    const maxAge = typeof life === 'number' && life > 0 ? Math.min(Math.floor(life), MAX_AGE_S) : 0;
    writeFeedCookie(doc, token, maxAge, secure);
  } catch {
    // No token: the next page's bar reads its notices itself, after `load`, as the first page's did.
  }
}

/** Path=/ so every page of the host sends it; Lax, as it is only needed on the host's own navigations. */
function writeFeedCookie(
  doc: Pick<Document, 'cookie'>,
  value: string,
  maxAge: number,
  secure: boolean,
): void {
  doc.cookie = `${FEED_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
