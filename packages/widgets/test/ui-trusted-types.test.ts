/**
 * @atrium/ui's sanitiser for the shell's Trusted Types `default` policy (packages/ui/src/trusted-types.ts),
 * in real Chromium: the native HTML Sanitizer API as a string sanitiser must be as safe as DOMPurify for
 * what a policy is asked to clean, and its output must parse back to itself. (Here because web-test-runner
 * runs this folder; the kit itself has no browser tests.)
 */
import { expect } from 'chai';
import DOMPurify from 'dompurify';
import { createNativeSanitizer, createSanitizer } from '@atrium/ui/trusted-types';

const FLAG = '__atriumPolicyXss';

const HOSTILE: readonly string[] = [
  `<img src="x" onerror="window.${FLAG}=1">`,
  `<script>window.${FLAG}=1</script>`,
  `<a href="javascript:window.${FLAG}=1">js</a>`,
  `<a href=" JaVaScRiPt:window.${FLAG}=1">js</a>`,
  `<svg onload="window.${FLAG}=1"><script>window.${FLAG}=1</script></svg>`,
  `<svg></p><style><a id="</style><img src=1 onerror=window.${FLAG}=1>">`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=window.${FLAG}=1&gt;">`,
  `<noscript><p title="</noscript><img src=x onerror=window.${FLAG}=1>"></noscript>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.${FLAG}=1>`,
  `<iframe srcdoc="<script>parent.${FLAG}=1</script>"></iframe>`,
  `<object data="javascript:window.${FLAG}=1"></object><embed src="javascript:window.${FLAG}=1">`,
  `<details open ontoggle="window.${FLAG}=1">d</details>`,
  `<a href="data:text/html,<script>window.${FLAG}=1</script>">data</a>`,
  `<template><img src=x onerror=window.${FLAG}=1></template>`,
  `<xmp><img src=x onerror=window.${FLAG}=1></xmp>`,
  `<textarea><img src=x onerror=window.${FLAG}=1></textarea>`,
  `<title><img src=x onerror=window.${FLAG}=1></title>`,
  `<div style="background:url(javascript:1)" data-x="1" onclick="window.${FLAG}=1">div</div>`,
];

describe('@atrium/ui: the native sanitiser behind the Trusted Types default policy', () => {
  const native = createNativeSanitizer();

  before(() => {
    (window as unknown as Record<string, unknown>)[FLAG] = 0;
  });

  it('exists in this Chromium', () => {
    expect(native).to.not.equal(null);
  });

  it('keeps ordinary markup as DOMPurify does', () => {
    const purify = createSanitizer(DOMPurify, window);
    for (const html of [
      '<b>kept</b>',
      '<p>Para <em>em</em> <strong>strong</strong><br><a href="https://example.org/">link</a></p>',
      '<ul><li>one</li></ul><ol><li>two</li></ol><h2>Heading</h2><table><tbody><tr><td>cell</td></tr></tbody></table>',
    ]) {
      expect(native!(html), html).to.equal(purify(html));
    }
  });

  it('refuses markup whose serialisation parses into another tree (a policy that throws writes nothing)', () => {
    // Nested links: the parser closes the first <a> when it meets the second, differently on each pass.
    expect(() => native!('<a><table><a>x')).to.throw(TypeError, /unstable HTML/);
  });

  for (const html of HOSTILE) {
    it(`cleans, and the result written to a page runs nothing: ${html.slice(0, 60)}`, async () => {
      const clean = native!(html);
      const parsed = document.createElement('template');
      parsed.innerHTML = clean;
      expect(
        parsed.content.querySelector('script, iframe, object, embed, style, noscript, img'),
        clean,
      ).to.equal(null);
      for (const element of parsed.content.querySelectorAll('*')) {
        for (const name of element.getAttributeNames()) {
          expect(name, clean).to.not.match(/^on|^style$/i);
          expect(element.getAttribute(name), clean).to.not.match(/^\s*javascript:/i);
        }
      }
      // Written with innerHTML as a sink would (this page has no policy), in the live document.
      const holder = document.createElement('div');
      holder.innerHTML = clean;
      document.body.append(holder);
      expect(holder.innerHTML).to.equal(clean);
      await new Promise((resolve) => setTimeout(resolve, 50));
      holder.remove();
      expect((window as unknown as Record<string, unknown>)[FLAG]).to.equal(0);
    });
  }
});
