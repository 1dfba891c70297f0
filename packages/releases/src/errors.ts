/** Every refusal of the release tooling: a code scripts can branch on and a sentence people can act on. */
export type ReleaseErrorCode =
  | 'bad-manifest'
  | 'bad-build'
  | 'route-taken'
  | 'missing-file'
  | 'integrity-mismatch'
  | 'file-exists'
  | 'truncated-file'
  | 'not-system-module'
  | 'missing-lifecycles'
  | 'missing-exports'
  | 'incompatible-shared'
  | 'over-budget'
  | 'not-publishable'
  | 'conflict'
  | 'locked'
  | 'no-release'
  | 'not-found'
  | 'bad-arguments'
  | 'unchanged'
  | 'unavailable';

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
  constructor(
    readonly code: ReleaseErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isReleaseError(error: unknown): error is ReleaseError {
  return error instanceof ReleaseError;
}
