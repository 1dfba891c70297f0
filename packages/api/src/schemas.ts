/**
 * Wire shapes of every call in SPEC section 7, shared by the client (which validates every answer at run
 * time) and the reference backend (which validates every request body). SPEC section 3 names the fields;
 * where SPEC says "not shown" the shape here is Atrium's own choice, documented in docs/architecture.md.
 *
 * valibot rather than zod: it tree-shakes to the few validators a bundle really uses, which keeps the
 * login page inside its 100 KB gzip budget.
 */
import * as v from 'valibot';

// ---------------------------------------------------------------------------------------------------------
// Entities (SPEC section 3)

export const SessionUserSchema = v.object({
  user_id: v.number(),
  username: v.string(),
  is_root: v.boolean(),
  first_name: v.string(),
  last_name: v.string(),
  preferred_name: v.nullable(v.string()),
});
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;

export const CompanySchema = v.object({
  company_id: v.number(),
  name: v.string(),
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const SchoolSchema = v.object({
  sis_school_id: v.number(),
  company_id: v.number(),
  abbreviation: v.string(),
  name_with_ids: v.string(),
});
export type School = v.InferOutput<typeof SchoolSchema>;

export const ClientSupportRequestSchema = v.object({
  client_request_id: v.number(),
  has_draft_document: v.boolean(),
  display: v.string(),
});
export type ClientSupportRequest = v.InferOutput<typeof ClientSupportRequestSchema>;

export const UploadedVideoSchema = v.object({
  filepath: v.string(),
  mimetype: v.string(),
  size: v.number(),
  ext: v.string(),
  uploaded_doc_id: v.number(),
});
export type UploadedVideo = v.InferOutput<typeof UploadedVideoSchema>;

export const NotificationRouteInfoSchema = v.object({
  app: v.string(),
  category: v.string(),
  type: v.string(),
});

/**
 * SPEC fields (message, closeable, clickable, routeInfo) plus two of Atrium's: a stable `id` so a
 * dismissal can be remembered for the session, and `static` for the warning-style banner with no close
 * button. `body` is the optional longer text a clickable notification shows in its modal (server HTML,
 * always sanitised before it is rendered).
 */
export const SystemNotificationSchema = v.object({
  id: v.string(),
  message: v.string(),
  closeable: v.boolean(),
  clickable: v.boolean(),
  static: v.optional(v.boolean(), false),
  body: v.optional(v.string()),
  routeInfo: v.nullable(NotificationRouteInfoSchema),
});
export type SystemNotification = v.InferOutput<typeof SystemNotificationSchema>;
export type SystemNotificationInput = v.InferInput<typeof SystemNotificationSchema>;

/** Login app showcase entry (the carousel). `img` and `logo` are same-origin URLs. */
export const ShowcaseAppSchema = v.object({
  key: v.string(),
  name: v.string(),
  description: v.string(),
  img: v.string(),
  logo: v.string(),
});
export type ShowcaseApp = v.InferOutput<typeof ShowcaseAppSchema>;

// ---------------------------------------------------------------------------------------------------------
// Start-up calls

/** The session values the product keeps (SPEC section 3 'Session values'), as initialize returns them. */
export const SisSchema = v.object({
  user: SessionUserSchema,
  sis_school_id: v.nullable(v.number()),
  company_id: v.nullable(v.number()),
  telescope_enabled: v.boolean(),
  is_hq: v.boolean(),
  current_term_name: v.nullable(v.string()),
  /** Restricted users get no menu and no help button, and are forced to the start route. */
  access_restricted: v.boolean(),
  /** Set while a root user acts as someone else through the user switcher. */
  acting_as: v.nullable(v.object({ original_username: v.string() })),
  /** The environment the server runs in; 'Swap to Legacy' shows only in production. */
  environment: v.picklist(['production', 'development']),
  /** The oldest build stamp the server still supports: a running build older than this must update. */
  min_build_stamp: v.nullable(v.string()),
});
export type Sis = v.InferOutput<typeof SisSchema>;

export const InitializeResponseSchema = v.object({
  sis: SisSchema,
  mobile: v.boolean(),
  lapi_access_token: v.pipe(v.string(), v.minLength(1)),
  locale_config: v.object({ locale: v.string(), timezone: v.string() }),
  legacy_redirect: v.nullable(v.string()),
  system_notifications: v.array(SystemNotificationSchema),
});
export type InitializeResponse = v.InferOutput<typeof InitializeResponseSchema>;

export const LegacyInitializeRequestSchema = v.object({
  session_data: v.record(v.string(), v.unknown()),
});
export const LegacyInitializeResponseSchema = v.object({
  success: v.boolean(),
  session_data: v.record(v.string(), v.unknown()),
});
export type LegacyInitializeResponse = v.InferOutput<typeof LegacyInitializeResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Login (formats not shown in SPEC: Atrium's own)

export const LoginSettingsSchema = v.object({
  lockdown: v.boolean(),
  apps: v.array(ShowcaseAppSchema),
  terms_url: v.string(),
  privacy_url: v.string(),
});
export type LoginSettings = v.InferOutput<typeof LoginSettingsSchema>;

export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 256;

const UsernameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(USERNAME_MAX_LENGTH));
const PasswordSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX_LENGTH));

/** POST /common/login/login_actions.php takes one of these actions. */
export const LoginActionRequestSchema = v.variant('action', [
  v.object({ action: v.literal('lookup'), username: UsernameSchema }),
  v.object({
    action: v.literal('login'),
    username: UsernameSchema,
    password: PasswordSchema,
    company_id: v.optional(v.number()),
  }),
  v.object({ action: v.literal('external_start'), username: UsernameSchema }),
  v.object({
    action: v.literal('external_complete'),
    username: UsernameSchema,
    state: v.string(),
    code: v.string(),
  }),
]);
export type LoginActionRequest = v.InferInput<typeof LoginActionRequestSchema>;

/**
 * Answer to `lookup`. An unknown username answers exactly like a one-organisation account ('password'),
 * so the lookup reveals nothing beyond what the organisation step needs.
 */
export const LookupResponseSchema = v.object({
  success: v.literal(true),
  next: v.picklist(['password', 'organization', 'external']),
  companies: v.array(CompanySchema),
});
export type LookupResponse = v.InferOutput<typeof LookupResponseSchema>;

/** Answer to `external_start`: the identity provider page to open in a popup, and the state to expect. */
export const ExternalStartResponseSchema = v.object({
  success: v.literal(true),
  url: v.string(),
  state: v.string(),
});
export type ExternalStartResponse = v.InferOutput<typeof ExternalStartResponseSchema>;

/** Answer to `login` and `external_complete`; the session cookie is set by the same response. */
export const LoginResponseSchema = v.object({
  success: v.boolean(),
  message: v.optional(v.string()),
});
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>;

export const MessageResponseSchema = v.object({
  success: v.boolean(),
  message: v.string(),
});
export type MessageResponse = v.InferOutput<typeof MessageResponseSchema>;

export const ForgotPasswordRequestSchema = v.object({ username: UsernameSchema });
export const ForgotUsernameRequestSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254)),
});

export const AccessTokenResponseSchema = v.object({ access_token: v.string() });
export const SuccessResponseSchema = v.object({ success: v.boolean() });
export const UnreadCountResponseSchema = v.object({ count: v.number() });

// ---------------------------------------------------------------------------------------------------------
// Developer toolbar and support

export const RosterResponseSchema = v.object({ data: v.array(SchoolSchema) });

export const SwapCompanyQuerySchema = v.object({
  current_company_id: v.string(),
  sis_school_id: v.string(),
  no_redirect: v.optional(v.string()),
});
export const SwapCompanyResponseSchema = v.object({ success: v.boolean(), school: SchoolSchema });

export const SupportRecentResponseSchema = v.object({ data: v.array(ClientSupportRequestSchema) });

/** Step 1 of an upload: ask the server for a signed, single-use, size-checked upload address. */
export const UploadUrlRequestSchema = v.object({
  mimetype: v.pipe(v.string(), v.regex(/^video\/(webm|mp4)(;.*)?$/)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  ext: v.picklist(['webm', 'mp4']),
});
export const UploadUrlResponseSchema = v.object({
  upload_url: v.string(),
  filepath: v.string(),
  expires_at: v.string(),
});
export type UploadUrlResponse = v.InferOutput<typeof UploadUrlResponseSchema>;

/** Step 3: attach the stored file to the chosen client request (SPEC section 7). */
export const UploadVideoRequestSchema = v.object({
  id: v.number(),
  data: v.object({
    filepath: v.string(),
    mimetype: v.string(),
    size: v.number(),
    ext: v.string(),
  }),
  doc_id: v.nullable(v.number()),
});
export type UploadVideoRequest = v.InferInput<typeof UploadVideoRequestSchema>;
export const UploadVideoResponseSchema = v.object({ success: v.boolean(), video: UploadedVideoSchema });

export const DevUserSchema = v.object({ username: v.string(), display: v.string() });
export const DevUsersResponseSchema = v.object({ data: v.array(DevUserSchema) });
export type DevUser = v.InferOutput<typeof DevUserSchema>;
export const SwitchUserRequestSchema = v.object({ username: UsernameSchema });

/** Uniform JSON error body of the reference backend. */
export const ErrorBodySchema = v.object({
  error: v.object({ code: v.string(), message: v.string() }),
});
