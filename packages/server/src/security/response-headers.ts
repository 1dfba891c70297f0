import type { FastifyInstance } from 'fastify';
import { PAGE_SECURITY_HEADERS, pageCsp } from '../html/security-headers.js';

/**
 * Headers every answer gets, whoever made it (a route, @fastify/static, the proxy):
 * - `X-Content-Type-Options: nosniff` on everything, so no answer is ever sniffed into a script or a page;
 * - `Cache-Control: no-store` on JSON that did not choose its own caching: API answers are per user and
 *   some carry the access token (initialize, get_access_token), which no cache may keep;
 * - HTML that arrives without a CSP (a proxied backend's page) gets the CSP and headers of Atrium's own
 *   server-rendered pages, so proxy mode does not drop the defences of the demo backend.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  // Synchronous: it runs on every answer (a promise per answer was measurable under load, bench --load).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(type) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (/^text\/html\b/i.test(type) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', PAGE_CSP).headers(PAGE_SECURITY_HEADERS);
    }
    done(null, payload);
  });
}

/** The CSP of a nonce-less server-rendered page: the same for every answer, made once. */
const PAGE_CSP = pageCsp();
