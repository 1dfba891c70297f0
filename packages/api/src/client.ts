/**
 * The HTTP client: one method per call of SPEC section 7 (table in docs/architecture.md). Every answer is
 * validated against `schemas.ts`, so a caller either gets the promised shape or an `ApiError`: never a
 * half-parsed object, never an unhandled crash.
 *
 * Only the login calls' schemas (schemas-login.ts) load with the client. The schemas of every other call
 * (schemas-session.ts) are a lazily imported chunk: the cold login page must not download them (login JS
 * budget), and those calls only run after sign-in. Such a call starts loading the chunk with its request and
 * awaits it before validating, so every answer is still validated.
 */
import * as v from 'valibot';
import { ApiError, UNKNOWN_ERROR_MESSAGE, errorForStatus, tryParseJson } from './errors.js';
import {
  ExternalStartResponseSchema,
  LoginResponseSchema,
  LoginSettingsSchema,
  LookupResponseSchema,
  MessageResponseSchema,
} from './schemas-login.js';
import type {
  ClientSupportRequest,
  DevUser,
  ExternalStartResponse,
  InitializeResponse,
  LegacyInitializeResponse,
  LoginActionRequest,
  LoginResponse,
  LoginSettings,
  LookupResponse,
  MessageResponse,
  School,
  UploadUrlResponse,
  UploadVideoRequest,
} from './schemas.js';
import type * as SessionSchemasModule from './schemas-session.js';
import type { MigrationMapResponse } from './schemas-session.js';
import { uploadFile } from './upload-loader.js';
import type { UploadOptions } from './upload.js';
import { browserPendingSignOut, type PendingSignOut } from './pending-sign-out.js';

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiClientOptions {
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
  /** Where a sign-out the server never confirmed is remembered; defaults to localStorage. */
  pendingSignOut?: PendingSignOut;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Company and school the legacy backend should act on, sent as `X-Atrium-Company` / `X-Atrium-School`. */
export interface StatefulHeaders {
  company_id: number | string | null;
  sis_school_id: number | string | null;
}

type LoginActionName = LoginActionRequest['action'];
export type LoginActionResult<A extends LoginActionName> = A extends 'lookup'
  ? LookupResponse
  : A extends 'external_start'
    ? ExternalStartResponse
    : LoginResponse;

type SessionSchemas = typeof SessionSchemasModule;

let sessionSchemas: Promise<SessionSchemas> | null = null;

/** One shared load of the schemas chunk; a failed load is forgotten so the next call tries again. */
function loadSessionSchemas(): Promise<SessionSchemas> {
  sessionSchemas ??= import(/* webpackChunkName: "api-schemas" */ './schemas-session.js').catch(
    (cause: unknown) => {
      sessionSchemas = null;
      throw cause;
    },
  );
  return sessionSchemas;
}

/** A schema of schemas-session.ts, resolved when the call first needs it. */
interface LazySchema<TSchema extends v.GenericSchema> {
  load: () => Promise<TSchema>;
}

function lazy<TSchema extends v.GenericSchema>(
  pick: (schemas: SessionSchemas) => TSchema,
): LazySchema<TSchema> {
  return { load: () => loadSessionSchemas().then(pick) };
}

interface RequestSpec<TSchema extends v.GenericSchema> {
  method: 'GET' | 'POST';
  path: string;
  schema: TSchema | LazySchema<TSchema>;
  query?: Record<string, string>;
  body?: unknown;
  options?: CallOptions | undefined;
  /** Extra headers of this one call (same origin only; the stateful headers win over them). */
  headers?: Record<string, string>;
}

// eslint-disable-next-line no-control-regex -- a header value with CR/LF or NUL is an injection attempt
const HEADER_UNSAFE = /[\u0000-\u001f\u007f]/;

function defaultOrigin(baseUrl: string | undefined): string | undefined {
  const fromLocation = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  if (typeof fromLocation === 'string' && fromLocation !== 'null') return fromLocation;
  if (baseUrl === undefined) return undefined;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}

function headerValue(value: number | string | null): string | null {
  if (value === null) return null;
  const text = String(value).trim();
  return text === '' || HEADER_UNSAFE.test(text) ? null : text;
}

export function createApiClient(options: ApiClientOptions = {}) {
  let baseUrl = options.baseUrl?.replace(/\/+$/, '');
  let origin = options.origin ?? defaultOrigin(baseUrl);
  // 'include' only once useServerOrigin points the calls at another origin than the page's.
  let credentials: RequestCredentials = 'same-origin';
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pendingSignOut = options.pendingSignOut ?? browserPendingSignOut();
  // What every answer schema goes through before it parses: as it is, except where a host page needs more
  // (the widgets harden them against a legacy page's Object.prototype: widgets/src/legacy/own-entries.ts).
  let prepareSchema: <T>(schema: T) => T = (schema) => schema;
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

  async function request<TSchema extends v.GenericSchema>(
    spec: RequestSpec<TSchema>,
  ): Promise<v.InferOutput<TSchema>> {
    const callerSignal = spec.options?.signal;
    if (callerSignal?.aborted) throw new ApiError('aborted', UNKNOWN_ERROR_MESSAGE);

    let url: URL;
    try {
      url = resolve(spec.path, spec.query);
    } catch (cause) {
      // No page origin and no baseUrl (e.g. outside a browser): nothing can be reached.
      throw new ApiError('network', UNKNOWN_ERROR_MESSAGE, 0, { cause });
    }
    // Loaded in parallel with the request; awaited only once the answer is in.
    const schema = 'load' in spec.schema ? spec.schema.load() : Promise.resolve(spec.schema);
    // Rejections are handled below; this stops an unhandled-rejection report when the fetch fails first.
    schema.catch(() => {});
    const hasBody = spec.body !== undefined;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, spec.options?.timeoutMs ?? defaultTimeout);
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    const failure = (cause: unknown): ApiError => {
      if (timedOut) return new ApiError('timeout', UNKNOWN_ERROR_MESSAGE, 0, { cause });
      if (callerSignal?.aborted) return new ApiError('aborted', UNKNOWN_ERROR_MESSAGE, 0, { cause });
      return new ApiError('network', UNKNOWN_ERROR_MESSAGE, 0, { cause });
    };

    let status: number;
    let ok: boolean;
    let text: string;
    try {
      const doFetch = options.fetch ?? globalThis.fetch;
      const init: RequestInit = {
        method: spec.method,
        headers: headersFor(url, hasBody, spec.headers),
        credentials,
        signal: controller.signal,
      };
      if (hasBody) init.body = JSON.stringify(spec.body);
      const response = await doFetch(url.href, init);
      status = response.status;
      ok = response.ok;
      // The body is read under the same timeout: a server that stalls mid-body is still a timeout.
      text = await response.text();
    } catch (cause) {
      throw failure(cause);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }

    if (!ok) throw errorForStatus(status, text);
    const json = tryParseJson(text);
    if (json === undefined) {
      throw new ApiError('invalid-response', UNKNOWN_ERROR_MESSAGE, status);
    }
    let resolved: TSchema;
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
    return parsed.output;
  }

  /**
   * A 401 answer to a sign-in attempt is the expected "wrong username or password", not an exception:
   * it resolves to `{ success: false, message }` so the login form shows the message and stays put.
   */
  async function signIn<TSchema extends v.GenericSchema>(
    body: LoginActionRequest,
    schema: TSchema | LazySchema<TSchema>,
    callOptions?: CallOptions,
  ): Promise<v.InferOutput<TSchema> | LoginResponse> {
    try {
      const answer = await request({
        method: 'POST',
        path: '/common/login/login_actions.php',
        schema,
        body,
        options: callOptions,
      });
      // A new sign-in replaced whatever session the cookie named: no earlier sign-out is left to finish.
      if ((answer as { success?: unknown }).success === true) pendingSignOut.clear();
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthorized') {
        return { success: false, message: error.message };
      }
      throw error;
    }
  }

  const post = <TSchema extends v.GenericSchema>(
    path: string,
    schema: TSchema | LazySchema<TSchema>,
    body: unknown,
    callOptions?: CallOptions,
  ) => request({ method: 'POST', path, schema, body, options: callOptions });
  const get = <TSchema extends v.GenericSchema>(
    path: string,
    schema: TSchema | LazySchema<TSchema>,
    callOptions?: CallOptions,
    query?: Record<string, string>,
  ) =>
    request(
      query === undefined
        ? { method: 'GET', path, schema, options: callOptions }
        : { method: 'GET', path, schema, options: callOptions, query },
    );

  const client = {
    /**
     * Send every call to `serverOrigin` (e.g. `https://app.school.edu`) instead of the page's origin: the
     * widgets on a legacy page of another origin call Atrium where their script came from. Cookies go with
     * those calls (`credentials: 'include'`; the server answers CORS only for ATRIUM_EMBED_ORIGINS), and
     * the bearer token and the stateful headers go there and nowhere else.
     */
    useServerOrigin(serverOrigin: string): void {
      const target = new URL(serverOrigin).origin;
      const page = defaultOrigin(undefined);
      baseUrl = target;
      origin = target;
      credentials = page === target ? 'same-origin' : 'include';
    },
    /**
     * A link to a server page (the request log): the path as is while calls go to the page's own origin,
     * else absolute on the server's origin.
     */
    urlOf(path: string): string {
      return baseUrl === undefined || baseUrl === defaultOrigin(undefined) ? path : resolve(path).href;
    },
    /** Adapts every answer schema before it parses (see `prepareSchema`). */
    prepareSchemas(prepare: <T>(schema: T) => T): void {
      prepareSchema = prepare;
    },
    /** Hold the `/lapi/` bearer token in memory (null forgets it). */
    setAccessToken(token: string | null): void {
      if (token !== null && (typeof token !== 'string' || token === '' || HEADER_UNSAFE.test(token))) {
        throw new TypeError(
          'setAccessToken: the token must be a non-empty string without control characters',
        );
      }
      accessToken = token;
    },
    hasAccessToken(): boolean {
      return accessToken !== null;
    },
    setStatefulHeaders(headers: StatefulHeaders): void {
      stateful = { company: headerValue(headers.company_id), school: headerValue(headers.sis_school_id) };
    },
    clearStatefulHeaders(): void {
      stateful = { company: null, school: null };
    },
    getStatefulHeaders(): Readonly<{ company: string | null; school: string | null }> {
      return { ...stateful };
    },

    /**
     * The session for this page. When the user signed out and the server never heard it, that sign-out is
     * finished first, and the page starts signed out (`unauthorized`) even while the server is unreachable.
     */
    async initialize(callOptions?: CallOptions): Promise<InitializeResponse> {
      if (!(await client.finishPendingSignOut(callOptions))) {
        throw new ApiError('unauthorized', UNKNOWN_ERROR_MESSAGE, 401);
      }
      return post(
        '/lapi/rpc/common/ionic/initialize',
        lazy((s) => s.InitializeResponseSchema),
        {},
        callOptions,
      );
    },
    legacyInitialize(
      req: { session_data: Record<string, unknown> },
      callOptions?: CallOptions,
    ): Promise<LegacyInitializeResponse> {
      return post(
        '/common/api/lite/system/legacy_initialize',
        lazy((s) => s.LegacyInitializeResponseSchema),
        { session_data: req.session_data },
        callOptions,
      );
    },
    forgotPassword(req: { username: string }, callOptions?: CallOptions): Promise<MessageResponse> {
      return post(
        '/common/api/lite/system/forgot_password',
        MessageResponseSchema,
        { username: req.username },
        callOptions,
      );
    },
    forgotUsername(req: { email: string }, callOptions?: CallOptions): Promise<MessageResponse> {
      return post(
        '/common/api/lite/system/forgot_username',
        MessageResponseSchema,
        { email: req.email },
        callOptions,
      );
    },
    /** The schools a root user can switch to (the `data` list of the answer). */
    async roster(callOptions?: CallOptions): Promise<School[]> {
      return (
        await post(
          '/lapi/rpc/schools/roster',
          lazy((s) => s.RosterResponseSchema),
          {},
          callOptions,
        )
      ).data;
    },
    /**
     * Switch the legacy session to another company/school. The caller then sends the browser to the
     * school's home (`schoolHomePath(school.abbreviation)` in production, else the origin).
     */
    async swapCompany(
      req: { current_company_id: number | string; sis_school_id: number | string },
      callOptions?: CallOptions,
    ): Promise<School> {
      const current = String(req.current_company_id);
      const answer = await request({
        method: 'GET',
        path: '/common/switch/swap_company.php',
        schema: lazy((s) => s.SwapCompanyResponseSchema),
        options: callOptions,
        query: { current_company_id: current, sis_school_id: String(req.sis_school_id), no_redirect: '1' },
        // The server's proof that Atrium's own script sent this state-changing GET (issue 19): the stateful
        // company header, or the chosen company when none is set yet.
        headers: { 'X-Atrium-Company': current },
      });
      // The server now holds the new company in its session; our headers would contradict it.
      stateful = { company: null, school: null };
      if (!answer.success) throw new ApiError('http', UNKNOWN_ERROR_MESSAGE, 200);
      return answer.school;
    },
    /** Recent client support requests of the user (the `data` list of the answer). */
    async recentSupportRequests(callOptions?: CallOptions): Promise<ClientSupportRequest[]> {
      return (
        await post(
          '/lapi/rpc/support/recent',
          lazy((s) => s.SupportRecentResponseSchema),
          {},
          callOptions,
        )
      ).data;
    },
    requestUploadUrl(
      req: { mimetype: string; size: number; ext: string },
      callOptions?: CallOptions,
    ): Promise<UploadUrlResponse> {
      return post(
        '/lapi/rpc/support/upload-url',
        lazy((s) => s.UploadUrlResponseSchema),
        { mimetype: req.mimetype, size: req.size, ext: req.ext },
        callOptions,
      );
    },
    uploadVideo(req: UploadVideoRequest, callOptions?: CallOptions) {
      return post(
        '/lapi/rpc/support/upload-video',
        lazy((s) => s.UploadVideoResponseSchema),
        { id: req.id, data: req.data, doc_id: req.doc_id },
        callOptions,
      );
    },
    /**
     * PUT a file with upload progress (XMLHttpRequest); see `uploadFile`. A relative address (the
     * server's signed `/uploads/...`) is on the server's origin, which need not be the page's.
     */
    uploadFile(url: string, blob: Blob, uploadOptions?: UploadOptions): Promise<void> {
      const base = baseUrl ?? origin;
      return uploadFile(base === undefined ? url : new URL(url, `${base}/`).href, blob, uploadOptions);
    },

    loginSettings(callOptions?: CallOptions): Promise<LoginSettings> {
      return get('/lapi/rpc/login/settings', LoginSettingsSchema, callOptions);
    },
    lookup(req: { username: string }, callOptions?: CallOptions): Promise<LookupResponse> {
      return post(
        '/common/login/login_actions.php',
        LookupResponseSchema,
        { action: 'lookup', username: req.username },
        callOptions,
      );
    },
    /** Resolves `{ success: false, message }` on a 401 (wrong password); see `signIn`. */
    login(
      req: { username: string; password: string; company_id?: number | undefined },
      callOptions?: CallOptions,
    ): Promise<LoginResponse> {
      const body: LoginActionRequest = { action: 'login', username: req.username, password: req.password };
      if (req.company_id !== undefined) body.company_id = req.company_id;
      return signIn(body, LoginResponseSchema, callOptions);
    },
    externalStart(req: { username: string }, callOptions?: CallOptions): Promise<ExternalStartResponse> {
      return post(
        '/common/login/login_actions.php',
        ExternalStartResponseSchema,
        { action: 'external_start', username: req.username },
        callOptions,
      );
    },
    /** Like `login`: a 401 resolves to `{ success: false, message }`. */
    externalComplete(
      req: { username: string; state: string; code: string },
      callOptions?: CallOptions,
    ): Promise<LoginResponse> {
      return signIn(
        { action: 'external_complete', username: req.username, state: req.state, code: req.code },
        LoginResponseSchema,
        callOptions,
      );
    },
    /**
     * Ends the session on the server, and forgets the token and stateful headers whatever it answers. When
     * the call fails the sign-out is remembered (see pending-sign-out.ts) and finished by the next page.
     */
    async logout(callOptions?: CallOptions): Promise<{ success: boolean }> {
      pendingSignOut.set();
      try {
        const answer = await post(
          '/common/login/logout.php',
          lazy((s) => s.SuccessResponseSchema),
          {},
          callOptions,
        );
        pendingSignOut.clear();
        return answer;
      } finally {
        accessToken = null;
        stateful = { company: null, school: null };
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
    /** Trade the legacy session cookie for a bearer token; the caller decides whether to `setAccessToken`. */
    getAccessToken(callOptions?: CallOptions): Promise<{ access_token: string }> {
      return post(
        '/common/login/get_access_token.php',
        lazy((s) => s.AccessTokenResponseSchema),
        {},
        callOptions,
      );
    },
    async unreadCount(callOptions?: CallOptions): Promise<number> {
      return (
        await get(
          '/lapi/rpc/common/notifications/unread-count',
          lazy((s) => s.UnreadCountResponseSchema),
          callOptions,
        )
      ).count;
    },
    /** The migration map the server serves (@atrium/migration, docs/migration.md); public, no token needed. */
    migrationMap(callOptions?: CallOptions): Promise<MigrationMapResponse> {
      return get(
        '/migration-map.json',
        lazy((s) => s.MigrationMapSchema),
        callOptions,
      );
    },
    async devUsers(callOptions?: CallOptions): Promise<DevUser[]> {
      return (
        await post(
          '/lapi/rpc/dev/users',
          lazy((s) => s.DevUsersResponseSchema),
          {},
          callOptions,
        )
      ).data;
    },
    switchUser(req: { username: string }, callOptions?: CallOptions): Promise<{ success: boolean }> {
      return post(
        '/lapi/rpc/dev/switch-user',
        lazy((s) => s.SuccessResponseSchema),
        { username: req.username },
        callOptions,
      );
    },
    switchBack(callOptions?: CallOptions): Promise<{ success: boolean }> {
      return post(
        '/lapi/rpc/dev/switch-back',
        lazy((s) => s.SuccessResponseSchema),
        {},
        callOptions,
      );
    },
  };
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The page's one client (shared through the import map, so every app sees the same token). */
export const api: ApiClient = createApiClient();
