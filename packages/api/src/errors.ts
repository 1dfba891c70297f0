/**
 * One error type for every failed call, so callers branch on `code` and show `message` as is: the message
 * is always fit for a person (a sane server message, else the SPEC's unknown-error text).
 */

/** SPEC section 8: the text shown when there is no better message (network errors and the like). */
export const UNKNOWN_ERROR_MESSAGE =
  "An unknown error has occurred. For assistance, contact your university/organization's support contact.";

export type ApiErrorCode =
  'network' | 'timeout' | 'http' | 'unauthorized' | 'forbidden' | 'invalid-response' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  /** HTTP status, or 0 when no response arrived (network, timeout, aborted). */
  readonly status: number;

  constructor(code: ApiErrorCode, message: string, status = 0, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = status;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Longer than this and it is not a message meant for a person (a stack trace, an HTML page...). */
const MAX_MESSAGE_LENGTH = 500;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A server-provided message, if it is one a person can read: a non-empty string (trimmed), of bounded
 * length, without control characters. Otherwise null, and the caller falls back to the unknown-error text.
 */
export function sanitizeServerMessage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length === 0 || text.length > MAX_MESSAGE_LENGTH || CONTROL_CHARS.test(text)) return null;
  return text;
}

/** Pull the message out of `{ error: { message } }` or `{ message }`, the two shapes servers answer with. */
export function messageFromBody(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const nested = record['error'];
  if (typeof nested === 'object' && nested !== null) {
    const fromNested = sanitizeServerMessage((nested as Record<string, unknown>)['message']);
    if (fromNested !== null) return fromNested;
  }
  return sanitizeServerMessage(record['message']);
}

/** Parse a response text as JSON, or undefined when it is not JSON (an HTML error page, an empty body). */
export function tryParseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The error for a non-2xx answer: 401 and 403 get their own codes, everything else is 'http'. */
export function errorForStatus(status: number, bodyText: string): ApiError {
  const message = messageFromBody(tryParseJson(bodyText)) ?? UNKNOWN_ERROR_MESSAGE;
  const code: ApiErrorCode = status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'http';
  return new ApiError(code, message, status);
}
