/**
 * The stateless half of `@atrium/api/transport`: one call with a timeout, the caller's abort signal, JSON
 * both ways and `ApiError`s (`send`, which `createTransport` builds on), and `createCookieTransport`, a
 * transport that holds nothing. A file of its own so that a bundle using only these (the legacy widgets'
 * entry, 15 KB) does not carry the stateful transport's code.
 */
import { ApiError, UNKNOWN_ERROR_MESSAGE, errorForStatus, tryParseJson } from './errors.js';
import type { Transport, TransportAnswer, TransportRequest } from './transport.js';

export const DEFAULT_TIMEOUT_MS = 15_000;

// eslint-disable-next-line no-control-regex -- a header value with CR/LF or NUL is an injection attempt
export const HEADER_UNSAFE = /[\u0000-\u001f\u007f]/;

/** A token that may go into an Authorization header: a non-empty string without control characters. */
export function isSafeToken(token: unknown): token is string {
  return typeof token === 'string' && token !== '' && !HEADER_UNSAFE.test(token);
}

export function defaultOrigin(baseUrl: string | undefined): string | undefined {
  const fromLocation = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  if (typeof fromLocation === 'string' && fromLocation !== 'null') return fromLocation;
  if (baseUrl === undefined) return undefined;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * One call, the part every transport shares: the URL and headers come from the caller; the fetch runs under
 * a timeout and the caller's abort signal, the answer's JSON comes back, and every failure is an `ApiError`.
 */
export async function send(
  req: TransportRequest,
  fetchImpl: typeof fetch | undefined,
  defaultTimeout: number,
  credentials: RequestCredentials,
  resolve: (path: string, query?: Record<string, string>) => URL,
  headersFor: (url: URL, hasBody: boolean, extra?: Record<string, string>) => Headers,
): Promise<TransportAnswer> {
  const callerSignal = req.options?.signal;
  if (callerSignal?.aborted) throw new ApiError('aborted', UNKNOWN_ERROR_MESSAGE);

  let url: URL;
  try {
    url = resolve(req.path, req.query);
  } catch (cause) {
    // No page origin and no baseUrl (e.g. outside a browser): nothing can be reached.
    throw new ApiError('network', UNKNOWN_ERROR_MESSAGE, 0, { cause });
  }
  const hasBody = req.body !== undefined;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.options?.timeoutMs ?? defaultTimeout);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  let status: number;
  let ok: boolean;
  let text: string;
  try {
    const init: RequestInit = {
      method: req.method,
      headers: headersFor(url, hasBody, req.headers),
      credentials,
      signal: controller.signal,
    };
    if (hasBody) init.body = JSON.stringify(req.body);
    if (req.cache !== undefined) init.cache = req.cache;
    const response = await (fetchImpl ?? globalThis.fetch)(url.href, init);
    status = response.status;
    ok = response.ok;
    // The body is read under the same timeout: a server that stalls mid-body is still a timeout.
    text = await response.text();
  } catch (cause) {
    const code = timedOut ? 'timeout' : callerSignal?.aborted ? 'aborted' : 'network';
    throw new ApiError(code, UNKNOWN_ERROR_MESSAGE, 0, { cause });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }

  if (!ok) throw errorForStatus(status, text);
  if (status === 204) return { status, json: undefined };
  const json = tryParseJson(text);
  if (json === undefined) throw new ApiError('invalid-response', UNKNOWN_ERROR_MESSAGE, status);
  return { status, json };
}

/**
 * A transport that holds nothing: no bearer token, no stateful headers, only the cookie. The legacy
 * widgets' entry starts its session with it (a 15 KB budget, no room for the rest); calls go to
 * `serverOrigin` (Atrium's, where the widgets' script came from; `credentials: 'include'` when that is not
 * the page's) and fail exactly as `createTransport`'s do.
 */
export function createCookieTransport(
  options: { fetch?: typeof fetch; serverOrigin?: string; timeoutMs?: number } = {},
): Pick<Transport, 'request'> {
  const pageOrigin = defaultOrigin(undefined);
  const origin = options.serverOrigin ?? pageOrigin;
  const credentials = origin === pageOrigin ? 'same-origin' : 'include';
  const resolve = (path: string, query?: Record<string, string>): URL => {
    const url = new URL(path, origin);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    return url;
  };
  const headersFor = (_url: URL, hasBody: boolean): Headers =>
    new Headers(
      hasBody
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
    );
  return {
    request: (req) =>
      send(req, options.fetch, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, credentials, resolve, headersFor),
  };
}
