/**
 * Where users reach this server, as the browser sees it. Behind a front door that ends TLS or rewrites
 * `Host`, the socket and the Host header say `http://127.0.0.1:8080` while the browser says
 * `https://app.school.edu`: every origin decision (CSRF, CORS, cookies, HSTS) is taken against the
 * configured public origins, never against the socket or a Host that no trusted proxy vouched for.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedOptions } from '../options.js';

type OriginOptions = Pick<ResolvedOptions, 'publicOrigins'>;

/**
 * The origins this request may come from as "same origin": the configured public origins, else (local
 * demo, no setting) the origin the request names, as today. Fastify's `protocol` and `host` honour
 * X-Forwarded-Proto/Host only from a trusted proxy (ATRIUM_TRUST_PROXY), so a forged header changes nothing.
 */
export function ownOrigins(request: FastifyRequest, options: OriginOptions): readonly string[] {
  if (options.publicOrigins.length > 0) return options.publicOrigins;
  return [`${request.protocol}://${request.host}`];
}

/** True when users reach Atrium over https only: Secure cookies with the `__Host-` name, and HSTS. */
export function servesHttpsOnly(options: OriginOptions): boolean {
  return options.publicOrigins.length > 0 && options.publicOrigins.every((o) => o.startsWith('https:'));
}

/**
 * One year, this host only: `includeSubDomains` would force https on every other host of the school (the
 * legacy one may not be ready), and that is the operator's call in the front door, not ours.
 */
export const HSTS = 'max-age=31536000';

/**
 * The onRequest hook that sends HSTS; registered only when servesHttpsOnly (server.ts), so plain-http
 * set-ups pay nothing per request for it.
 */
export function addHsts(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('strict-transport-security', HSTS);
  done();
}
