import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestLog } from './state/request-log.js';
import { LOGIN_PATH, isPathUnder } from '@atrium/api/routes';

/** API calls are logged; page and asset loads are not (they would drown the calls). */
export function isApiPath(url: string): boolean {
  return (
    url.startsWith('/lapi/') ||
    (url.startsWith('/common/') && !isLoginPagePath(url)) ||
    url.startsWith('/uploads/')
  );
}

/** The login app's page routes, as opposed to the /common/login/*.php calls. */
export function isLoginPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return (
    isPathUnder(pathname, LOGIN_PATH) &&
    !pathname.endsWith('.php') &&
    !pathname.startsWith(`${LOGIN_PATH}/sso/`)
  );
}

/**
 * The path as logged: no query string (it may carry ids or states) and no upload token (it is a bearer
 * credential for one upload).
 */
export function loggedPath(request: FastifyRequest): string {
  const pathname = request.url.split('?')[0] ?? request.url;
  return pathname.startsWith('/uploads/') ? '/uploads/:token' : pathname;
}

export function registerRequestLogging(app: FastifyInstance, log: RequestLog): void {
  app.decorateRequest('atriumUser', null);
  app.addHook('onResponse', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    log.add({
      at: new Date().toISOString(),
      method: request.method,
      path: loggedPath(request),
      status: reply.statusCode,
      user: request.atriumUser,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    });
  });
}
