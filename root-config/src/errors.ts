/** Errors of the root config carry a code (for logs and tests) and a message (for people). */
export type RootConfigErrorCode =
  'no-systemjs' | 'not-an-application' | 'dev-overrides-failed' | 'no-session';

export class RootConfigError extends Error {
  constructor(
    readonly code: RootConfigErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RootConfigError';
  }
}
