/**
 * The typed HTTP client: one method per row of the endpoint table (endpoints.ts, SPEC section 7), each made
 * by one generic `call` over the transport (transport.ts). Every answer is validated against its schema, so
 * a caller either gets the promised shape or an `ApiError`: never a half-parsed object, never an unhandled
 * crash. The few calls with a rule of their own are written out below the generic ones.
 */
import * as v from 'valibot';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors.js';
import { ENDPOINTS, loadSessionChunk, type Endpoint, type Endpoints, type NoInput } from './endpoints.js';
import type { SessionEndpoints } from './session-endpoints.js';
import type { InitializeResponse, LegacyInitializeResponse, LoginResponse, School } from './schemas.js';
import { createTransport, type CallOptions, type TransportOptions } from './transport.js';
import { uploadFile } from './upload-loader.js';
import type { UploadOptions } from './upload.js';
import { browserPendingSignOut, type PendingSignOut } from './pending-sign-out.js';

export type { CallOptions, StatefulHeaders } from './transport.js';

export interface ApiClientOptions extends TransportOptions {
  /** Where a sign-out the server never confirmed is remembered; defaults to localStorage. */
  pendingSignOut?: PendingSignOut;
}

/** The method a row becomes: `(options?)` without input, else `(input, options?)`. */
type MethodOf<E> =
  E extends Endpoint<infer I, infer O, infer _S>
    ? [keyof I] extends [never]
      ? (callOptions?: CallOptions) => Promise<O>
      : (input: I, callOptions?: CallOptions) => Promise<O>
    : never;
type Methods = { [K in keyof Endpoints]: MethodOf<Endpoints[K]> } & {
  [K in keyof SessionEndpoints]: MethodOf<SessionEndpoints[K]>;
};

/** The rows of session-endpoints.ts by name: the client's methods exist before their chunk has loaded. */
const SESSION_CALLS = [
  'legacyInitialize',
  'roster',
  'recentSupportRequests',
  'requestUploadUrl',
  'uploadVideo',
  'getAccessToken',
  'unreadCount',
  'migrationMap',
  'devUsers',
  'switchUser',
  'switchBack',
] as const satisfies readonly (keyof SessionEndpoints)[];
// Every row but swapCompany (session-endpoints.ts writes it out) is listed above: this type fails to compile otherwise.
type _EverySessionCallListed = [
  Exclude<keyof SessionEndpoints, (typeof SESSION_CALLS)[number] | 'swapCompany'>,
] extends [never]
  ? true
  : never;
const _everySessionCallListed: _EverySessionCallListed = true;

type AnyEndpoint = Endpoint<Record<string, unknown>, unknown>;

/** Whether `session` already holds each of `values` (plain values: ids, names, null). */
function holdsEvery(session: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.keys(values).every(
    (key) => Object.hasOwn(session, key) && Object.is(session[key], values[key]),
  );
}

export function createApiClient(options: ApiClientOptions = {}) {
  const transport = createTransport(options);
  const pendingSignOut = options.pendingSignOut ?? browserPendingSignOut();
  // What every answer schema goes through before it parses: as it is, except where a host page needs more
  // (the widgets harden them against a legacy page's Object.prototype: widgets/src/legacy/own-entries.ts).
  let prepareSchema: <T>(schema: T) => T = (schema) => schema;

  /**
   * One call of the table: the body is the row's constant fields plus the input's declared fields (nothing
   * else the caller's object holds), and the answer must pass the row's schema.
   */
  async function call(
    endpoint: AnyEndpoint | Endpoint<NoInput, unknown, v.GenericSchema>,
    input: Record<string, unknown>,
    callOptions?: CallOptions,
    query?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<unknown> {
    // Loaded in parallel with the request; awaited only once the answer is in.
    const schema = schemaOf(endpoint);
    let body: Record<string, unknown> | undefined;
    if (!endpoint.get) {
      body = { action: endpoint.action };
      for (const field of endpoint.fields ?? []) body[field] = input[field];
    }
    const { status, json } = await transport.request({
      method: endpoint.get ? 'GET' : 'POST',
      path: endpoint.path,
      body,
      options: callOptions,
      query,
      headers,
    });
    return checkedAnswer(endpoint, schema, status, json);
  }

  /** An answer through its row's schema (and pick), or an ApiError: the one check every answer passes. */
  async function checkedAnswer(
    endpoint: AnyEndpoint | Endpoint<NoInput, unknown, v.GenericSchema>,
    schema: Promise<v.GenericSchema>,
    status: number,
    json: unknown,
  ): Promise<unknown> {
    let resolved: v.GenericSchema;
    try {
      resolved = await schema;
    } catch (cause) {
      // The schemas chunk did not load (offline, deploy in progress): to the caller, a network failure.
      throw new ApiError('network', UNKNOWN_ERROR_MESSAGE, 0, { cause });
    }
    const parsed = v.safeParse(prepareSchema(resolved), json);
    if (!parsed.success) {
      throw new ApiError('invalid-response', UNKNOWN_ERROR_MESSAGE, status, {
        cause: v.flatten(parsed.issues),
      });
    }
    return endpoint.pick ? endpoint.pick(parsed.output) : parsed.output;
  }

  function schemaOf(endpoint: AnyEndpoint | Endpoint<NoInput, unknown, v.GenericSchema>) {
    const { output } = endpoint;
    const schema = 'load' in output ? output.load() : Promise.resolve(output);
    // Rejections are handled where it is awaited; this stops an unhandled-rejection report meanwhile.
    schema.catch(() => {});
    return schema;
  }

  /**
   * The initialize answer a sign-in carried (LoginResponseSchema), kept for the boot that follows it in this
   * page: taken once, by the next `initialize()`. Module memory only, like the token it holds.
   */
  let heldStart: { json: unknown } | null = null;
  /**
   * The legacy_initialize answer the last initialize answer carried (InitializeResponseSchema), for the
   * `legacyInitialize()` that follows it: taken once, and dropped by anything that starts over.
   */
  let heldLegacy: { json: unknown } | null = null;

  /** The session chunk (session-endpoints.ts); one that cannot load is, to the caller, a network failure. */
  async function sessionChunk() {
    try {
      return await loadSessionChunk();
    } catch (cause) {
      throw new ApiError('network', UNKNOWN_ERROR_MESSAGE, 0, { cause });
    }
  }

  const methods = {} as Record<string, unknown>;
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as unknown as [string, AnyEndpoint][]) {
    methods[name] = endpoint.fields
      ? (input: Record<string, unknown>, callOptions?: CallOptions) => call(endpoint, input, callOptions)
      : (callOptions?: CallOptions) => call(endpoint, {}, callOptions);
  }
  // A session row's method takes (input, options) or (options) alone, as its row says once loaded.
  for (const name of SESSION_CALLS) {
    methods[name] = async (first?: unknown, second?: CallOptions) => {
      const endpoint = (await sessionChunk()).SESSION_ENDPOINTS[name] as unknown as AnyEndpoint;
      return endpoint.fields
        ? call(endpoint, first as Record<string, unknown>, second)
        : call(endpoint, {}, first as CallOptions | undefined);
    };
  }
  const generic = methods as Methods;

  /**
   * A 401 answer to a sign-in attempt is the expected "wrong username or password", not an exception:
   * it resolves to `{ success: false, message }` so the login form shows the message and stays put.
   */
  function signIn<I>(method: (input: I, callOptions?: CallOptions) => Promise<LoginResponse>) {
    return async (input: I, callOptions?: CallOptions): Promise<LoginResponse> => {
      // Whatever this attempt answers, an earlier sign-in's start is not this session's.
      heldStart = null;
      heldLegacy = null;
      try {
        const { initialize, ...answer } = await method(input, callOptions);
        if (answer.success) {
          // A new sign-in replaced whatever session the cookie named: no earlier sign-out is left to finish.
          pendingSignOut.clear();
          if (initialize !== undefined) heldStart = { json: initialize };
        }
        return answer;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'unauthorized') {
          return { success: false, message: error.message };
        }
        throw error;
      }
    };
  }

  const client = {
    ...generic,
    /** The transport under every call: the page's bearer token and stateful headers live there. */
    transport,
    /** Calls go to another origin than the page's (the widgets on a legacy host); see the transport. */
    useServerOrigin: transport.useServerOrigin,
    /** A link to a server page (the request log), on the server's origin when that is not the page's. */
    urlOf: transport.urlOf,
    /** Hold the `/lapi/` bearer token in memory (null forgets it). */
    setAccessToken: transport.setAccessToken,
    /** Adapts every answer schema before it parses (see `prepareSchema`). */
    prepareSchemas(prepare: <T>(schema: T) => T): void {
      prepareSchema = prepare;
    },

    /**
     * The session for this page. When the user signed out and the server never heard it, that sign-out is
     * finished first, and the page starts signed out (`unauthorized`) even while the server is unreachable.
     */
    async initialize(callOptions?: CallOptions): Promise<InitializeResponse> {
      const held = heldStart;
      heldStart = null;
      heldLegacy = null;
      let answer: InitializeResponse;
      // Right after a sign-in, its own answer carried this, or the page did (checked as strictly as a
      // fetched one): the boot's first call needs no request. A later call (a Retry) asks the server again.
      if (held) {
        const endpoint = ENDPOINTS.initialize as unknown as AnyEndpoint;
        answer = (await checkedAnswer(endpoint, schemaOf(endpoint), 200, held.json)) as InitializeResponse;
      } else {
        if (!(await client.finishPendingSignOut(callOptions))) {
          throw new ApiError('unauthorized', UNKNOWN_ERROR_MESSAGE, 401);
        }
        answer = await generic.initialize(callOptions);
      }
      // The legacy_initialize answer it may carry is the next call's business, not the caller's.
      const { legacy_initialize: legacy, ...start } = answer;
      if (legacy !== undefined) heldLegacy = { json: legacy };
      return start;
    },
    /**
     * The start-up answer the page itself came with (a signed-in page the server drew), for the
     * next `initialize()`, like a sign-in's: taken once, validated when used, ignored while a sign-out is
     * pending.
     */
    holdStart(json: unknown): void {
      // A page drawn for a session whose sign-out is still pending is not started from: `initialize()`
      // finishes the sign-out first.
      heldStart = pendingSignOut.isSet() ? null : { json };
      heldLegacy = null;
    },
    /**
     * Switch the legacy session to another company/school. The caller then sends the browser to the
     * school's home (`schoolHomePath(school.abbreviation)` in production, else the origin).
     */
    async swapCompany(
      req: { current_company_id: number | string; sis_school_id: number | string },
      callOptions?: CallOptions,
    ): Promise<School> {
      return (await sessionChunk()).swapCompany(call, transport, req, callOptions);
    },
    /**
     * PUT a file with upload progress (XMLHttpRequest); see `uploadFile`. A relative address (the
     * server's signed `/uploads/...`) is on the server's origin, which need not be the page's.
     */
    uploadFile(url: string, blob: Blob, uploadOptions?: UploadOptions): Promise<void> {
      const base = transport.base();
      return uploadFile(base === undefined ? url : new URL(url, `${base}/`).href, blob, uploadOptions);
    },
    /**
     * Merges session values into the legacy session. Right after `initialize()`, the answer it got may have
     * carried this call's already (Atrium's backend merges initialize's own session values as it answers):
     * when the session it describes holds every value sent here, this merge would change nothing and the
     * server would answer the same (checked as strictly as a fetched answer). Anything else, a backend that
     * carries none, or any later call, asks the server.
     */
    async legacyInitialize(
      input: { session_data: Record<string, unknown> },
      callOptions?: CallOptions,
    ): Promise<LegacyInitializeResponse> {
      const held = heldLegacy;
      heldLegacy = null;
      if (held) {
        const endpoint = (await sessionChunk()).SESSION_ENDPOINTS.legacyInitialize as unknown as AnyEndpoint;
        const answer = (await checkedAnswer(
          endpoint,
          schemaOf(endpoint),
          200,
          held.json,
        )) as LegacyInitializeResponse;
        if (answer.success && holdsEvery(answer.session_data, input.session_data)) return answer;
      }
      return generic.legacyInitialize(input, callOptions);
    },
    /** Resolves `{ success: false, message }` on a 401 (wrong password); see `signIn`. */
    login: signIn(generic.login),
    /** Like `login`: a 401 resolves to `{ success: false, message }`. */
    externalComplete: signIn(generic.externalComplete),
    /**
     * Ends the session on the server, and forgets the token and stateful headers whatever it answers. When
     * the call fails the sign-out is remembered (see pending-sign-out.ts) and finished by the next page.
     */
    async logout(callOptions?: CallOptions): Promise<{ success: boolean }> {
      pendingSignOut.set();
      heldStart = null;
      heldLegacy = null;
      try {
        const answer = await generic.logout(callOptions);
        pendingSignOut.clear();
        return answer;
      } finally {
        transport.setAccessToken(null);
        transport.setStatefulHeaders(null);
      }
    },
    /**
     * Finish a sign-out the server never confirmed. Resolves true when none is left (there was none, or the
     * server has now ended the session), false while the server still cannot be told.
     */
    async finishPendingSignOut(callOptions?: CallOptions): Promise<boolean> {
      if (!pendingSignOut.isSet()) return true;
      try {
        await client.logout(callOptions);
        return true;
      } catch {
        return false;
      }
    },
  };
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The page's one client (shared through the import map, so every app sees the same token). */
export const api: ApiClient = createApiClient();
