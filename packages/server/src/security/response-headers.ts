import type { FastifyInstance } from 'fastify';
import { PAGE_SECURITY_HEADERS, pageCsp } from '../html/security-headers.js';

/**
 * Headers every answer gets, whoever made it (a route, @fastify/static, the proxy) (issue 19):
 * - `X-Content-Type-Options: nosniff` on everything, so no answer is ever sniffed into a script or a page;
 * - `Cache-Control: no-store` on JSON that did not choose its own caching: API answers are per user and
 *   some carry the access token (initialize, get_access_token), which no cache may keep;
 * - HTML that arrives without a CSP (a proxied backend's page) gets the CSP and headers of Atrium's own
 *   server-rendered pages, so proxy mode does not drop the defences of the demo backend.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(type) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (/^text\/html\b/i.test(type) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', pageCsp()).headers(PAGE_SECURITY_HEADERS);
    }
    return payload;
  });
}
