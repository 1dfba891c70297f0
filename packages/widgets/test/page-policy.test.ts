/**
 * The page's one sanitiser behind the shell page's Trusted Types `default` policy (`registerWithPagePolicy`),
 * in real Chromium: whichever sanitiser serves (native or DOMPurify), a string the policy is asked to clean
 * comes back as the bar's allow-list markup, and that markup written to a live page runs nothing.
 */
import { expect } from 'chai';
import {
  loadFallbackSanitizer,
  loadInlineCodeFilter,
  nativeSanitizer,
  registerWithPagePolicy,
} from '../src/notification-bar/sanitize.js';
import type { Sanitizer } from '../src/notification-bar/sanitize.js';
import { hostileMarkup, parserConfusionMarkup } from './hostile-markup.js';

const FLAG = '__atriumPolicyXss';

const HOSTILE = [...hostileMarkup(FLAG), ...parserConfusionMarkup(FLAG)];

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
        // As the shell has it from loadSanitizer: with the tokenizer in, it takes any text.
        await loadInlineCodeFilter();
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
