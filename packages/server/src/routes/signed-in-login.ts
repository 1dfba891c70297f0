/**
 * A signed-in user who opens the sign-in page (a bookmark, the Back button, a stale tab) goes home, or to
 * the page the sign-in page was asked to return to, instead of meeting the form again. Decided on the
 * server, where the session is known, so the cold login page pays for no extra call.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { findAuth } from '../auth.js';
import { safeSameOriginPath } from '../legacy/safe-path.js';
import { HOME_PATH, LOGIN_PATH } from '@atrium/api/routes';

/** Written by the browser (@atrium/api pending-sign-out.ts); the server and the browser share no code. */
export const PENDING_SIGN_OUT_COOKIE = 'atrium_signout';
/** The login page itself (not its calls): `/common/login`, with or without the trailing slash. */
const isLoginPage = (pathname: string): boolean => pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`;

export function redirectSignedInFromLogin(ctx: ServerContext) {
  const redirectIfSignedIn = async (request: FastifyRequest, reply: FastifyReply, query: string) => {
    if ((await findAuth(request, ctx.state).catch(() => null)) === null) return;
    const returnUrl = safeSameOriginPath(new URLSearchParams(query).get('returnUrl'));
    // Never back to the login page itself: that would be a loop.
    const target =
      returnUrl !== null && !isLoginPage(returnUrl.split('?', 1)[0] ?? '') ? returnUrl : HOME_PATH;
    await reply.redirect(target, 302);
  };
  // Synchronous for every other request (it runs before each handler); a promise only for the login page.
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const [pathname = '', query = ''] = request.url.split('?', 2);
    if (!isLoginPage(pathname)) return done();
    // With ATRIUM_PROXY the sessions live in the real backend: it decides there. While the shared session
    // store is away the form is shown (its sign-in then says why it cannot sign in).
    if (ctx.options.proxy !== null) return done();
    // The browser's sign-out is pending (its logout call failed; @atrium/api pending-sign-out.ts): the page
    // starts signed out and comes here, so sending it home again would be a loop. The form finishes it.
    if (request.cookies[PENDING_SIGN_OUT_COOKIE] !== undefined) return done();
    // No cookie and no token: no session to find (findAuth reads only those).
    if (request.headers.cookie === undefined && request.headers.authorization === undefined) return done();
    redirectIfSignedIn(request, reply, query).then(
      () => {
        if (!reply.sent) done();
      },
      (error: unknown) => done(error as Error),
    );
  };
}
