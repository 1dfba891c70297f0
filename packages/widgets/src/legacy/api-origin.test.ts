import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Without a stated origin widgetsApiOrigin takes the built bundle's public path: tests/e2e/topology.spec.ts
// proves that; tests/e2e/legacy-dokuwiki.spec.ts proves the stated origin with the entry on a CDN.
import { widgetsApiOrigin } from './api-origin.js';

const APP = 'https://app.school.test';
const LEGACY = 'https://legacy.school.test';

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
