/**
 * Errors the server answers with. Every refusal is JSON `{ error: { code, message } }` (architecture.md),
 * so clients can tell a validation problem from a crash without parsing prose.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

export const badRequest = (code: string, message: string): HttpError => new HttpError(400, code, message);
export const unauthorized = (message = 'Sign in to continue.'): HttpError =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this action.'): HttpError =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Nothing was found at this address.'): HttpError =>
  new HttpError(404, 'not-found', message);
