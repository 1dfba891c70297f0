import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CATALOGUE, findApp } from '../../../api/src/app-catalogue.js';
import type { ServerContext } from '../context.js';
import { findAuth, type Auth } from '../auth.js';
import { pageCsp, sendHtml } from '../html/security-headers.js';
import {
  acknowledgePage,
  legacyAppPage,
  legacyHomePage,
  legacyNotFoundPage,
  privacyPage,
  termsPage,
} from './pages.js';
import { safeSameOriginPath } from './safe-path.js';
import { releaseWidgetsHook } from '../releases/live.js';

const DEFAULT_RETURN = '/start';

export function legacyRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onSend', releaseWidgetsHook(ctx));
    /** The signed-in user, or a redirect to the login page that comes back here. */
    const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<Auth | null> => {
      const auth = await findAuth(request, ctx.state);
      if (auth) return auth;
      void reply.redirect(`/common/login?returnUrl=${encodeURIComponent(request.url)}`, 302);
      return null;
    };

    app.get('/legacy/', async (request, reply) => {
      const auth = await signedIn(request, reply);
      if (!auth) return reply;
      return sendHtml(reply, legacyHomePage(auth.user, APP_CATALOGUE), pageCsp());
    });
    app.get('/legacy', async (_request, reply) => reply.redirect('/legacy/', 301));

    // Public pages, linked from the login footer.
    app.get('/legacy/terms', async (request, reply) =>
      sendHtml(reply, termsPage((await findAuth(request, ctx.state))?.user ?? null), pageCsp()),
    );
    app.get('/legacy/privacy', async (request, reply) =>
      sendHtml(reply, privacyPage((await findAuth(request, ctx.state))?.user ?? null), pageCsp()),
    );

    app.get('/legacy/acknowledge', async (request, reply) => {
      const auth = await signedIn(request, reply);
      if (!auth) return reply;
      const query = request.query as Record<string, unknown>;
      const returnPath = safeSameOriginPath(query['return']) ?? DEFAULT_RETURN;
      return sendHtml(reply, acknowledgePage(auth.user, returnPath), pageCsp());
    });
    // A form post: the global CSRF check (Origin / Sec-Fetch-Site) has already run.
    app.post('/legacy/acknowledge', async (request, reply) => {
      const auth = await signedIn(request, reply);
      if (!auth) return reply;
      ctx.state.acknowledged.add(auth.user.username);
      const body = (request.body ?? {}) as Record<string, unknown>;
      return reply.redirect(safeSameOriginPath(body['return']) ?? DEFAULT_RETURN, 303);
    });

    app.get('/legacy/:key/', async (request, reply) => {
      const auth = await signedIn(request, reply);
      if (!auth) return reply;
      const { key } = request.params as { key: string };
      const entry = findApp(key);
      if (!entry) return sendHtml(reply, legacyNotFoundPage(auth.user), pageCsp(), 404);
      return sendHtml(reply, legacyAppPage(auth.user, entry), pageCsp());
    });
    app.get('/legacy/:key', async (request, reply) => {
      const { key } = request.params as { key: string };
      if (findApp(key)) return reply.redirect(`/legacy/${encodeURIComponent(key)}/`, 301);
      return sendHtml(
        reply,
        legacyNotFoundPage((await findAuth(request, ctx.state))?.user ?? null),
        pageCsp(),
        404,
      );
    });
  };
}
