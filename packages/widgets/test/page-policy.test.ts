/**
 * The page's one sanitiser behind the shell page's Trusted Types `default` policy (`registerWithPagePolicy`),
 * in real Chromium: whichever sanitiser serves (native or DOMPurify), a string the policy is asked to clean
 * comes back as the bar's allow-list markup, and that markup written to a live page runs nothing.
 */
import { expect } from 'chai';
import {
  loadFallbackSanitizer,
  nativeSanitizer,
  registerWithPagePolicy,
} from '../src/notification-bar/sanitize.js';
import type { Sanitizer } from '../src/notification-bar/sanitize.js';

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
  `<p><table><tr><td><p>nested</p></td></tr></table></p><a href="https://x.example/"><a href="https://y.example/">a</a></a>`,
];

type Globals = { atriumRegisterSanitizer?: (sanitize: (html: string) => string) => void } & Record<
  string,
  unknown
>;

/** What the page's policy would be given by `registerWithPagePolicy(sanitize)`. */
function policyOf(sanitize: Sanitizer): (html: string) => string {
  const globals = window as unknown as Globals;
  let registered: ((html: string) => string) | null = null;
  globals.atriumRegisterSanitizer = (fn) => {
    registered = fn;
  };
  try {
    registerWithPagePolicy(sanitize);
  } finally {
    delete globals.atriumRegisterSanitizer;
  }
  if (registered === null) throw new Error('nothing was registered');
  return registered;
}

describe('registerWithPagePolicy', () => {
  const paths: Array<[string, () => Promise<Sanitizer>]> = [
    [
      'native',
      async () => {
        const native = nativeSanitizer();
        if (!native) throw new Error('this Chromium should have the HTML Sanitizer API (parseHTML)');
        return native;
      },
    ],
    ['DOMPurify', loadFallbackSanitizer],
  ];

  before(() => {
    (window as unknown as Globals)[FLAG] = 0;
  });

  it('does nothing on a page without the hook (a legacy page, a page with no default policy)', () => {
    expect(() => registerWithPagePolicy(nativeSanitizer()!)).to.not.throw();
  });

  for (const [name, load] of paths) {
    describe(`with the ${name} sanitiser`, () => {
      let policy: (html: string) => string;
      before(async () => {
        policy = policyOf(await load());
      });

      it('keeps the allowed formatting and safe links as markup', () => {
        expect(policy('<b>kept</b> <a href="https://example.org/" onclick="x()">link</a>')).to.equal(
          '<b>kept</b> <a href="https://example.org/" rel="noopener noreferrer">link</a>',
        );
        expect(policy('plain & <i>simple</i>')).to.equal('plain &amp; <i>simple</i>');
      });

      for (const html of HOSTILE) {
        it(`cleans, and the result written to a page runs nothing: ${html.slice(0, 60)}`, async () => {
          const clean = policy(html);
          const holder = document.createElement('div');
          holder.innerHTML = clean;
          document.body.append(holder);
          for (const element of holder.querySelectorAll('*')) {
            expect(['b', 'i', 'em', 'strong', 'a', 'br', 'p', 'ul', 'ol', 'li'], clean).to.include(
              element.localName,
            );
            for (const attribute of element.getAttributeNames()) {
              expect(['href', 'rel'], clean).to.include(attribute);
              expect(element.getAttribute(attribute), clean).to.not.match(/^\s*(?:javascript|data):/i);
            }
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
          holder.remove();
          expect((window as unknown as Globals)[FLAG]).to.equal(0);
        });
      }
    });
  }
});
