import { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestLog } from './state/request-log.js';
import { HOME_PATH, LOGIN_PATH, isPathUnder } from '@atrium/api/routes';

/** API calls are logged; page and asset loads are not (they would drown the calls). */
export function isApiPath(url: string): boolean {
  return (
    url.startsWith('/lapi/') ||
    (url.startsWith('/common/') && !isLoginPagePath(url)) ||
    url.startsWith('/uploads/')
  );
}

/** The login app's page routes, as opposed to the /common/login/*.php calls. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `/home` (or `/home/`), with any query: the page whose area the server preloads (index-template.ts). */
export function isHomePagePath(url: string): boolean {
  const pathname = pathOf(url);
  return pathname === HOME_PATH || pathname === `${HOME_PATH}/`;
}

export function isLoginPagePath(url: string): boolean {
  const pathname = pathOf(url);
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
  // Synchronous, and nothing for pages and assets: it runs after every answer.
  app.addHook('onResponse', (request, reply, done) => {
    if (!isApiPath(request.url)) {
      done();
      return;
    }
    log.add({
      at: new Date().toISOString(),
      method: request.method,
      path: loggedPath(request),
      status: reply.statusCode,
      user: request.atriumUser,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    });
    done();
  });
}

/**
 * Fastify's own two lines per request ("incoming request", "request completed"), for API calls only, as
 * the request log above: a page or asset load is logged only when it fails with a 5xx. Logging every
 * page load cost more than rendering it (bench/lib/load.ts); the load balancer's access log has them.
 */
export class ApiRequestLogController extends LogController {
  override incomingRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (isApiPath(request.url)) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (isApiPath(request.url) || error || reply.statusCode >= 500)
      super.requestCompleted(error, request, reply, metadata);
  }
}
