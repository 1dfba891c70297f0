/**
 * The notice feed's calls (the server's routes/notice-feed.ts): the token the widgets keep on another host
 * of the site, and the feed that host's server reads with it. A subpath of its own, outside the barrel, so
 * the login page's copy of `@atrium/api` does not carry them (login JS budget).
 */
export const FEED_TOKEN_PATH = '/lapi/rpc/common/ionic/feed_token';
export const NOTICE_FEED_PATH = '/lapi/rpc/common/ionic/notice_feed';
