import { ApiError, UNKNOWN_ERROR_MESSAGE, sanitizeServerMessage } from '@atrium/api';

/**
 * The text to show for a failed call. A server message is shown only when the server meant to say
 * something to the user (a 4xx with a readable message); a 5xx, a network failure, a timeout or an
 * answer of the wrong shape all get the catalogue's unknown-error text (SPEC section 8), because their
 * bodies are written for developers, not for the person at the keyboard. The exception is a 503 in
 * Atrium's JSON error format: the server saying, for people, what is unavailable and when to try again
 * (sign-in while the shared session store is away, docs/deploy.md, "Several instances"). A proxy's own 503 page
 * has no such message and still gets the unknown-error text.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return UNKNOWN_ERROR_MESSAGE;
  if (error.code !== 'http' && error.code !== 'unauthorized' && error.code !== 'forbidden') {
    return UNKNOWN_ERROR_MESSAGE;
  }
  if (error.status >= 500 && error.status !== 503) return UNKNOWN_ERROR_MESSAGE;
  return sanitizeServerMessage(error.message) ?? UNKNOWN_ERROR_MESSAGE;
}

/** A message from a successful answer, or the unknown-error text when it is unusable. */
export function serverText(message: unknown): string {
  return sanitizeServerMessage(message) ?? UNKNOWN_ERROR_MESSAGE;
}
