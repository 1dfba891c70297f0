/**
 * The notices of a session for the hosts of the site, and its dismissals.
 *
 * - `feed_token`: the widgets on a page of a listed embed origin (another host of the site) trade the
 *   visitor's session cookie (CORS with credentials) for a sealed, short-lived token, which they keep in a
 *   first-party cookie of that host (`atrium_feed`).
 * - `notice_feed`: that host's server (the PHP helper) forwards the token, server to server, and gets the
 *   visitor's notices to render in the page before it is sent. The token reads nothing else, dies within
 *   minutes, and is refused once the session has ended or shows another user.
 * - `dismiss_notification`: a closeable notice dismissed on any host is kept in the session, so initialize
 *   and the feed leave it out on every host, until the session ends.
 */
import { DISMISS_NOTIFICATION_PATH } from '@atrium/api/routes';
import { FEED_TOKEN_PATH, NOTICE_FEED_PATH } from '@atrium/api/notice-feed-paths';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { ServerContext } from '../context.js';
import { requireAuth } from '../auth.js';
import { HttpError } from '../errors.js';
import { FEED_TOKEN_TTL_MS, openFeedToken, sealFeedToken } from '../security/feed-token.js';
import { createFeedKeySource } from '../state/feed-key.js';
import { effectiveUsername } from '../state/sessions.js';
import { parseInput } from '../validation.js';
import { dismissableNoticeId, noticesOf } from './notices.js';

const FeedRequestSchema = v.object({ feed_token: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) });
const DismissRequestSchema = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

const refused = (code: string, message: string): HttpError => new HttpError(401, code, message);

export function noticeFeedRoutes(ctx: ServerContext) {
  const feedKey = createFeedKeySource(ctx.options.feedKey, ctx.redis?.client ?? null, ctx.options.now);
  return async function register(app: FastifyInstance): Promise<void> {
    app.post(FEED_TOKEN_PATH, async (request) => {
      // Only a page of a listed embed origin needs one: on Atrium's own origin the helper forwards the
      // session cookie itself. A token made for anyone else would only be one more copy to steal.
      const origin = request.headers.origin;
      if (origin === undefined || !ctx.options.embedOrigins.includes(origin)) {
        throw new HttpError(
          403,
          'feed-token-embed-only',
          'A notice feed token is given only to pages of an origin listed in ATRIUM_EMBED_ORIGINS.',
        );
      }
      const { session } = await requireAuth(request, ctx.state);
      const expiresAt = ctx.options.now() + FEED_TOKEN_TTL_MS;
      const token = sealFeedToken(await feedKey(), {
        sid: session.sid,
        user: effectiveUsername(session),
        expiresAt,
      });
      return { feed_token: token, expires_in: Math.floor(FEED_TOKEN_TTL_MS / 1000) };
    });

    app.post(NOTICE_FEED_PATH, async (request) => {
      const { feed_token: token } = parseInput(FeedRequestSchema, request.body);
      const check = openFeedToken(await feedKey(), token, ctx.options.now());
      if (!check.ok) {
        throw check.reason === 'expired'
          ? refused('feed-token-expired', 'The notice feed token has expired.')
          : refused('feed-token-invalid', 'The notice feed token is not one this server made.');
      }
      const session = await ctx.state.sessions.bySid(check.claims.sid);
      if (!session) throw refused('signed-out', 'The session of this notice feed token has ended.');
      if (effectiveUsername(session) !== check.claims.user) {
        throw refused('feed-token-user-changed', 'The session of this token now shows another user.');
      }
      request.atriumUser = check.claims.user;
      return { system_notifications: noticesOf(session) };
    });

    app.post(DISMISS_NOTIFICATION_PATH, async (request) => {
      const { session } = await requireAuth(request, ctx.state);
      const id = dismissableNoticeId(parseInput(DismissRequestSchema, request.body).id);
      await ctx.state.sessions.dismissNotice(session, id);
      return { success: true };
    });
  };
}
