import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  LoginActionRequestSchema,
  type ExternalStartResponse,
  type LoginResponse,
  type LookupResponse,
} from '@atrium/api/schemas';
import type { ServerContext } from '../context.js';
import { findCompany } from '../demo-data/organisations.js';
import type { DemoUser } from '../demo-data/users.js';
import { HttpError, badRequest } from '../errors.js';
import { hashPassword, verifyPassword } from '../security/password.js';
import { randomToken } from '../security/random.js';
import { parseInput } from '../validation.js';
import { startSession } from './session-start.js';
import { startUpAnswer } from './system.js';
import type { Session } from '../state/sessions.js';
import { sessionStoreDown } from '../state/redis-sessions.js';
import { SignInLimits } from '../security/sign-in-limits.js';
import { comparableUsername } from '../security/username.js';

export const WRONG_CREDENTIALS = 'The username or password is incorrect.';
const SSO_STATE_TTL_MS = 10 * 60 * 1000;

// Unknown users are checked against this hash so that they take as long as known ones.
const dummyHash = hashPassword('not-a-real-password');

function findUser(ctx: ServerContext, username: string): DemoUser | undefined {
  return ctx.state.users.get(comparableUsername(username));
}

function lookup(ctx: ServerContext, username: string): LookupResponse {
  const user = findUser(ctx, username);
  if (user?.sign_in === 'external') return { success: true, next: 'external', companies: [] };
  if (user && user.company_ids.length > 1) {
    const companies = user.company_ids.flatMap((id) => {
      const company = findCompany(id);
      return company ? [{ company_id: company.company_id, name: company.name }] : [];
    });
    return { success: true, next: 'organization', companies };
  }
  // One organisation, or no such user: the same answer, so the lookup does not reveal who has an account.
  return { success: true, next: 'password', companies: [] };
}

/** Sign-in fails at once, with a clear 503, while the shared session store (Redis) is unreachable. */
function assertSessionsAvailable(ctx: ServerContext): void {
  if (ctx.redis && !ctx.redis.isUp()) throw sessionStoreDown();
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** SSO states are swept of expired and used ones at most this often. */
const SSO_SWEEP_EVERY_MS = 60_000;

/**
 * A sign-in's answer: success, and the new session's initialize answer (LoginResponseSchema says why), the
 * same one `/lapi/rpc/common/ionic/initialize` gives for it.
 */
async function signedIn(ctx: ServerContext, session: Session, user: DemoUser): Promise<LoginResponse> {
  return { success: true, initialize: await startUpAnswer(ctx, { session, user, realUser: user }) };
}

export function loginRoutes(ctx: ServerContext) {
  let lastSsoSweep = ctx.options.now();
  /** Forget SSO states that expired or were used, so external_start cannot grow memory without end. */
  const sweepSsoStates = (): void => {
    const now = ctx.options.now();
    if (now - lastSsoSweep < SSO_SWEEP_EVERY_MS) return;
    lastSsoSweep = now;
    for (const [id, pending] of ctx.state.ssoStates) {
      if (pending.used || pending.expiresAt <= now) ctx.state.ssoStates.delete(id);
    }
  };
  return async function register(app: FastifyInstance): Promise<void> {
    // Failed sign-ins per address, and per account so that guessing one account from many addresses is
    // bounded too; each only for its window, so nobody can hold a named account locked for longer than
    // that after they stop. The username lookup is free; external_start is counted on its own.
    const limits = new SignInLimits(
      {
        addressFailures: ctx.options.loginRateLimit,
        accountFailures: ctx.options.accountRateLimit,
        accountWindowMs: ctx.options.accountRateWindowMs,
        externalStarts: ctx.options.externalStartRateLimit,
      },
      ctx.redis?.client ?? null,
      (message) => app.log.warn(message),
    );

    app.post('/common/login/login_actions.php', async (request, reply) => {
      const body = parseInput(LoginActionRequestSchema, request.body);
      switch (body.action) {
        case 'lookup':
          return lookup(ctx, body.username);
        case 'login': {
          // Before the password is checked: while sessions cannot be made, no answer says whether it was right.
          assertSessionsAvailable(ctx);
          // A failure is counted before the password is tested (and given back on success): a locked
          // address or account, or counts that cannot be written, are refused without testing it.
          const reservation = await limits.reserve(request.ip, body.username);
          const user = findUser(ctx, body.username);
          const ok = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash));
          if (!user || !ok || user.sign_in !== 'password') {
            // Unknown usernames count as well, so the limit does not tell which accounts exist.
            const answer: LoginResponse = { success: false, message: WRONG_CREDENTIALS };
            return reply.code(401).send(answer);
          }
          await reservation.succeeded();
          const companyId =
            body.company_id ?? (user.company_ids.length === 1 ? user.company_ids[0] : undefined);
          if (companyId === undefined || !user.company_ids.includes(companyId)) {
            throw badRequest('organization-required', 'Choose one of your organizations to continue.');
          }
          const session = await startSession(ctx, request, reply, user, companyId);
          return await signedIn(ctx, session, user);
        }
        case 'external_start': {
          await limits.countExternalStart(request.ip);
          const user = findUser(ctx, body.username);
          if (user?.sign_in !== 'external') {
            throw badRequest('external-not-available', 'External sign-in is not available for this account.');
          }
          sweepSsoStates();
          const state = randomToken();
          ctx.state.ssoStates.set(state, {
            username: user.username,
            code: randomToken(),
            expiresAt: ctx.options.now() + SSO_STATE_TTL_MS,
            used: false,
          });
          const answer: ExternalStartResponse = {
            success: true,
            url: `/common/login/sso/authorize?state=${encodeURIComponent(state)}`,
            state,
          };
          return answer;
        }
        case 'external_complete': {
          assertSessionsAvailable(ctx);
          const reservation = await limits.reserve(request.ip);
          const pending = ctx.state.ssoStates.get(body.state);
          const user = findUser(ctx, body.username);
          const valid =
            pending !== undefined &&
            !pending.used &&
            pending.expiresAt > ctx.options.now() &&
            user !== undefined &&
            pending.username === user.username &&
            safeEqual(pending.code, body.code);
          if (!valid || !user) {
            // Single use: a failed attempt burns the state too, so a code cannot be guessed at leisure.
            if (pending) pending.used = true;
            throw new HttpError(
              401,
              'external-failed',
              'External sign-in did not complete. Please try again.',
            );
          }
          pending.used = true;
          await reservation.succeeded();
          const companyId = user.company_ids[0];
          if (companyId === undefined)
            throw badRequest('organization-required', 'This account has no organization.');
          const session = await startSession(ctx, request, reply, user, companyId);
          return await signedIn(ctx, session, user);
        }
      }
    });
  };
}
