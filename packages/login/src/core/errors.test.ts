import { describe, expect, it } from 'vitest';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@atrium/api';
import { errorText } from './errors.js';

const UNAVAILABLE =
  'Sign-in is unavailable right now: the session store cannot be reached. Try again in a minute.';

describe('errorText', () => {
  it("shows the server's 503 message: Atrium writes it for people", () => {
    expect(errorText(new ApiError('http', UNAVAILABLE, 503))).toBe(UNAVAILABLE);
  });

  it('shows the unknown-error text for other server errors and for network failures', () => {
    expect(errorText(new ApiError('http', 'Something went wrong on the server.', 500))).toBe(
      UNKNOWN_ERROR_MESSAGE,
    );
    expect(errorText(new ApiError('http', 'Bad gateway', 502))).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(errorText(new ApiError('network', UNKNOWN_ERROR_MESSAGE, 0))).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
