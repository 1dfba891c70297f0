/**
 * The notification bar's sanitisers on a page whose CSP forbids inline styles and scripts, in real Chromium:
 * neither the feature check nor the sanitising of hostile notices may report a CSP violation (a site that
 * collects reports would get one per page view, and the console shows an error to every user).
 *
 * A `<meta>` CSP inserted by script applies from then on to this page (this file runs in its own page).
 */
import { expect } from 'chai';
import { defineNotificationBar } from '../src/notification-bar/define.js';
import {
  loadFallbackSanitizer,
  loadInlineCodeFilter,
  markupToText,
  nativeSanitizer,
  parseReady,
} from '../src/notification-bar/sanitize.js';
import { withoutNativeApi } from './without-native-sanitizer.js';

const violations: string[] = [];

before(() => {
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`);
  });
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "style-src 'self'; style-src-attr 'none'; script-src-attr 'none'";
  document.head.append(meta);
});

/** Violation events are dispatched in a task after the parse that caused them. */
async function reported(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return [...violations];
}

const HOSTILE: readonly string[] = [
  '<style>*{color:red}</style>styled',
  '<b style="color:red" onclick="x()">bold</b>',
  '<script>window.x = 1</script>after',
  '<svg><style>a{}</style></svg>svg',
  '<img src=x onerror=alert(1)>image',
];

describe('sanitising under a strict CSP', () => {
  beforeEach(() => {
    violations.length = 0;
  });

  it('the native feature check reports nothing', async () => {
    // First call in this page: the check itself runs here.
    nativeSanitizer();
    expect(await reported()).to.deep.equal([]);
  });

  // Before any other test of this page loads the tokenizer's chunk: the bar must load it by itself.
  it('a bar given hostile notices parses none of them before the tokenizer is in, and reports nothing', async () => {
    expect(parseReady(HOSTILE[1]!)).to.equal(false);
    // Text that may hold inline code never reaches a parser before the tokenizer has loaded.
    expect(markupToText(HOSTILE[1]!)).to.equal('');
    expect(() => nativeSanitizer()!(HOSTILE[1]!)).to.throw(/inline code/);
    defineNotificationBar({});
    const bar = document.createElement('atrium-notification-bar');
    bar.setAttribute(
      'notifications',
      JSON.stringify(
        HOSTILE.map((message, index) => ({
          id: `h${index}`,
          message,
          closeable: true,
          clickable: false,
          routeInfo: null,
        })),
      ),
    );
    bar.setAttribute('route', '/legacy/');
    document.body.append(bar);
    try {
      const words = () =>
        [...bar.shadowRoot!.querySelectorAll('.message')].map((row) => row.textContent!.trim()).join('|');
      for (let tries = 0; words() !== 'styled|bold|after|svg|image'; tries++) {
        if (tries > 100) throw new Error(`the bar shows ${words()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(bar.shadowRoot!.querySelectorAll('style, script, [style], [onclick]')).to.have.length(0);
      expect(await reported()).to.deep.equal([]);
    } finally {
      bar.remove();
    }
  });

  it('hostile notices through whichever sanitiser this browser picks report nothing', async () => {
    await loadInlineCodeFilter();
    const sanitize = nativeSanitizer() ?? (await loadFallbackSanitizer());
    const holder = document.createElement('div');
    for (const html of HOSTILE) holder.append(sanitize(html));
    expect(holder.textContent).to.equal('styledboldaftersvgimage');
    for (const html of HOSTILE) markupToText(html);
    expect(await reported()).to.deep.equal([]);
  });

  it('the DOMPurify fallback reports nothing either', async () => {
    const sanitize = await withoutNativeApi(() => loadFallbackSanitizer());
    const holder = document.createElement('div');
    for (const html of HOSTILE) holder.append(sanitize(html));
    expect(holder.querySelectorAll('style, script, [style], [onclick]')).to.have.length(0);
    expect(await reported()).to.deep.equal([]);
  });
});
