/**
 * @atrium/api: the typed HTTP client for every call of SPEC section 7, the wire schemas it shares with the
 * reference backend, the seven apps' catalogue and the URL guards every redirect goes through.
 */
export { ApiError, UNKNOWN_ERROR_MESSAGE, isApiError, sanitizeServerMessage } from './errors.js';
export type { ApiErrorCode } from './errors.js';
export { createApiClient, api } from './client.js';
// The session calls' schemas, loaded ahead of the first session call (the login page's early start).
export { loadSessionChunk } from './endpoints.js';
// The transport alone (also `@atrium/api/transport`, for bundles that must not carry the validator).
// Not `createCookieTransport`: only the legacy widgets' bundle uses it (through `@atrium/api/transport`),
// and the login page, which loads this module, has no bytes to spare.
export { createTransport, defaultOrigin, DEFAULT_TIMEOUT_MS, isSafeToken } from './transport.js';
export type { Transport, TransportAnswer, TransportOptions, TransportRequest } from './transport.js';
export type { PendingSignOut, FlagStorage } from './pending-sign-out.js';
export type { ApiClient, ApiClientOptions, CallOptions, StatefulHeaders } from './client.js';
export { uploadFile } from './upload-loader.js';
export type { UploadOptions, UploadProgress, XhrLike } from './upload.js';
export { APP_CATALOGUE, APP_KEYS, findApp } from './app-catalogue.js';
export type { AppKey, CatalogueApp } from './app-catalogue.js';
export { toSafeSameOriginUrl, schoolHomePath } from './safe-url.js';
export * from './route-manifest.js';
// Runtime schemas: only the ones browser code needs at load (the login forms validate with these). The
// rest are in `@atrium/api/schemas` (package.json "exports"): re-exporting them here would put every schema
// into this System module, which the cold login page loads.
export {
  ForgotPasswordRequestSchema,
  ForgotUsernameRequestSchema,
  LoginActionRequestSchema,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './schemas-login.js';
export type {
  ClientSupportRequest,
  Company,
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
  SessionUser,
  StartUpSessionData,
  ShowcaseApp,
  Sis,
  SystemNotification,
  SystemNotificationInput,
  UploadUrlResponse,
  UploadVideoRequest,
  UploadedVideo,
} from './schemas.js';
