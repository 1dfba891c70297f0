/**
 * The page's start-up call, sent by index.html before any module has loaded (issue 17).
 *
 * On a shell page the boot's first call is initialize (SPEC section 4). Sent by the api, it goes out only
 * once SystemJS, the root config, the api and the session module have arrived and run: on a phone, a round
 * trip or more after the page could have asked. So the page's head sends it at once (the server names the
 * call in `#atrium-start-call`, root-config/index.html), and leaves the pending answer here. The page's
 * client (`api`) takes it for its first initialize: same call, same answer, same validation and errors;
 * only the request left earlier.
 *
 * Taken once, and only by a request that is exactly the one sent (method, address, body, headers): a call
 * with a bearer token or the stateful headers, or any other call, goes to the network as usual. An unclaimed
 * answer is never used for anything else.
 */

/** What index.html leaves on `window.atriumStartCall`. */
export interface StartCall {
  method: string;
  /** Absolute. */
  url: string;
  /** The JSON text sent. */
  body: string;
  /** The headers sent, names in lower case. */
  headers: Record<string, string>;
  response: Promise<Response>;
  /** Aborts the request (the claiming call's timeout or abort). */
  abort(): void;
}

export const START_CALL_GLOBAL = 'atriumStartCall';

type StartCallScope = { [START_CALL_GLOBAL]?: unknown };

function isStartCall(value: unknown): value is StartCall {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as Partial<StartCall>;
  return (
    typeof call.method === 'string' &&
    typeof call.url === 'string' &&
    typeof call.body === 'string' &&
    typeof call.headers === 'object' &&
    call.headers !== null &&
    typeof call.abort === 'function' &&
    call.response instanceof Promise
  );
}

function sameHeaders(sent: Record<string, string>, wanted: HeadersInit | undefined): boolean {
  const names = Object.keys(sent);
  const headers = new Headers(wanted);
  let count = 0;
  headers.forEach(() => (count += 1));
  return count === names.length && names.every((name) => headers.get(name) === sent[name]);
}

function isSameRequest(call: StartCall, input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  if (typeof input !== 'string' && !(input instanceof URL)) return false;
  return (
    String(input) === call.url &&
    (init?.method ?? 'GET').toUpperCase() === call.method &&
    init?.body === call.body &&
    (init.credentials ?? 'same-origin') === 'same-origin' &&
    init.cache === undefined &&
    sameHeaders(call.headers, init.headers)
  );
}

/**
 * The early answer under the claiming call's signal, as fetch would: on abort (the call's timeout, its
 * caller's abort) the request is cancelled and the promise rejects with the signal's reason at once.
 */
function answerOf(call: StartCall, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return call.response;
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => {
      call.abort();
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    call.response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A fetch that answers the page's start-up call from the request index.html already sent, once; every other
 * request goes to `fetchImpl` (default: the global fetch, looked up per call).
 */
export function fetchWithStartCall(
  fetchImpl?: typeof fetch,
  scope: StartCallScope = globalThis as StartCallScope,
): typeof fetch {
  return (input, init) => {
    const call = scope[START_CALL_GLOBAL];
    if (call !== undefined && isStartCall(call) && isSameRequest(call, input, init)) {
      delete scope[START_CALL_GLOBAL];
      return answerOf(call, init?.signal);
    }
    return (fetchImpl ?? globalThis.fetch)(input, init);
  };
}

/**
 * Drops an unclaimed start call (and cancels its request): a sign-out ends the session it was sent with, so
 * its answer must never start a page (the client's logout calls this).
 */
export function discardStartCall(scope: StartCallScope = globalThis as StartCallScope): void {
  const call = scope[START_CALL_GLOBAL];
  if (call === undefined) return;
  delete scope[START_CALL_GLOBAL];
  if (isStartCall(call)) call.abort();
}
