import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CATALOGUE } from '@atrium/api/app-catalogue';
import type { LoginSettings } from '@atrium/api/schemas';
import type { ServerContext } from '../context.js';
import { clearSessionCookie, findAuth, requireAuth, setSessionCookie } from '../auth.js';
import { unauthorized } from '../errors.js';
import { pageCsp, sendHtml } from '../html/security-headers.js';
import { signOutPage } from '../legacy/pages.js';
import { LOGIN_PATH } from '@atrium/api/routes';

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Sign-out, the cookie <-> bearer bridges, and the login page's settings. */
export function sessionRoutes(ctx: ServerContext, random: () => number = Math.random) {
  return async function register(app: FastifyInstance): Promise<void> {
    const endSession = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      // The cookie goes first: even when the shared session store cannot be reached, the browser is out.
      clearSessionCookie(request, reply);
      const auth = await findAuth(request, ctx.state);
      if (auth) {
        request.atriumUser = auth.user.username;
        await ctx.state.sessions.destroy(auth.session);
      }
    };

    // A POST only, behind the global CSRF check. The app calls it with fetch and gets JSON; the
    // legacy pages' Sign out form posts it and lands on the login page.
    app.post('/common/login/logout.php', async (request, reply) => {
      await endSession(request, reply);
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect(LOGIN_PATH, 303);
      }
      return { success: true };
    });
    // Old links to logout.php: a GET changes nothing (another site could trigger it); it offers the form.
    app.get('/common/login/logout.php', async (request, reply) =>
      sendHtml(reply, signOutPage((await findAuth(request, ctx.state))?.user ?? null), pageCsp()),
    );

    // Bearer -> legacy cookie: before the new front end opens a legacy screen.
    app.post('/common/login/start_legacy_session.php', async (request, reply) => {
      const auth = await requireAuth(request, ctx.state);
      setSessionCookie(request, reply, auth.session);
      return { success: true };
    });

    // Legacy cookie -> bearer: a legacy screen handing over to the new front end.
    const accessToken = async (request: FastifyRequest) => {
      const auth = await findAuth(request, ctx.state);
      if (!auth) throw unauthorized();
      request.atriumUser = auth.user.username;
      return { access_token: auth.session.accessToken };
    };
    app.post('/common/login/get_access_token.php', accessToken);
    app.get('/common/login/get_access_token.php', accessToken);

    app.get('/lapi/rpc/login/settings', async () => {
      // In lockdown only the exam app is shown on login (SPEC section 6).
      const apps = ctx.options.lockdown ? APP_CATALOGUE.filter((a) => a.key === 'exams') : APP_CATALOGUE;
      const settings: LoginSettings = {
        lockdown: ctx.options.lockdown,
        apps: shuffled(apps, random).map(({ key, name, description, img, logo }) => ({
          key,
          name,
          description,
          img,
          logo,
        })),
        terms_url: '/legacy/terms',
        privacy_url: '/legacy/privacy',
      };
      return settings;
    });
  };
}
