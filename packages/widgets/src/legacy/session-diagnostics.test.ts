import { describe, expect, it } from 'vitest';
import { ApiError } from '@atrium/api/transport';
import { deploymentProblem } from './session-diagnostics.js';

const APP = 'https://app.school.test';
const LEGACY = 'https://legacy.school.test';

describe('the console line for a deployment fault', () => {
  it("names ATRIUM_EMBED_ORIGINS when another origin's answer never arrives (CORS)", () => {
    const line = deploymentProblem(new ApiError('network', 'x'), APP, LEGACY);
    expect(line).toContain(`Atrium at ${APP} refused the widgets on this page (${LEGACY})`);
    expect(line).toContain('ATRIUM_EMBED_ORIGINS');
  });

  it("passes on the server's cause for a 403", () => {
    const cause = 'Origin https://school.test is not allowed: … set ATRIUM_PUBLIC_ORIGIN …';
    expect(deploymentProblem(new ApiError('forbidden', cause, 403), APP, APP)).toBe(
      `[atrium-widgets] Atrium at ${APP} refused the widgets on this page (${APP}): ${cause} See docs/deploy.md.`,
    );
  });

  it('says nothing for a signed-out visitor, a server error or a same-origin network failure', () => {
    expect(deploymentProblem(new ApiError('unauthorized', 'x', 401), APP, LEGACY)).toBeNull();
    expect(deploymentProblem(new ApiError('http', 'x', 500), APP, LEGACY)).toBeNull();
    expect(deploymentProblem(new ApiError('network', 'x'), APP, APP)).toBeNull();
    expect(deploymentProblem(new Error('x'), APP, LEGACY)).toBeNull();
  });
});
