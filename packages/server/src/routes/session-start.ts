import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { DemoUser } from '../demo-data/users.js';
import { defaultSchoolOf } from '../demo-data/organisations.js';
import { findAuth, setSessionCookie } from '../auth.js';
import type { Session } from '../state/sessions.js';

/**
 * Start a fresh session for `user` in `companyId` and set its cookie. Any session the browser already had
 * is ended first, so a session id planted before sign-in is never promoted (session fixation).
 */
export async function startSession(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: DemoUser,
  companyId: number,
): Promise<Session> {
  const previous = await findAuth(request, ctx.state);
  if (previous) await ctx.state.sessions.destroy(previous.session);
  const school = defaultSchoolOf(companyId);
  const session = await ctx.state.sessions.create({
    username: user.username,
    companyId,
    schoolId: school?.sis_school_id ?? null,
  });
  setSessionCookie(request, reply, session);
  request.atriumUser = user.username;
  return session;
}
