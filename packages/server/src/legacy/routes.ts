import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_CATALOGUE, findApp } from '@atrium/api/app-catalogue';
import type { ServerContext } from '../context.js';
import { findAuth, type Auth } from '../auth.js';
import { pageCsp, sendHtml } from '../html/security-headers.js';
import {
  acknowledgePage,
  legacyAppPage,
  legacyHomePage,
  legacyMappedPage,
  legacyNotFoundPage,
  privacyPage,
  schoolHomePage,
  termsPage,
} from './pages.js';
import { safeSameOriginPath } from './safe-path.js';
import { releaseWidgetsHook } from '../releases/live.js';
import { legacyPageAt, newCounterpart } from '@atrium/migration';
import { schoolHomePath } from '@atrium/api';
import { SCHOOLS, findSchool } from '../demo-data/organisations.js';
import { servedMigrationMap } from './migration-map.js';
import { LOGIN_PATH, START_PATH } from '@atrium/api/routes';

const DEFAULT_RETURN = START_PATH;

function splitUrl(url: string): { pathname: string; search: string } {
  const at = url.indexOf('?');
  return at === -1 ? { pathname: url, search: '' } : { pathname: url.slice(0, at), search: url.slice(at) };
}

export function legacyRoutes(ctx: ServerContext) {
  // Built before any route: a bad ATRIUM_LEGACY_PREFIXES stops the server here, with the reason.
  const migrationMap = servedMigrationMap(ctx.options.legacyPrefixes);
  const migrationMapJson = JSON.stringify(migrationMap);
  /** The new page that replaces the requested legacy page, for the page's own link across. */
  const newPageOf = (request: FastifyRequest): string | null => {
    const { pathname, search } = splitUrl(request.url);
    return newCounterpart(migrationMap, pathname, search);
  };

  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onSend', releaseWidgetsHook(ctx));

    // Public: it lists addresses, not data. Beside importmap.json rather than under /lapi/, so a proxy
    // to a real backend (ATRIUM_PROXY) never takes it away from the widgets and the shell.
    app.get('/migration-map.json', async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(migrationMapJson),
    );

    // The demo legacy pages (and the schools' homes) show the demo backend's users and data: behind
    // ATRIUM_PROXY the real legacy screens are the backend's, and these paths answer 404.
    if (ctx.options.proxy) return;

    /** The signed-in user, or a redirect to the login page that comes back here. */
    const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<Auth | null> => {
      const auth = await findAuth(request, ctx.state);
      if (auth) return auth;
      void reply.redirect(`${LOGIN_PATH}?returnUrl=${encodeURIComponent(request.url)}`, 302);
      return null;
    };

    app.get('/legacy/', async (request, reply) => {
      const auth = await signedIn(request, reply);
      if (!auth) return reply;
      return sendHtml(reply, legacyHomePage(auth.user, APP_CATALOGUE, newPageOf(request)), pageCsp());
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
      if (!entry) return mappedPage(request, reply, auth);
      return sendHtml(reply, legacyAppPage(auth.user, entry, newPageOf(request)), pageCsp());
    });
    app.get('/legacy/:key', async (request, reply) => {
      const { key } = request.params as { key: string };
      if (findApp(key)) return reply.redirect(`/legacy/${encodeURIComponent(key)}/`, 301);
      const { pathname, search } = splitUrl(request.url);
      if (legacyPageAt(migrationMap, pathname, search) === null) {
        return sendHtml(
          reply,
          legacyNotFoundPage((await findAuth(request, ctx.state))?.user ?? null),
          pageCsp(),
          404,
        );
      }
      const auth = await signedIn(request, reply);
      if (!auth) return reply;
      return mappedPage(request, reply, auth);
    });
    // Every other legacy screen the migration map names (`/legacy/evaluations/form.php?id=12`).
    app.get('/legacy/*', async (request, reply) => {
      const auth = await signedIn(request, reply);
      if (!auth) return reply;
      return mappedPage(request, reply, auth);
    });

    /** A legacy screen the map names, or the legacy 404 page. */
    function mappedPage(request: FastifyRequest, reply: FastifyReply, auth: Auth): FastifyReply {
      const { pathname, search } = splitUrl(request.url);
      const page = legacyPageAt(migrationMap, pathname, search);
      if (page === null) return sendHtml(reply, legacyNotFoundPage(auth.user), pageCsp(), 404);
      return sendHtml(reply, legacyMappedPage(auth.user, page), pageCsp());
    }

    // Each school's home, where the school picker lands in production (SPEC section 7). Only plain-slug
    // abbreviations get one: `//evil.example` is refused by the client's guard and served nothing here.
    for (const school of SCHOOLS) {
      const home = schoolHomePath(school.abbreviation);
      if (home === null) continue;
      app.get(home, async (request, reply) => {
        const auth = await signedIn(request, reply);
        if (!auth) return reply;
        const active = auth.session.schoolId === null ? null : (findSchool(auth.session.schoolId) ?? null);
        return sendHtml(reply, schoolHomePage(auth.user, school, active), pageCsp());
      });
      app.get(home.slice(0, -1), async (_request, reply) => reply.redirect(home, 301));
    }
  };
}
