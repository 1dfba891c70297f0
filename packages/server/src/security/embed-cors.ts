/**
 * Cross-origin access for the widgets on legacy pages of another origin of the same site
 * (`https://legacy.school.edu` next to `https://app.school.edu`). Only the origins listed in
 * ATRIUM_EMBED_ORIGINS get CORS with credentials, and only on the endpoints the widgets call; everything
 * else stays same-origin. Hand-written rather than @fastify/cors: the rule is per path and per method
 * across route groups registered in different plugins, and the refusals must say which setting is missing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISMISS_NOTIFICATION_PATH } from '@atrium/api/routes';
import { FEED_TOKEN_PATH } from '@atrium/api/notice-feed-paths';
import { errorBody } from '../errors.js';
import type { ResolvedOptions } from '../options.js';

/** Every call the widgets bundle makes (the bar and the toolbar chunk), with the methods it uses. */
const EMBED_ENDPOINTS: ReadonlyArray<{ path: string | RegExp; methods: readonly string[] }> = [
  // The bar's one call, and the toolbar's fallback when another copy of the bundle read the session.
  { path: '/lapi/rpc/common/ionic/initialize', methods: ['POST'] },
  { path: '/common/login/get_access_token.php', methods: ['GET', 'POST'] },
  // A dismissal kept in the session (every host), and the notice feed's token for the page's own host.
  { path: DISMISS_NOTIFICATION_PATH, methods: ['POST'] },
  { path: FEED_TOKEN_PATH, methods: ['POST'] },
  // The toolbar: user switcher, school picker.
  { path: '/lapi/rpc/dev/users', methods: ['POST'] },
  { path: '/lapi/rpc/dev/switch-user', methods: ['POST'] },
  { path: '/lapi/rpc/dev/switch-back', methods: ['POST'] },
  { path: '/lapi/rpc/schools/roster', methods: ['POST'] },
  { path: '/common/switch/swap_company.php', methods: ['GET'] },
  // The record-video flow: the requests, the signed upload address, the upload itself, the attachment.
  { path: '/lapi/rpc/support/recent', methods: ['POST'] },
  { path: '/lapi/rpc/support/upload-url', methods: ['POST'] },
  { path: /^\/uploads\/[^/]+$/, methods: ['PUT'] },
  { path: '/lapi/rpc/support/upload-video', methods: ['POST'] },
  { path: '/lapi/rpc/support/videos', methods: ['GET'] },
  // The toolbar's Releases panel (root only: the server refuses anyone else).
  { path: '/lapi/releases', methods: ['GET'] },
  { path: '/lapi/releases/rollback', methods: ['POST'] },
  { path: '/lapi/releases/try-canary', methods: ['POST'] },
  // The request log the toolbar links to.
  { path: '/lapi/telescope/requests', methods: ['GET'] },
  // The migration map, for the toolbar's 'Open in the new Atrium' (public: addresses, not data).
  { path: '/migration-map.json', methods: ['GET'] },
];

/** Headers the widgets' calls send (the client's JSON, the bearer token, the stateful headers, a video). */
const ALLOWED_HEADERS = 'Accept, Authorization, Content-Type, X-Atrium-Company, X-Atrium-School';

export function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/** The endpoints named exactly, for one look-up per request; the patterns are tried after them. */
const EXACT_ENDPOINTS = new Map(
  EMBED_ENDPOINTS.flatMap(({ path, methods }) =>
    typeof path === 'string' ? [[path, methods] as const] : [],
  ),
);
const PATTERN_ENDPOINTS = EMBED_ENDPOINTS.flatMap(({ path, methods }) =>
  typeof path === 'string' ? [] : [{ path, methods }],
);

/** The methods the widgets use on this path, or undefined when it is not one of their endpoints. */
export function embedMethodsFor(pathname: string): readonly string[] | undefined {
  return EXACT_ENDPOINTS.get(pathname) ?? PATTERN_ENDPOINTS.find(({ path }) => path.test(pathname))?.methods;
}

/** True when `origin` may make this request as an embedding legacy page. */
export function isEmbedRequest(
  request: FastifyRequest,
  origin: string,
  options: Pick<ResolvedOptions, 'embedOrigins'>,
  method: string = request.method,
): boolean {
  return (
    options.embedOrigins.includes(origin) && (embedMethodsFor(pathOf(request))?.includes(method) ?? false)
  );
}

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' && current !== '' ? current.split(/\s*,\s*/) : [];
  if (!list.some((entry) => entry.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header('vary', list.join(', '));
}

/**
 * The onRequest hook: answers preflights (204 for a listed origin on a widgets endpoint, else 403 JSON that
 * names ATRIUM_EMBED_ORIGINS) and adds the CORS headers to the widgets' calls from a listed origin.
 * `/widgets/` itself is public code fetched without credentials (module scripts are CORS requests), so any
 * page may load it: a refused page then gets the bundle's console error naming the setting, instead of
 * the browser's bare "blocked by CORS policy" on the script. Synchronous (no promise per request): it runs
 * on every answer, pages and assets included.
 */
export function embedCors(options: Pick<ResolvedOptions, 'embedOrigins'>) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (!answeredCors(request, reply, options)) done();
  };
}

/** Sets the CORS headers this request gets; true when it answered the request (a preflight). */
function answeredCors(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Pick<ResolvedOptions, 'embedOrigins'>,
): boolean {
  const pathname = pathOf(request);
  // The content-hashed assets too: with a widgets release live, /widgets/atrium-widgets.js redirects to
  // the release's entry under /assets/, which a page of another host loads as a CORS request (the loader
  // sets `integrity`, so `crossorigin`): without the header there the bar stayed empty on every other host.
  if (pathname.startsWith('/widgets/') || pathname.startsWith('/assets/')) {
    reply.header('access-control-allow-origin', '*');
    return false;
  }
  const methods = embedMethodsFor(pathname);
  if (methods === undefined) {
    if (request.method === 'OPTIONS' && request.headers.origin !== undefined) {
      reply
        .code(403)
        .send(
          errorBody(
            'origin-not-allowed',
            `${pathname} is not one of the widgets' endpoints: no cross-origin request is allowed here.`,
          ),
        );
      return true;
    }
    return false;
  }
  // The answer depends on the Origin: caches must not give one origin's answer to another.
  addVary(reply, 'Origin');
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const listed = options.embedOrigins.includes(origin);
  const preflightMethod = request.headers['access-control-request-method'];
  if (request.method === 'OPTIONS' && typeof preflightMethod === 'string') {
    if (!listed) {
      reply
        .code(403)
        .send(
          errorBody(
            'origin-not-allowed',
            `Origin ${origin} is not listed in ATRIUM_EMBED_ORIGINS: its pages cannot call ${pathname}.`,
          ),
        );
    } else if (!methods.includes(preflightMethod)) {
      reply
        .code(403)
        .send(
          errorBody('method-not-allowed', `The widgets do not call ${pathname} with ${preflightMethod}.`),
        );
    } else {
      reply
        .code(204)
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-credentials', 'true')
        .header('access-control-allow-methods', methods.join(', '))
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send();
    }
    return true;
  }
  if (listed && methods.includes(request.method)) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
  }
  return false;
}
