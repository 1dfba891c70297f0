import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@atrium/api/transport';
// Without a stated origin widgetsApiOrigin takes the built bundle's public path: tests/e2e/topology.spec.ts
// proves that; tests/e2e/legacy-dokuwiki.spec.ts proves the stated origin with the entry on a CDN.
import { deploymentProblem, widgetsApiOrigin } from './api-origin.js';

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

describe("Atrium's origin", () => {
  beforeEach(() => vi.stubGlobal('location', new URL(`${LEGACY}/wiki/doku.php`)));
  afterEach(() => vi.unstubAllGlobals());

  it('is the one the loader states in the fragment of the entry URL, not the URL origin', () => {
    const cdn = 'https://cdn.school.test/atrium/assets/atrium-widgets.0123.js';
    expect(widgetsApiOrigin(`${cdn}#origin=${APP}`)).toBe(APP);
  });

  it("is the page's own when nothing is stated (outside the build) or the statement does not parse", () => {
    expect(widgetsApiOrigin('https://cdn.school.test/atrium-widgets.js')).toBe(LEGACY);
    expect(widgetsApiOrigin('https://cdn.school.test/atrium-widgets.js#origin=not a url')).toBe(LEGACY);
  });
});
