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
import { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors.js';
import {
  createTransport,
  type CallOptions,
  type StatefulHeaders,
  type TransportOptions,
  type TransportRequest,
} from './transport.js';
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

export { DEFAULT_TIMEOUT_MS } from './transport.js';
export type { CallOptions, StatefulHeaders } from './transport.js';

export interface ApiClientOptions extends TransportOptions {
  /** Where a sign-out the server never confirmed is remembered; defaults to localStorage. */
  pendingSignOut?: PendingSignOut;
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

interface RequestSpec<TSchema extends v.GenericSchema> extends TransportRequest {
  schema: TSchema | LazySchema<TSchema>;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const transport = createTransport(options);
  const pendingSignOut = options.pendingSignOut ?? browserPendingSignOut();
  // What every answer schema goes through before it parses: as it is, except where a host page needs more
  // (the widgets harden them against a legacy page's Object.prototype: widgets/src/legacy/own-entries.ts).
  let prepareSchema: <T>(schema: T) => T = (schema) => schema;

  /** One call through the transport, its answer validated against the call's schema. */
  async function request<TSchema extends v.GenericSchema>(
    spec: RequestSpec<TSchema>,
  ): Promise<v.InferOutput<TSchema>> {
    // Loaded in parallel with the request; awaited only once the answer is in.
    const schema = 'load' in spec.schema ? spec.schema.load() : Promise.resolve(spec.schema);
    // Rejections are handled below; this stops an unhandled-rejection report when the fetch fails first.
    schema.catch(() => {});
    const { status, json } = await transport.request(spec);
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
    /** The transport under every call: the page's bearer token and stateful headers live there. */
    transport,
    /**
     * Send every call to `serverOrigin` (e.g. `https://app.school.edu`) instead of the page's origin: the
     * widgets on a legacy page of another origin call Atrium where their script came from. Cookies go with
     * those calls (`credentials: 'include'`; the server answers CORS only for ATRIUM_EMBED_ORIGINS), and
     * the bearer token and the stateful headers go there and nowhere else.
     */
    useServerOrigin(serverOrigin: string): void {
      transport.useServerOrigin(serverOrigin);
    },
    /**
     * A link to a server page (the request log): the path as is while calls go to the page's own origin,
     * else absolute on the server's origin.
     */
    urlOf(path: string): string {
      return transport.urlOf(path);
    },
    /** Adapts every answer schema before it parses (see `prepareSchema`). */
    prepareSchemas(prepare: <T>(schema: T) => T): void {
      prepareSchema = prepare;
    },
    /** Hold the `/lapi/` bearer token in memory (null forgets it). */
    setAccessToken(token: string | null): void {
      transport.setAccessToken(token);
    },
    setStatefulHeaders(headers: StatefulHeaders): void {
      transport.setStatefulHeaders(headers);
    },
    clearStatefulHeaders(): void {
      transport.setStatefulHeaders(null);
    },
    getStatefulHeaders(): Readonly<{ company: string | null; school: string | null }> {
      return transport.statefulHeaders();
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
      transport.setStatefulHeaders(null);
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
      const base = transport.base();
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
