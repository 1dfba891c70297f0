import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SwapCompanyQuerySchema, type School } from '@atrium/api/schemas';
import type { ServerContext } from '../context.js';
import { requireRoot } from '../auth.js';
import { SCHOOLS, findSchool } from '../demo-data/organisations.js';
import { HttpError, badRequest, notFound } from '../errors.js';
import { assertNotCrossSite } from '../security/csrf.js';
import { parseInput } from '../validation.js';
import { HOME_PATH } from '@atrium/api/routes';

function parseId(value: string, name: string): number {
  if (!/^\d{1,9}$/.test(value)) throw badRequest('invalid-request', `${name}: expected a numeric id`);
  return Number(value);
}

/** Where a browser lands after a swap without no_redirect: the new front end's home, same origin. */
export function schoolHomeLocation(_school: School): string {
  // The abbreviation is data, not a path we trust (one seed school is `//evil.example`): never build a
  // Location from it. The client does the production abbreviation-based redirect through its own guard.
  return HOME_PATH;
}

/**
 * The swap must carry the stateful header `X-Atrium-Company`, which Atrium's api client always sends on it.
 * A link, an image, a form or a navigation cannot set a header, and another origin's script can
 * only after a CORS preflight this server never grants, so the header proves the request came from Atrium's
 * own page: the cookie alone, which a cross-site GET may still carry, is not enough.
 */
function assertStatefulHeader(request: FastifyRequest): void {
  const header = request.headers['x-atrium-company'];
  if (typeof header !== 'string' || !/^\d{1,9}$/.test(header)) {
    throw new HttpError(
      403,
      'csrf',
      'The school swap must be sent by Atrium with its X-Atrium-Company header.',
    );
  }
}

export function schoolRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/lapi/rpc/schools/roster', async (request) => {
      await requireRoot(request, ctx.state);
      return { data: SCHOOLS };
    });

    app.get('/common/switch/swap_company.php', async (request, reply) => {
      // A GET that changes state (SPEC section 7 fixes the method): refuse it when another site triggered
      // the navigation, and unless the page's own script sent it.
      assertNotCrossSite(request);
      const auth = await requireRoot(request, ctx.state);
      const query = parseInput(SwapCompanyQuerySchema, request.query);
      assertStatefulHeader(request);
      const school = findSchool(parseId(query.sis_school_id, 'sis_school_id'));
      if (!school) throw notFound('No school has that id.');
      if (school.company_id !== parseId(query.current_company_id, 'current_company_id')) {
        throw badRequest('company-mismatch', 'That school does not belong to that organization.');
      }
      auth.session.companyId = school.company_id;
      auth.session.schoolId = school.sis_school_id;
      await ctx.state.sessions.save(auth.session);
      if (query.no_redirect !== undefined && query.no_redirect !== '0') {
        return { success: true, school };
      }
      return reply.redirect(schoolHomeLocation(school), 302);
    });
  };
}
