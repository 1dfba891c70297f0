import type { FastifyInstance } from 'fastify';
import { SwitchUserRequestSchema, type DevUser } from '@atrium/api/schemas';
import type { ServerContext } from '../context.js';
import { requireAuth, requireRoot } from '../auth.js';
import { displayName } from '../demo-data/users.js';
import { badRequest, notFound } from '../errors.js';
import { parseInput } from '../validation.js';

/** The developer toolbar's user switcher. Root only, enforced here: hiding a button is not access control. */
export function devRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/lapi/rpc/dev/users', async (request) => {
      await requireRoot(request, ctx.state);
      const data: DevUser[] = [...ctx.state.users.values()].map((u) => ({
        username: u.username,
        display: `${displayName(u)} (${u.username})`,
      }));
      return { data };
    });

    app.post('/lapi/rpc/dev/switch-user', async (request) => {
      const auth = await requireRoot(request, ctx.state);
      const { username } = parseInput(SwitchUserRequestSchema, request.body);
      const target = ctx.state.users.get(username.toLowerCase());
      if (!target) throw notFound('No user has that username.');
      const { session } = auth;
      // Switching to oneself is switching back.
      session.actingAs = target.username === session.username ? null : target.username;
      await ctx.state.sessions.save(session);
      ctx.state.requestLog.addSwitch({
        at: new Date(ctx.options.now()).toISOString(),
        by: session.username,
        action: 'switch-user',
        to: target.username,
      });
      request.log.info({ by: session.username, to: target.username }, 'user switch');
      return { success: true };
    });

    // Allowed to whoever is acting as someone: the switched-to user is usually not root.
    app.post('/lapi/rpc/dev/switch-back', async (request) => {
      const auth = await requireAuth(request, ctx.state);
      const { session } = auth;
      if (session.actingAs === null) throw badRequest('not-switched', 'You are not acting as another user.');
      session.actingAs = null;
      await ctx.state.sessions.save(session);
      request.atriumUser = session.username;
      ctx.state.requestLog.addSwitch({
        at: new Date(ctx.options.now()).toISOString(),
        by: session.username,
        action: 'switch-back',
        to: session.username,
      });
      request.log.info({ user: session.username }, 'user switch back');
      return { success: true };
    });
  };
}
