import type { FastifyInstance } from 'fastify';
import { SwapCompanyQuerySchema, type School } from '../../../api/src/schemas.js';
import type { ServerContext } from '../context.js';
import { requireRoot } from '../auth.js';
import { SCHOOLS, findSchool } from '../demo-data/organisations.js';
import { badRequest, notFound } from '../errors.js';
import { assertNotCrossSite } from '../security/csrf.js';
import { parseInput } from '../validation.js';

function parseId(value: string, name: string): number {
  if (!/^\d{1,9}$/.test(value)) throw badRequest('invalid-request', `${name}: expected a numeric id`);
  return Number(value);
}

/** Where a browser lands after a swap without no_redirect: the new front end's home, same origin. */
export function schoolHomeLocation(_school: School): string {
  // The abbreviation is data, not a path we trust (one seed school is `//evil.example`): never build a
  // Location from it. The client does the production abbreviation-based redirect through its own guard.
  return '/home';
}

export function schoolRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/lapi/rpc/schools/roster', async (request) => {
      requireRoot(request, ctx.state);
      return { data: SCHOOLS };
    });

    app.get('/common/switch/swap_company.php', async (request, reply) => {
      // A GET that changes state: refuse it when another site triggered the navigation.
      assertNotCrossSite(request);
      const auth = requireRoot(request, ctx.state);
      const query = parseInput(SwapCompanyQuerySchema, request.query);
      const school = findSchool(parseId(query.sis_school_id, 'sis_school_id'));
      if (!school) throw notFound('No school has that id.');
      if (school.company_id !== parseId(query.current_company_id, 'current_company_id')) {
        throw badRequest('company-mismatch', 'That school does not belong to that organization.');
      }
      auth.session.companyId = school.company_id;
      auth.session.schoolId = school.sis_school_id;
      if (query.no_redirect !== undefined && query.no_redirect !== '0') {
        return { success: true, school };
      }
      return reply.redirect(schoolHomeLocation(school), 302);
    });
  };
}
