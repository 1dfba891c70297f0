/**
 * The notification bar's sanitisers in real Chromium, which has the HTML Sanitizer API: the native path and
 * the DOMPurify fallback must give the same, safe output for hostile notices, and the words-only text must
 * not depend on which one runs.
 */
import { expect } from 'chai';
import {
  ALLOWED_TAGS,
  allowListed,
  isAllowedHref,
  loadFallbackSanitizer,
  loadSanitizer,
  markupToText,
  mayHoldInlineCode,
  nativeSanitizer,
} from '../src/notification-bar/sanitize.js';
import type { Sanitizer } from '../src/notification-bar/sanitize.js';
import { dropInlineCode } from '../src/notification-bar/inline-code.js';
import { hostileMarkup, parserConfusionMarkup } from './hostile-markup.js';
import { withoutNativeApi } from './without-native-sanitizer.js';

const FLAG = '__atriumSanitizeXss';

/** Hostile and ordinary notices. Each would set window[FLAG] (or load something) if it ever ran. */
const CORPUS = hostileMarkup(FLAG);
const PARSER_CONFUSION = parserConfusionMarkup(FLAG);

function serialise(fragment: DocumentFragment): string {
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/** What any output must satisfy, whichever sanitiser made it. */
function expectSafe(fragment: DocumentFragment, source: string): void {
  const holder = document.createElement('div');
  holder.append(fragment.cloneNode(true));
  for (const element of holder.querySelectorAll('*')) {
    expect(ALLOWED_TAGS, `${element.localName} from ${source}`).to.include(element.localName);
    expect(element.namespaceURI).to.equal('http://www.w3.org/1999/xhtml');
    const names = element.getAttributeNames();
    if (element.localName === 'a' && element.hasAttribute('href')) {
      expect(names.sort(), source).to.deep.equal(['href', 'rel']);
      expect(isAllowedHref(element.getAttribute('href') ?? ''), source).to.equal(true);
      expect(element.getAttribute('rel')).to.equal('noopener noreferrer');
    } else {
      expect(names, `${element.localName} from ${source}`).to.deep.equal([]);
    }
  }
}

describe('notification sanitisers', () => {
  let native: Sanitizer;
  let fallback: Sanitizer;

  before(async () => {
    const found = nativeSanitizer();
    if (found === null) throw new Error('this Chromium should have the HTML Sanitizer API (parseHTML)');
    native = found;
    fallback = await loadFallbackSanitizer();
    (window as unknown as Record<string, unknown>)[FLAG] = 0;
  });

  it('uses the native sanitiser when the browser has one, with no chunk to load', async () => {
    expect(await loadSanitizer()).to.equal(native);
    expect(await withoutNativeApi(() => nativeSanitizer())).to.equal(null);
  });

  it('keeps the allowed formatting and safe links, the same way on both paths', () => {
    const html =
      '<p><b>Maintenance</b> <i>tonight</i></p><a href="https://example.org/x">read</a><ul><li>one</li></ul>';
    const expected =
      '<p><b>Maintenance</b> <i>tonight</i></p><a href="https://example.org/x" rel="noopener noreferrer">read</a><ul><li>one</li></ul>';
    expect(serialise(native(html))).to.equal(expected);
    expect(serialise(fallback(html))).to.equal(expected);
  });

  it('gives the seeded hostile notice as bold text, without the image', () => {
    const html = '<b>Maintenance</b> tonight<img src="x" onerror="alert(\'xss\')">';
    expect(serialise(native(html))).to.equal('<b>Maintenance</b> tonight');
    expect(serialise(fallback(html))).to.equal('<b>Maintenance</b> tonight');
  });

  for (const html of CORPUS) {
    it(`gives the same safe output on both paths: ${html.slice(0, 70)}`, () => {
      const fromNative = native(html);
      const fromFallback = fallback(html);
      expectSafe(fromNative, `native: ${html}`);
      expectSafe(fromFallback, `DOMPurify: ${html}`);
      expect(serialise(fromNative)).to.equal(serialise(fromFallback));
    });
  }

  for (const html of PARSER_CONFUSION) {
    it(`gives safe output on both paths: ${html.slice(0, 70)}`, () => {
      expectSafe(native(html), `native: ${html}`);
      expectSafe(fallback(html), `DOMPurify: ${html}`);
    });
  }

  it('keeps the words of removed elements and drops script, style, svg and math content', () => {
    expect(serialise(native('<div><span>kept</span> <u>words</u></div>'))).to.equal('kept words');
    expect(serialise(native('<script>x</script><style>y</style><svg><text>z</text></svg>ok'))).to.equal('ok');
    expect(serialise(native('<math><mi>m</mi></math>ok'))).to.equal('ok');
  });

  it('drops a <base> on both paths, so relative links still resolve against this site', () => {
    const html = '<p>see <base href="https://evil.example/"><a href="notes">notes</a></p>';
    for (const output of [native(html), fallback(html)]) {
      const holder = document.createElement('div');
      holder.append(output);
      expect(holder.querySelector('base')).to.equal(null);
      expect(holder.innerHTML).to.equal('<p>see <a href="notes" rel="noopener noreferrer">notes</a></p>');
      expect(holder.querySelector('a')?.href).to.equal(new URL('notes', location.href).href);
    }
    expect(markupToText(html)).to.equal('see notes');
  });

  it('refuses links that are not https or this site', () => {
    const links = serialise(
      native(
        [
          '<a href="javascript:alert(1)">a</a>',
          '<a href="data:text/html,x">b</a>',
          '<a href="http://evil.example/">c</a>',
          `<a href="http://${location.host}/same">d</a>`,
          '<a href="https://example.org/">e</a>',
        ].join(''),
      ),
    );
    expect(links).to.equal(
      `<a>a</a><a>b</a><a>c</a><a href="http://${location.host}/same" rel="noopener noreferrer">d</a>` +
        '<a href="https://example.org/" rel="noopener noreferrer">e</a>',
    );
  });

  it('ran nothing and loaded nothing while sanitising the corpus', async () => {
    performance.clearResourceTimings();
    const shown = document.createElement('div');
    document.body.append(shown);
    for (const html of [...CORPUS, ...PARSER_CONFUSION]) {
      shown.append(native(html), fallback(html));
      markupToText(html);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    shown.remove();
    expect((window as unknown as Record<string, unknown>)[FLAG]).to.equal(0);
    expect(performance.getEntriesByType('resource').map((entry) => entry.name)).to.deep.equal([]);
  });

  it('gives the same words on both paths (labels, titles, the first paint before DOMPurify)', async () => {
    for (const html of CORPUS) {
      const viaNative = markupToText(html);
      const viaParser = await withoutNativeApi(() => markupToText(html));
      expect(viaParser, html).to.equal(viaNative);
      expect(viaNative).to.not.match(/FLAG|window\./);
    }
    expect(markupToText('<b>Maintenance</b>   tonight<img src=x onerror=alert(1)>')).to.equal(
      'Maintenance tonight',
    );
  });

  it('rebuilds only allowed nodes even from a tree nobody sanitised', () => {
    const doc = new DOMParser().parseFromString(
      '<b onclick="x" style="color:red">b</b><a href="javascript:1" onmouseover="x">a</a><img src=x onerror=x>',
      'text/html',
    );
    expect(serialise(allowListed(doc.body))).to.equal('<b>b</b><a>a</a>');
  });
});

describe('dropInlineCode (keeps CSP reports out of the console; not a defence)', () => {
  it('is needed only for text that mayHoldInlineCode says so of (the gate before its chunk loads)', () => {
    const texts = [
      ...CORPUS,
      ...PARSER_CONFUSION,
      'Sessions on Monday; style guide on Tuesday <b>online</b>',
      '<b>Maintenance</b> on Sunday',
      'go on</script>x',
      'a</style>b',
      '<b title="a > b" onclick=x>b</b>',
      '<img src="x"onerror="a">',
      '<img/onerror=a>',
      'a on b <b>x</b> &amp; more',
      'plain & simple',
    ];
    for (const text of texts) {
      if (!mayHoldInlineCode(text)) expect(dropInlineCode(text), text).to.equal(text);
    }
    expect(mayHoldInlineCode('<b>Maintenance</b> tonight &amp; tomorrow')).to.equal(false);
    expect(mayHoldInlineCode('<b onclick=x>b</b>')).to.equal(true);
    expect(mayHoldInlineCode('a</script>')).to.equal(true);
  });

  it('removes <script> and <style> elements with their content, and stray end tags', () => {
    expect(dropInlineCode('a<style>*{color:red}</style>b')).to.equal('ab');
    expect(dropInlineCode('a<SCRIPT type=x>alert(1)</script >b')).to.equal('ab');
    expect(dropInlineCode('a<style>never closed <b>x</b>')).to.equal('a');
    expect(dropInlineCode('a</style>b</script>c')).to.equal('abc');
    expect(dropInlineCode('<textarea><style>kept as text</style></textarea>')).to.equal(
      '<textarea><style>kept as text</style></textarea>',
    );
    expect(dropInlineCode('<!-- <style>x</style> -->t')).to.equal('<!-- <style>x</style> -->t');
  });

  it('removes on… and style attributes from start tags, whatever their quoting', () => {
    expect(dropInlineCode('<img src="x" onerror="alert(1)">t')).to.equal('<img src="x">t');
    expect(dropInlineCode('<IMG SRC=x ONERROR=alert(1)>')).to.equal('<IMG SRC=x>');
    expect(dropInlineCode('<img/src="x"/onerror=alert(1)>')).to.equal('<img/src="x">');
    // An unquoted value runs to the next space: here there is no onerror attribute at all.
    expect(dropInlineCode('<img/src=x/onerror=alert(1)>')).to.equal('<img/src=x/onerror=alert(1)>');
    expect(dropInlineCode('<img src="x"onerror="a">')).to.equal('<img src="x">');
    expect(dropInlineCode(`<b style='color:red' title="a > b" onclick = 'x'>b</b>`)).to.equal(
      '<b title="a > b">b</b>',
    );
  });

  it('leaves text, end tags, comments and raw text alone', () => {
    const text = 'Sessions on Monday; style guide on Tuesday <b>online</b>';
    expect(dropInlineCode(text)).to.equal(text);
    expect(dropInlineCode('a < b and c > d onclick=x')).to.equal('a < b and c > d onclick=x');
    expect(dropInlineCode('<!-- <x --> onclick=kept <b>b</b>')).to.equal('<!-- <x --> onclick=kept <b>b</b>');
    expect(dropInlineCode('<textarea><b onclick=kept></textarea><i onclick=x>i</i>')).to.equal(
      '<textarea><b onclick=kept></textarea><i>i</i>',
    );
  });

  it('leaves a tag cut off by the end of the text as it is (the parser drops it)', () => {
    expect(dropInlineCode('t<img src=x onerror=alert(1)')).to.equal('t<img src=x onerror=alert(1)');
  });

  it('is linear on long hostile input', () => {
    const long = `<a ${'b '.repeat(20000)}`;
    const start = performance.now();
    dropInlineCode(long + ' onx=1');
    dropInlineCode(`<a ${'"'.repeat(20000)} onx=1>`);
    expect(performance.now() - start).to.be.below(500);
  });
});
