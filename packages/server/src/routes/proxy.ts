import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
    // Static routes beat the proxy's wildcard in Fastify's router.
    app.get('/common/login', indexHandler);
    app.get('/common/login/', indexHandler);
    for (const prefix of ['/lapi', '/common']) {
      await app.register(httpProxy, { upstream, prefix, rewritePrefix: prefix, http2: false });
    }
  };
}
