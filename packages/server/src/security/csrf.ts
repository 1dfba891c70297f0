import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was addressed to, as the browser sees it. */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Refuse cross-site writes: a non-GET request with `Sec-Fetch-Site: cross-site`, or with an `Origin` that is
 * not this server's own (including the opaque `null`). Requests with neither header (curl, server-to-server)
 * pass: they cannot carry a victim's cookies from a browser.
 */
export function checkCsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  assertNotCrossSite(request);
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request)) {
    throw new HttpError(403, 'csrf', 'Cross-origin requests are not allowed.');
  }
}

/** For the few GETs that change state (swap_company.php): refuse cross-site navigations. */
export function assertNotCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new HttpError(403, 'csrf', 'Cross-site requests are not allowed.');
  }
}
