import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors.js';
import { LOGIN_PATH } from '@atrium/api/routes';
import type { Readable } from 'node:stream';
import { relayWithinDeadline } from './proxy-deadline.js';

/**
 * What the browser gets when the backend does not answer properly, in the JSON error format: 504 when it
 * took longer than ATRIUM_PROXY_TIMEOUT_MS, 502 when it is down, refused or broke the connection (rather
 * than reply-from's 500, which would blame Atrium itself).
 */
interface FailureReply {
  code(status: number): { send(body: unknown): unknown };
  log: { warn(details: object, message: string): void };
}

function answerBackendFailure(reply: FailureReply, { error }: { error: Error & { statusCode?: number } }) {
  const cause = (error.cause ?? {}) as { code?: string };
  const timedOut = error.statusCode === 504 || cause.code === 'UND_ERR_CONNECT_TIMEOUT';
  reply.log.warn({ err: error }, 'proxy backend failed');
  reply
    .code(timedOut ? 504 : 502)
    .send(
      timedOut
        ? errorBody('gateway-timeout', 'The backend did not answer in time.')
        : errorBody('bad-gateway', 'The backend could not be reached.'),
    );
}

/**
 * `--proxy URL`: /lapi/* and /common/* go to a real backend instead of the demo data. The login page
 * routes (/common/login and /common/login/) stay local: they are the front end's index.html.
 */
export function proxyRoutes(
  ctx: ServerContext,
  indexHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
) {
  const upstream = ctx.options.proxy;
  return async function register(app: FastifyInstance): Promise<void> {
    if (!upstream) return;
    // Bodies pass through to the backend unparsed (the proxy's own parsers); the depth rule for JSON
    // bodies (json-depth.ts) is the backend's to apply to its own API.
    app.removeContentTypeParser('application/json');
    // Static routes beat the proxy's wildcard in Fastify's router.
    app.get(LOGIN_PATH, indexHandler);
    app.get(`${LOGIN_PATH}/`, indexHandler);
    const timeout = ctx.options.proxyTimeoutMs;
    for (const prefix of ['/lapi', '/common']) {
      await app.register(httpProxy, {
        upstream,
        prefix,
        rewritePrefix: prefix,
        http2: false,
        // undici's own limits, instead of its 300 s defaults: a hung backend is a 504 in time.
        undici: { headersTimeout: timeout, bodyTimeout: timeout, connectTimeout: Math.min(timeout, 10_000) },
        replyOptions: {
          timeout,
          onError: answerBackendFailure,
          // Those are idle limits; the whole answer is bounded too (proxy-deadline.ts).
          // (HTTP/1 only, `http2: false`: the reply is Node's http one.)
          onResponse: (_request, reply, response) =>
            relayWithinDeadline(
              reply as unknown as FastifyReply,
              (response as unknown as { stream: Readable }).stream,
              timeout,
            ),
        },
      });
    }
  };
}
