import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DemoUser } from './demo-data/users.js';
import type { AppState } from './state/index.js';
import { effectiveUsername, type Session } from './state/sessions.js';
import { forbidden, unauthorized } from './errors.js';
import { servesHttpsOnly } from './security/public-origin.js';

export const SESSION_COOKIE = 'atrium_sid';
/** The name over https (ATRIUM_PUBLIC_ORIGIN https only): the browser then keeps it Secure, host-only, path /. */
export const SECURE_SESSION_COOKIE = '__Host-atrium_sid';

/**
 * The session cookie's name and Secure flag. With https public origins: `__Host-atrium_sid`, Secure, whatever
 * the proxy-to-Atrium hop is. Without them (local demo): `atrium_sid`, Secure when the request came over https.
 */
function sessionCookie(request: FastifyRequest): { name: string; secure: boolean } {
  if (servesHttpsOnly(request.server.atrium.options)) return { name: SECURE_SESSION_COOKIE, secure: true };
  return { name: SESSION_COOKIE, secure: request.protocol === 'https' };
}

export interface Auth {
  session: Session;
  /** The user whose view the session shows (the switched-to user while acting as someone). */
  user: DemoUser;
  /** The account that signed in. */
  realUser: DemoUser;
}

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The session of a request: the bearer token when one is sent (and then it must be valid: a stale token
 * is not silently replaced by a cookie), else the `atrium_sid` cookie. Legacy pages and their widgets use
 * the cookie; the new front end sends the bearer token on /lapi/. Throws a 503 HttpError when the shared
 * session store cannot be reached and this instance has no copy of the session.
 */
export async function findAuth(request: FastifyRequest, state: AppState): Promise<Auth | null> {
  const token = bearerToken(request);
  let session: Session | undefined;
  if (token !== undefined) {
    session = token === null ? undefined : await state.sessions.byToken(token);
  } else {
    session = await state.sessions.bySid(request.cookies[sessionCookie(request).name]);
  }
  if (!session) return null;
  const realUser = state.users.get(session.username);
  const user = state.users.get(effectiveUsername(session));
  if (!realUser || !user) return null;
  // Whoever a request turns out to be signed in as, its log line names them.
  request.atriumUser = user.username;
  return { session, user, realUser };
}

export async function requireAuth(request: FastifyRequest, state: AppState): Promise<Auth> {
  const auth = await findAuth(request, state);
  if (!auth) throw unauthorized();
  request.atriumUser = auth.user.username;
  return auth;
}

export async function requireRoot(request: FastifyRequest, state: AppState): Promise<Auth> {
  const auth = await requireAuth(request, state);
  if (!auth.user.is_root) throw forbidden('Only root users can do this.');
  return auth;
}

export async function requireRootOrHq(request: FastifyRequest, state: AppState): Promise<Auth> {
  const auth = await requireAuth(request, state);
  if (!auth.user.is_root && !auth.user.is_hq) throw forbidden('Only root or headquarters users can do this.');
  return auth;
}

/** HttpOnly so scripts never see it, SameSite=Lax against cross-site posts, Secure whenever served over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: Session): void {
  const { name, secure } = sessionCookie(request);
  reply.setCookie(name, session.sid, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { name, secure } = sessionCookie(request);
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Username recorded in the request log (set once the request is authenticated). */
    atriumUser: string | null;
  }
}
