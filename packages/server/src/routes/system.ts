import type { FastifyInstance } from 'fastify';
import {
  ForgotPasswordRequestSchema,
  ForgotUsernameRequestSchema,
  LegacyInitializeRequestSchema,
  type InitializeResponse,
  type LegacyInitializeResponse,
  type MessageResponse,
  type StartUpSessionData,
} from '@atrium/api/schemas';
import type { ServerContext } from '../context.js';
import { findAuth, requireAuth, type Auth } from '../auth.js';
import { findCompany } from '../demo-data/organisations.js';
import { HttpError } from '../errors.js';
import { parseInput } from '../validation.js';
import { noticesOf } from './notices.js';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account matches, we have sent instructions to the e-mail address on file.';
export const FORGOT_USERNAME_MESSAGE =
  'If an account matches that e-mail address, we have sent the username to it.';

export function initializeResponse(ctx: ServerContext, auth: Auth): InitializeResponse {
  const { session, user } = auth;
  const company = session.companyId === null ? undefined : findCompany(session.companyId);
  const acknowledged = ctx.state.acknowledged.has(user.username);
  return {
    sis: {
      user: {
        user_id: user.user_id,
        username: user.username,
        is_root: user.is_root,
        first_name: user.first_name,
        last_name: user.last_name,
        preferred_name: user.preferred_name,
      },
      sis_school_id: session.schoolId,
      company_id: session.companyId,
      telescope_enabled: user.telescope_enabled,
      is_hq: user.is_hq,
      current_term_name: company?.current_term_name ?? null,
      access_restricted: user.access_restricted,
      acting_as: session.actingAs === null ? null : { original_username: session.username },
      environment: ctx.options.env,
      min_build_stamp: null,
    },
    mobile: false,
    lapi_access_token: session.accessToken,
    locale_config: { locale: 'en-US', timezone: 'America/Los_Angeles' },
    legacy_redirect: acknowledged ? null : user.legacy_redirect,
    system_notifications: noticesOf(session),
  };
}

/**
 * legacy_initialize's work: `sessionData` merged into what the legacy session holds, the whole answered.
 * Also done by initialize (`startUpAnswer`) with the values a page sends next.
 */
export async function mergeLegacySession(
  ctx: ServerContext,
  { session, user }: Pick<Auth, 'session' | 'user'>,
  sessionData: Record<string, unknown>,
): Promise<LegacyInitializeResponse> {
  // The server's own keys win over what the client sends: a client cannot claim another school.
  const merged = {
    ...session.legacyData,
    ...sessionData,
    legacy_session: true,
    user_id: user.user_id,
    username: user.username,
    company_id: session.companyId,
    sis_school_id: session.schoolId,
  };
  // Each call merges into what the session already holds and the whole comes back: without a cap a
  // signed-in user could grow it, and every answer, without end. Refuse and keep the old one.
  const size = Buffer.byteLength(JSON.stringify(merged));
  if (size > ctx.options.sessionDataMaxBytes) {
    throw new HttpError(
      413,
      'too-large',
      `The legacy session would hold ${size} bytes; at most ${ctx.options.sessionDataMaxBytes} are kept.`,
    );
  }
  session.legacyData = merged;
  await ctx.state.sessions.save(session);
  return { success: true, session_data: session.legacyData };
}

/**
 * initialize's answer for a page's boot, carrying legacy_initialize's for the session values the page sends
 * next (StartUpSessionData), merged here as that call would (InitializeResponseSchema): the page then starts with
 * one round trip instead of two, and still asks when the carried answer does not hold what it
 * sends. Over the legacy session's cap the answer carries none, and the page's own call gets the refusal.
 */
export async function startUpAnswer(ctx: ServerContext, auth: Auth): Promise<InitializeResponse> {
  const answer = initializeResponse(ctx, auth);
  const { sis } = answer;
  try {
    const values: StartUpSessionData = {
      user_id: sis.user.user_id,
      sis_school_id: sis.sis_school_id,
      company_id: sis.company_id,
      current_term_name: sis.current_term_name,
    };
    const legacy = await mergeLegacySession(ctx, auth, values);
    return { ...answer, legacy_initialize: legacy };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) return answer;
    throw error;
  }
}

/** Start-up calls (SPEC section 7) and the account-recovery prompts. */
export function systemRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/lapi/rpc/common/ionic/initialize', async (request, reply) => {
      // `?optional=1`: the widgets on a legacy page asking whether anyone is signed in there. A visitor
      // with no session is normal, not an error: 204 instead of a 401 the browser logs on every page.
      const query = request.query as Record<string, unknown> | undefined;
      if (query?.['optional'] === '1') {
        const auth = await findAuth(request, ctx.state);
        // The widgets start from this answer alone: nothing for them to merge into the legacy session.
        return auth === null ? reply.code(204).send() : initializeResponse(ctx, auth);
      }
      return startUpAnswer(ctx, await requireAuth(request, ctx.state));
    });

    app.post('/common/api/lite/system/legacy_initialize', async (request) => {
      const auth = await requireAuth(request, ctx.state);
      const body = parseInput(LegacyInitializeRequestSchema, request.body);
      return mergeLegacySession(ctx, auth, body.session_data);
    });

    // Same answer whether or not the account exists: the prompts must not reveal who has one.
    app.post('/common/api/lite/system/forgot_password', async (request) => {
      parseInput(ForgotPasswordRequestSchema, request.body);
      const answer: MessageResponse = { success: true, message: FORGOT_PASSWORD_MESSAGE };
      return answer;
    });
    app.post('/common/api/lite/system/forgot_username', async (request) => {
      parseInput(ForgotUsernameRequestSchema, request.body);
      const answer: MessageResponse = { success: true, message: FORGOT_USERNAME_MESSAGE };
      return answer;
    });

    app.get('/lapi/rpc/common/notifications/unread-count', async (request) => {
      const auth = await requireAuth(request, ctx.state);
      return { count: auth.user.unread_notifications };
    });
  };
}
