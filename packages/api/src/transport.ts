/**
 * `@atrium/api/transport`: how every call reaches the server, without knowing any endpoint or validator.
 * One fetch with a timeout and the caller's abort signal, JSON both ways, the errors as `ApiError`s, and the
 * state a page's calls share: where they go (`useServerOrigin`), the `/lapi/` bearer token and the stateful
 * headers. The typed client (client.ts) validates on top of it; the legacy widgets' 15 KB bundle and the
 * shell's update check use it as is, so this entry must never import valibot (or anything that does).
 */
import { DEFAULT_TIMEOUT_MS, HEADER_UNSAFE, defaultOrigin, isSafeToken, send } from './request.js';

export { ApiError, UNKNOWN_ERROR_MESSAGE, isApiError } from './errors.js';
export { DEFAULT_TIMEOUT_MS, createCookieTransport, defaultOrigin, isSafeToken } from './request.js';
export type { ApiErrorCode } from './errors.js';

/** What a caller may set on one call. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export interface TransportOptions {
  /** Defaults to the global fetch, looked up at call time (so test spies installed later still apply). */
  fetch?: typeof fetch;
  /** Prefix for every path; defaults to the page origin. */
  baseUrl?: string;
  /** Per-request timeout; default 15 s. */
  timeoutMs?: number;
  /**
   * The page's own origin, which decides where the bearer token may go. Defaults to `location.origin`,
   * else (outside a browser) the origin of `baseUrl`.
   */
  origin?: string;
}

/** Company and school the legacy backend should act on, sent as `X-Atrium-Company` / `X-Atrium-School`. */
export interface StatefulHeaders {
  company_id: number | string | null;
  sis_school_id: number | string | null;
}

export interface TransportRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string> | undefined;
  /** Sent as JSON; none for `undefined`. */
  body?: unknown;
  options?: CallOptions | undefined;
  /** Extra headers of this one call (same origin only; the stateful headers win over them). */
  headers?: Record<string, string> | undefined;
  /** The fetch cache mode (`no-store` for answers that must never come from a cache). */
  cache?: RequestCache | undefined;
}

/** A 2xx answer: its status and its JSON body (`undefined` for 204 No Content). */
export interface TransportAnswer {
  status: number;
  json: unknown;
}

export interface Transport {
  /**
   * One call. Resolves with a 2xx answer whose body is JSON (or a 204); throws `ApiError` otherwise:
   * `timeout`, `aborted`, `network`, `unauthorized` (401), `forbidden` (403), `http`, `invalid-response`.
   */
  request(req: TransportRequest): Promise<TransportAnswer>;
  /**
   * Send every call to `serverOrigin` (e.g. `https://app.school.edu`) instead of the page's origin: the
   * widgets on a legacy page of another origin call Atrium where their script came from. Cookies go with
   * those calls (`credentials: 'include'`; the server answers CORS only for ATRIUM_EMBED_ORIGINS), and the
   * bearer token and the stateful headers go there and nowhere else.
   */
  useServerOrigin(serverOrigin: string): void;
  /** A link to a server page: the path as is while calls go to the page's own origin, else absolute. */
  urlOf(path: string): string;
  /** Where relative server addresses resolve: the server's origin, if known. */
  base(): string | undefined;
  /** Hold the `/lapi/` bearer token in memory (null forgets it). Throws TypeError for an unsafe token. */
  setAccessToken(token: string | null): void;
  /** Set (or, with null, clear) the company/school every same-origin call names. */
  setStatefulHeaders(headers: StatefulHeaders | null): void;
  statefulHeaders(): Readonly<{ company: string | null; school: string | null }>;
}

function headerValue(value: number | string | null): string | null {
  if (value === null) return null;
  const text = String(value).trim();
  return text === '' || HEADER_UNSAFE.test(text) ? null : text;
}

export function createTransport(options: TransportOptions = {}): Transport {
  let baseUrl = options.baseUrl?.replace(/\/+$/, '');
  let origin = options.origin ?? defaultOrigin(baseUrl);
  // 'include' only once useServerOrigin points the calls at another origin than the page's.
  let credentials: RequestCredentials = 'same-origin';
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Memory only: a token in storage would be readable by any script that ever runs on the page.
  let accessToken: string | null = null;
  let stateful: { company: string | null; school: string | null } = { company: null, school: null };

  function resolve(path: string, query?: Record<string, string>): URL {
    const url = new URL(`${baseUrl ?? ''}${path}`, origin ?? baseUrl ?? undefined);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    return url;
  }

  function headersFor(url: URL, hasBody: boolean, extra: Record<string, string> = {}): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    if (hasBody) headers.set('Content-Type', 'application/json');
    const sameOrigin = origin !== undefined && url.origin === origin;
    if (sameOrigin) for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    // The bearer token is for the new API only: never the legacy /common/ endpoints, never another site.
    if (sameOrigin && accessToken !== null && url.pathname.startsWith('/lapi/')) {
      headers.set('Authorization', `Bearer ${accessToken}`);
    }
    if (sameOrigin && stateful.company !== null) headers.set('X-Atrium-Company', stateful.company);
    if (sameOrigin && stateful.school !== null) headers.set('X-Atrium-School', stateful.school);
    return headers;
  }

  function request(req: TransportRequest): Promise<TransportAnswer> {
    return send(
      req,
      options.fetch,
      defaultTimeout,
      credentials,
      (path, query) => resolve(path, query),
      headersFor,
    );
  }

  return {
    request,
    useServerOrigin(serverOrigin) {
      const target = new URL(serverOrigin).origin;
      baseUrl = target;
      origin = target;
      credentials = defaultOrigin(undefined) === target ? 'same-origin' : 'include';
    },
    urlOf(path) {
      return baseUrl === undefined || baseUrl === defaultOrigin(undefined) ? path : resolve(path).href;
    },
    base: () => baseUrl ?? origin,
    setAccessToken(token) {
      if (token !== null && !isSafeToken(token)) {
        throw new TypeError(
          'setAccessToken: the token must be a non-empty string without control characters',
        );
      }
      accessToken = token;
    },
    setStatefulHeaders(headers) {
      stateful =
        headers === null
          ? { company: null, school: null }
          : { company: headerValue(headers.company_id), school: headerValue(headers.sis_school_id) };
    },
    statefulHeaders: () => ({ ...stateful }),
  };
}
