/**
 * The validity rules of the login forms (documented in packages/login/README.md).
 *
 * The forms check input with the very schemas the server validates requests with (@atrium/api's
 * schemas.ts), through their Standard Schema `validate`, so a value the form accepts is never refused
 * for its shape, and the login bundle carries no validation library of its own:
 *  - username: trimmed, 1 to 64 characters (USERNAME_MAX_LENGTH); we also refuse control characters,
 *    which are never typed on purpose;
 *  - password: 1 to 256 characters (PASSWORD_MAX_LENGTH), not trimmed: spaces may be part of it;
 *  - e-mail: trimmed, a valid address, at most 254 characters.
 */
import {
  ForgotPasswordRequestSchema,
  ForgotUsernameRequestSchema,
  LoginActionRequestSchema,
} from '@atrium/api';

interface StandardValidator {
  readonly '~standard': {
    validate(value: unknown): { value?: unknown; issues?: unknown } | Promise<unknown>;
  };
}

/** The parsed output of a synchronous schema, or null when the value is invalid. */
function check(schema: StandardValidator, value: unknown): unknown {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise || result.issues !== undefined) return null;
  return result.value ?? null;
}

// eslint-disable-next-line no-control-regex -- a control character in a name is never typed on purpose
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** The username to send (trimmed), or null when it is not valid. */
export function parseUsername(input: string): string | null {
  if (CONTROL_CHARS.test(input)) return null;
  const output = check(ForgotPasswordRequestSchema, { username: input }) as { username: string } | null;
  return output?.username ?? null;
}

export function isValidUsername(input: string): boolean {
  return parseUsername(input) !== null;
}

/** The password rule alone: checked with a stand-in username that is always valid. */
export function isValidPassword(input: string): boolean {
  return check(LoginActionRequestSchema, { action: 'login', username: 'u', password: input }) !== null;
}

/** The e-mail address to send (trimmed), or null when it is not a valid address. */
export function parseEmail(input: string): string | null {
  const output = check(ForgotUsernameRequestSchema, { email: input }) as { email: string } | null;
  return output?.email ?? null;
}
