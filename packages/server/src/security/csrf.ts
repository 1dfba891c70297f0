import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import type { ResolvedOptions } from '../options.js';
import { isEmbedRequest, pathOf } from './embed-cors.js';
import { ownOrigins } from './public-origin.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type CsrfOptions = Pick<ResolvedOptions, 'publicOrigins' | 'embedOrigins'>;

/**
 * Refuse cross-site writes: a non-GET request with `Sec-Fetch-Site: cross-site`, or with an `Origin` that is
 * neither a public origin of this server nor (on the widgets' endpoints only) a listed embed origin,
 * including the opaque `null`. Requests with neither header (curl, server-to-server) pass: they cannot carry
 * a victim's cookies from a browser. The refusal names the setting to look at: a bare 403 behind a
 * misconfigured proxy is the hardest fault to find.
 */
export function checkCsrf(request: FastifyRequest, options: CsrfOptions): void {
  if (SAFE_METHODS.has(request.method)) return;
  assertNotCrossSite(request);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = ownOrigins(request, options);
  if (own.includes(origin) || isEmbedRequest(request, origin, options)) return;
  throw new HttpError(403, 'csrf', refusal(origin, own, request, options));
}

function refusal(
  origin: string,
  own: readonly string[],
  request: FastifyRequest,
  options: CsrfOptions,
): string {
  if (options.embedOrigins.includes(origin)) {
    return `Origin ${origin} is listed in ATRIUM_EMBED_ORIGINS, which allows only the widgets' endpoints, not ${pathOf(request)}.`;
  }
  if (options.publicOrigins.length > 0) {
    return `Origin ${origin} is not allowed: it is not ATRIUM_PUBLIC_ORIGIN (${own.join(', ')}) and not listed in ATRIUM_EMBED_ORIGINS.`;
  }
  return `Origin ${origin} is not allowed: this server takes its own origin to be ${own[0] ?? 'unknown'}. Behind a proxy, set ATRIUM_PUBLIC_ORIGIN (and ATRIUM_TRUST_PROXY); pages of another origin that embed the widgets need ATRIUM_EMBED_ORIGINS.`;
}

/** For the few GETs that change state (swap_company.php): refuse cross-site navigations. */
export function assertNotCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new HttpError(403, 'csrf', 'Cross-site requests are not allowed.');
  }
}
