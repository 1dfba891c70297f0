import { describe, expect, it } from 'vitest';
import { WIDGETS_LOADER, widgetsLoaderTag } from './widgets-loader.js';

describe("the loader tag of Atrium's own legacy pages", () => {
  it('names no origin for an entry of its own origin: the entry says it', () => {
    expect(widgetsLoaderTag()).toBe(
      `<script data-src="/widgets/atrium-widgets.js">${WIDGETS_LOADER}</script>`,
    );
    expect(widgetsLoaderTag('/assets/atrium-widgets.0123.js', 'sha384-x')).not.toContain(' data-origin=');
  });

  it("states this page's origin as Atrium's for an entry on a CDN (a release's files on S3)", () => {
    for (const src of ['https://cdn.school.test/assets/atrium-widgets.0123.js', '//cdn.school.test/a.js']) {
      expect(widgetsLoaderTag(src, 'sha384-x')).toContain(
        `data-src="${src}" data-integrity="sha384-x" data-origin="">`,
      );
    }
  });
});
