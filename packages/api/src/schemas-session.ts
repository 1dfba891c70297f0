/**
 * The wire shapes of every call made after sign-in (initialize, legacy initialize, the shell's, the
 * toolbar's and the support calls). The client imports this file lazily (its own chunk, `api-schemas`):
 * the login page never needs it before sign-in. See schemas-login.ts for the login calls.
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
  /**
   * Atrium's backend only: legacy_initialize's answer for the session values a page sends it
   * next (initialize's own: user_id, sis_school_id, company_id, current_term_name), merged already. The
   * client uses it for that call when it holds every value sent, and asks otherwise (a backend that does
   * not carry it, a Retry); validated as that call's answer when it is used.
   */
  legacy_initialize: v.optional(v.unknown()),
});
export type InitializeResponse = v.InferOutput<typeof InitializeResponseSchema>;

/**
 * The session values a page sends legacy_initialize right after initialize, all from initialize's `sis`
 * (@atrium/session's startFromBoot), and so the ones the backend merges as it answers initialize (its
 * `legacy_initialize`). One type for both sides: a key added to one and not the other does not compile.
 */
export type StartUpSessionData = {
  user_id: Sis['user']['user_id'];
  sis_school_id: Sis['sis_school_id'];
  company_id: Sis['company_id'];
  current_term_name: Sis['current_term_name'];
};

export const LegacyInitializeResponseSchema = v.object({
  success: v.boolean(),
  session_data: v.record(v.string(), v.unknown()),
});
export type LegacyInitializeResponse = v.InferOutput<typeof LegacyInitializeResponseSchema>;

export const AccessTokenResponseSchema = v.object({ access_token: v.string() });
export const SuccessResponseSchema = v.object({ success: v.boolean() });
export const UnreadCountResponseSchema = v.object({ count: v.number() });

// ---------------------------------------------------------------------------------------------------------
// Developer toolbar and support

export const RosterResponseSchema = v.object({ data: v.array(SchoolSchema) });

export const SwapCompanyResponseSchema = v.object({ success: v.boolean(), school: SchoolSchema });

export const SupportRecentResponseSchema = v.object({ data: v.array(ClientSupportRequestSchema) });

export const UploadUrlResponseSchema = v.object({
  upload_url: v.string(),
  filepath: v.string(),
  expires_at: v.string(),
});
export type UploadUrlResponse = v.InferOutput<typeof UploadUrlResponseSchema>;

export const UploadVideoResponseSchema = v.object({ success: v.boolean(), video: UploadedVideoSchema });

export const DevUserSchema = v.object({ username: v.string(), display: v.string() });
export const DevUsersResponseSchema = v.object({ data: v.array(DevUserSchema) });
export type DevUser = v.InferOutput<typeof DevUserSchema>;

/** /migration-map.json: the migration map the reference backend serves (@atrium/migration, docs/migration.md). */
export const MigrationMapSchema = v.object({
  legacyHome: v.string(),
  legacyPrefixes: v.array(v.string()),
  entries: v.array(
    v.object({
      route: v.string(),
      legacy: v.string(),
      title: v.string(),
      direction: v.optional(v.picklist(['both', 'to-legacy', 'to-new'])),
    }),
  ),
});
export type MigrationMapResponse = v.InferOutput<typeof MigrationMapSchema>;
