/**
 * The wire shapes the login page needs at load: the entities and answers of the login calls (loginSettings,
 * lookup, login, externalStart, externalComplete, forgotPassword, forgotUsername) and the request schemas
 * the login forms validate input with. Everything else lives in schemas-session.ts, which the client loads
 * as a separate chunk on first use, so the cold login page does not download it (login JS budget).
 * `schemas.ts` re-exports both for the server and for `@atrium/api/schemas`.
 */
import * as v from 'valibot';

export const CompanySchema = v.object({
  company_id: v.number(),
  name: v.string(),
});
export type Company = v.InferOutput<typeof CompanySchema>;

/** Login app showcase entry (the carousel). `img` and `logo` are same-origin URLs. */
export const ShowcaseAppSchema = v.object({
  key: v.string(),
  name: v.string(),
  description: v.string(),
  img: v.string(),
  logo: v.string(),
});
export type ShowcaseApp = v.InferOutput<typeof ShowcaseAppSchema>;

export const LoginSettingsSchema = v.object({
  lockdown: v.boolean(),
  apps: v.array(ShowcaseAppSchema),
  terms_url: v.string(),
  privacy_url: v.string(),
});
export type LoginSettings = v.InferOutput<typeof LoginSettingsSchema>;

export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 256;

export const UsernameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(USERNAME_MAX_LENGTH));
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

/**
 * Answer to `login` and `external_complete`; the session cookie is set by the same response. A successful
 * one also carries `initialize`: the answer the new session's initialize call would give, so the page that
 * signed in starts its session without asking again. Its schema lives in the session chunk,
 * which the login page does not load up front: the client validates it in full when the boot takes it.
 */
export const LoginResponseSchema = v.object({
  success: v.boolean(),
  message: v.optional(v.string()),
  initialize: v.optional(v.unknown()),
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
