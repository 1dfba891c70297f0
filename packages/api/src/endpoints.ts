/**
 * Every call of SPEC section 7 as data: its method and path, what it takes (the request schema's fields,
 * the only ones sent) and the schema its answer must pass. client.ts turns each row into a method through
 * one generic call; only the calls with a rule of their own (initialize, the sign-ins, logout, swapCompany)
 * add a few lines there.
 *
 * Two tables. This one holds the calls the login page can make, with the login schemas (schemas-login.ts).
 * The calls made only after sign-in are in session-endpoints.ts, a lazily imported chunk together with
 * their schemas (schemas-session.ts): the cold login page must not download them (login JS budget).
 * initialize and logout are here, so they start at once; their answer schemas come from that chunk,
 * loaded in parallel with the request and awaited before validating, so every answer is still validated.
 */
import type * as v from 'valibot';
import {
  ExternalStartResponseSchema,
  LoginResponseSchema,
  LoginSettingsSchema,
  LookupResponseSchema,
  MessageResponseSchema,
} from './schemas-login.js';
import type {
  ForgotPasswordRequestSchema,
  ForgotUsernameRequestSchema,
  LoginActionRequest,
} from './schemas.js';
import type * as SessionChunk from './session-endpoints.js';
import type { CallOptions } from './transport.js';

type SessionChunkModule = typeof SessionChunk;

let sessionChunk: Promise<SessionChunkModule> | null = null;

/**
 * One shared load of the session chunk (session-endpoints.ts and its schemas); a failed load is forgotten
 * so the next call tries again.
 */
export function loadSessionChunk(): Promise<SessionChunkModule> {
  sessionChunk ??= import(/* webpackChunkName: "api-schemas" */ './session-endpoints.js').catch(
    (cause: unknown) => {
      sessionChunk = null;
      throw cause;
    },
  );
  return sessionChunk;
}

/** A schema of schemas-session.ts, resolved when the call first needs it. */
export interface LazySchema<TSchema extends v.GenericSchema> {
  load: () => Promise<TSchema>;
}

function lazy<TSchema extends v.GenericSchema>(
  pick: (schemas: SessionChunkModule) => TSchema,
): LazySchema<TSchema> {
  return { load: () => loadSessionChunk().then(pick) };
}

/** No input: the method takes only its call options. */
export type NoInput = Record<never, never>;

/** One row: `I` is what the method takes, `O` what it resolves with. */
export interface Endpoint<I, O, TSchema extends v.GenericSchema = v.GenericSchema> {
  /** A GET (no body); every other call is a POST of JSON. */
  get?: true;
  path: string;
  /** The input's fields the body carries (a POST without them sends `{}`). */
  fields?: readonly (keyof I & string)[];
  /** The body's constant `action` (login_actions.php serves several calls). */
  action?: LoginActionRequest['action'];
  /** The schema the whole answer must pass. */
  output: TSchema | LazySchema<TSchema>;
  /** The part of the answer the method returns (the `data` list, the `count`); default the whole answer. */
  pick?: (answer: v.InferOutput<TSchema>) => O;
  /** Type only: what the method takes. */
  readonly input?: I;
}

/** The client's one generic call: a row, its input, and a GET's query and extra headers. */
export type Call = (
  endpoint: Endpoint<NoInput, unknown, v.GenericSchema>,
  input: Record<string, unknown>,
  callOptions?: CallOptions,
  query?: Record<string, string>,
  headers?: Record<string, string>,
) => Promise<unknown>;

/** A row whose input is `I` (a request schema's input type, or NoInput); the answer's types are inferred. */
export function row<I extends object = NoInput>() {
  return <TSchema extends v.GenericSchema, O = v.InferOutput<TSchema>>(
    spec: Endpoint<I, O, TSchema>,
  ): Endpoint<I, O, TSchema> => spec;
}

export type In<TSchema extends v.GenericSchema> = v.InferInput<TSchema>;
type LoginAction<A extends LoginActionRequest['action']> = Omit<
  Extract<LoginActionRequest, { action: A }>,
  'action'
>;

const LOGIN_ACTIONS = '/common/login/login_actions.php';

export const ENDPOINTS = {
  /** The session for this page (client.ts finishes a pending sign-out first). */
  initialize: row()({
    path: '/lapi/rpc/common/ionic/initialize',
    output: lazy((s) => s.InitializeResponseSchema),
  }),
  forgotPassword: row<In<typeof ForgotPasswordRequestSchema>>()({
    path: '/common/api/lite/system/forgot_password',
    fields: ['username'],
    output: MessageResponseSchema,
  }),
  forgotUsername: row<In<typeof ForgotUsernameRequestSchema>>()({
    path: '/common/api/lite/system/forgot_username',
    fields: ['email'],
    output: MessageResponseSchema,
  }),
  loginSettings: row()({ get: true, path: '/lapi/rpc/login/settings', output: LoginSettingsSchema }),
  lookup: row<LoginAction<'lookup'>>()({
    path: LOGIN_ACTIONS,
    action: 'lookup',
    fields: ['username'],
    output: LookupResponseSchema,
  }),
  /** A 401 is a wrong password, not an exception (client.ts `signIn`). */
  login: row<LoginAction<'login'>>()({
    path: LOGIN_ACTIONS,
    action: 'login',
    fields: ['username', 'password', 'company_id'],
    output: LoginResponseSchema,
  }),
  externalStart: row<LoginAction<'external_start'>>()({
    path: LOGIN_ACTIONS,
    action: 'external_start',
    fields: ['username'],
    output: ExternalStartResponseSchema,
  }),
  /** Like `login`: a 401 resolves to `{ success: false, message }`. */
  externalComplete: row<LoginAction<'external_complete'>>()({
    path: LOGIN_ACTIONS,
    action: 'external_complete',
    fields: ['username', 'state', 'code'],
    output: LoginResponseSchema,
  }),
  /** Ends the session on the server (client.ts remembers a sign-out the server never confirmed). */
  logout: row()({
    path: '/common/login/logout.php',
    output: lazy((s) => s.SuccessResponseSchema),
  }),
};
export type Endpoints = typeof ENDPOINTS;
