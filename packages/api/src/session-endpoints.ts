/**
 * The endpoint table of every call made after sign-in (endpoints.ts has the login page's calls). It lives
 * in the client's lazily loaded chunk with the answer schemas it points at, so the cold login page downloads
 * neither (login JS budget); client.ts loads the chunk on a page's first such call.
 */
import * as S from './schemas-session.js';
import type {
  LegacyInitializeRequestSchema,
  SwitchUserRequestSchema,
  UploadUrlRequestSchema,
  UploadVideoRequestSchema,
} from './schemas.js';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors.js';
import { row, type Call, type In } from './endpoints.js';
import type { School } from './schemas.js';
import type { CallOptions, Transport } from './transport.js';

export * from './schemas-session.js';

export const SESSION_ENDPOINTS = {
  legacyInitialize: row<In<typeof LegacyInitializeRequestSchema>>()({
    path: '/common/api/lite/system/legacy_initialize',
    fields: ['session_data'],
    output: S.LegacyInitializeResponseSchema,
  }),
  /** The schools a root user can switch to. */
  roster: row()({
    path: '/lapi/rpc/schools/roster',
    output: S.RosterResponseSchema,
    pick: (answer) => answer.data,
  }),
  /** Recent client support requests of the user. */
  recentSupportRequests: row()({
    path: '/lapi/rpc/support/recent',
    output: S.SupportRecentResponseSchema,
    pick: (answer) => answer.data,
  }),
  requestUploadUrl: row<In<typeof UploadUrlRequestSchema>>()({
    path: '/lapi/rpc/support/upload-url',
    fields: ['mimetype', 'size', 'ext'],
    output: S.UploadUrlResponseSchema,
  }),
  uploadVideo: row<In<typeof UploadVideoRequestSchema>>()({
    path: '/lapi/rpc/support/upload-video',
    fields: ['id', 'data', 'doc_id'],
    output: S.UploadVideoResponseSchema,
  }),
  /** Trade the legacy session cookie for a bearer token; the caller decides whether to `setAccessToken`. */
  getAccessToken: row()({
    path: '/common/login/get_access_token.php',
    output: S.AccessTokenResponseSchema,
  }),
  unreadCount: row()({
    get: true,
    path: '/lapi/rpc/common/notifications/unread-count',
    output: S.UnreadCountResponseSchema,
    pick: (answer) => answer.count,
  }),
  /** The migration map the server serves (@atrium/migration, docs/migration.md); public, no token needed. */
  migrationMap: row()({
    get: true,
    path: '/migration-map.json',
    output: S.MigrationMapSchema,
  }),
  devUsers: row()({
    path: '/lapi/rpc/dev/users',
    output: S.DevUsersResponseSchema,
    pick: (answer) => answer.data,
  }),
  switchUser: row<In<typeof SwitchUserRequestSchema>>()({
    path: '/lapi/rpc/dev/switch-user',
    fields: ['username'],
    output: S.SuccessResponseSchema,
  }),
  switchBack: row()({
    path: '/lapi/rpc/dev/switch-back',
    output: S.SuccessResponseSchema,
  }),
  /** A GET with a query, so client.ts writes it out (`swapCompany`); its answer's schema is here. */
  swapCompany: row()({
    get: true,
    path: '/common/switch/swap_company.php',
    output: S.SwapCompanyResponseSchema,
  }),
};

export type SessionEndpoints = typeof SESSION_ENDPOINTS;

/**
 * Switch the legacy session to another company/school (a GET with a query, so not a plain row). Here with
 * its row rather than in client.ts: only a signed-in root user swaps, and the login page need not carry it.
 */
export async function swapCompany(
  call: Call,
  transport: Pick<Transport, 'setStatefulHeaders'>,
  req: { current_company_id: number | string; sis_school_id: number | string },
  callOptions?: CallOptions,
): Promise<School> {
  const current = String(req.current_company_id);
  const answer = (await call(
    SESSION_ENDPOINTS.swapCompany as unknown as Parameters<Call>[0],
    {},
    callOptions,
    { current_company_id: current, sis_school_id: String(req.sis_school_id), no_redirect: '1' },
    // The server's proof that Atrium's own script sent this state-changing GET: the stateful
    // company header, or the chosen company when none is set yet.
    { 'X-Atrium-Company': current },
  )) as { success: boolean; school: School };
  // The server now holds the new company in its session; our headers would contradict it.
  transport.setStatefulHeaders(null);
  if (!answer.success) throw new ApiError('http', UNKNOWN_ERROR_MESSAGE, 200);
  return answer.school;
}
