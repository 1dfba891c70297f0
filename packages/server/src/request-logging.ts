import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * A request id a front door sent (`X-Request-Id`), kept when it is a plain token: it ties this server's
 * line to nginx's. Anything else (too long, spaces, quotes, control characters) is replaced by a fresh id,
 * so a client cannot write into the log through it.
 */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Where a log line must never carry a credential: pino removes these paths from anything logged (a request
 * or an error logged with its headers), beside the line below, which names none of them.
 */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-atrium-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * One JSON line per request, written when it is answered: its id (returned as X-Request-Id), method, path
 * (no query, no upload token: loggedPath), status, time taken and the signed-in user. Fastify's own two
 * lines per request are off (disableRequestLogging): they carried the full URL, query included, and cost
 * twice what one line does.
 */
export function registerRequestLines(app: FastifyInstance, { log }: { log: boolean }): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (!log) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        path: loggedPath(request),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        user: request.atriumUser ?? null,
      },
      'request',
    );
    done();
  });
}
