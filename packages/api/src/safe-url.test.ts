import { describe, expect, it } from 'vitest';
import { schoolHomePath, toSafeSameOriginUrl } from './safe-url.js';

const ORIGIN = 'https://atrium.test';

describe('toSafeSameOriginUrl accepts', () => {
  it.each([
    ['/home', '/home'],
    ['/home/', '/home/'],
    ['home', '/home'],
    ['/legacy/lms/?tab=1#top', '/legacy/lms/?tab=1#top'],
    ['https://atrium.test/start?x=1', '/start?x=1'],
    ['https://ATRIUM.test:443/start', '/start'],
    ['/a/./b/../c', '/a/c'],
    ['a/../b', '/b'],
    ['/search?q=a%2Fb', '/search?q=a%2Fb'],
    ['/report?pct=100%25', '/report?pct=100%25'],
    ['/café', '/caf%C3%A9'],
    ['  /home  ', '/home'],
    ['?tab=2', '/?tab=2'],
    ['/redirect?to=https://evil.example', '/redirect?to=https://evil.example'],
    ['/a//b', '/a//b'],
    // Look-alike punctuation is only text in a path: the browser stays on this origin.
    ['/\uff0f/evil.example', '/%EF%BC%8F/evil.example'],
    ['/\uff0e//x', '/%EF%BC%8E//x'],
  ])('%j -> %j', (target, expected) => {
    expect(toSafeSameOriginUrl(target, ORIGIN)).toBe(expected);
  });
});

describe('toSafeSameOriginUrl rejects', () => {
  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/common/login'],
    ['slash-backslash', '/\\evil.example'],
    ['backslash-slash', '\\/evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash inside', '/a\\b'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript: with leading space', ' javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['other origin', 'https://evil.example/x'],
    ['other scheme same host', 'http://atrium.test/x'],
    ['other port', 'https://atrium.test:8443/x'],
    ['encoded //', '%2f%2fevil.example'],
    ['encoded // upper case', '%2F%2Fevil.example'],
    ['double-encoded //', '%252f%252fevil.example'],
    ['triple-encoded //', '%25252f%25252fevil.example'],
    ['encoded backslash', '/%5cevil.example'],
    ['encoded javascript:', 'javascript%3Aalert(1)'],
    ['encoded absolute other origin', 'https%3A%2F%2Fevil.example'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/home\n'],
    ['encoded newline', '/home%0a'],
    ['NUL', '/home\u0000'],
    ['escaping ..', '../../x'],
    ['escaping .. absolute', '/a/../../x'],
    ['encoded ..', '/%2e%2e/%2e%2e/x'],
    ['credentials', 'https://atrium.test@evil.example/'],
    ['user info on own origin', 'https://user:pw@atrium.test/'],
    ['empty', ''],
    ['only spaces', '   '],
    ['too long', `/${'a'.repeat(2100)}`],
    ['too many encodings', '%2525252525252f'],
  ])('%s: %j', (_name, target) => {
    expect(toSafeSameOriginUrl(target, ORIGIN)).toBeNull();
  });

  // Forms that pass every textual test and only become `//host` once the parser resolves them.
  it.each([
    ['dot segment then //', '/.//evil.example/phish'],
    ['relative dot then //', './/evil.example'],
    ['dot-dot back to //', '/a/..//evil.example'],
    ['dot-dot in a real prefix', '/legacy/..//evil.example'],
    ['two dot-dots', '/a/b/../..//evil.example'],
    ['encoded dot', '/%2e//evil.example'],
    ['encoded dot upper case', '/%2E//evil.example/x'],
    ['encoded dot-dot', '/a/%2e%2e//evil.example'],
    ['half-encoded dot-dot', '/a/.%2e//evil.example'],
    ['encoded slashes after a dot', '/.%2f%2fevil.example'],
    ['everything encoded', '%2F.%2F%2Fevil.example%2Fphish'],
    ['double-encoded dot segment', '%252F.%252F%252Fevil.example'],
    ['backslash after a dot', '/.\\evil.example'],
    ['encoded backslash after a dot', '/.%5c%5cevil.example'],
    ['tab in a dot segment', '/.\t//evil.example'],
    ['newline between the slashes', '/.//\nevil.example'],
    ['encoded tab', '/.%09//evil.example'],
    ['encoded carriage return', '/%0d//evil.example'],
    ['IDNA look-alike (Cyrillic a)', 'https://\u0430trium.test/home'],
    ['IDNA look-alike (punycode)', 'https://xn--trium-3ve.test/home'],
    ['ideographic full stop', 'https://atrium.test\u3002evil.example/'],
  ])('%s: %j', (_name, target) => {
    expect(toSafeSameOriginUrl(target, ORIGIN)).toBeNull();
  });

  it('rejects when the origin itself is not an http(s) origin', () => {
    expect(toSafeSameOriginUrl('/home', 'not a url')).toBeNull();
    expect(toSafeSameOriginUrl('/home', 'null')).toBeNull();
  });

  it('rejects non-string input without throwing', () => {
    expect(toSafeSameOriginUrl(undefined as unknown as string, ORIGIN)).toBeNull();
  });
});

describe('toSafeSameOriginUrl allow list', () => {
  const allow = ['https://legacy.example.edu'];
  it('accepts an allow-listed origin and returns it whole', () => {
    expect(toSafeSameOriginUrl('https://legacy.example.edu/x?y=1', ORIGIN, allow)).toBe(
      'https://legacy.example.edu/x?y=1',
    );
  });
  it('still rejects other origins and the tricks', () => {
    expect(toSafeSameOriginUrl('https://evil.example/', ORIGIN, allow)).toBeNull();
    expect(toSafeSameOriginUrl('//legacy.example.edu/x', ORIGIN, allow)).toBeNull();
    expect(toSafeSameOriginUrl('javascript:alert(1)', ORIGIN, ['javascript:alert(1)'])).toBeNull();
    expect(toSafeSameOriginUrl('https://legacy.example.edu@evil.example/', ORIGIN, allow)).toBeNull();
  });
});

describe('schoolHomePath', () => {
  it.each([
    ['nu', '/nu/'],
    ['NU', '/NU/'],
    ['north-uni_2', '/north-uni_2/'],
    ['a', '/a/'],
    ['a'.repeat(32), `/${'a'.repeat(32)}/`],
  ])('%j -> %j', (abbr, expected) => {
    expect(schoolHomePath(abbr)).toBe(expected);
  });

  it.each([
    '',
    '-nu',
    '_nu',
    'a'.repeat(33),
    'n u',
    ' nu',
    'nu/',
    '../x',
    '//evil.example',
    'evil.example',
    'nu?x=1',
    'nu#x',
    'javascript:alert(1)',
    'nu%2f',
    'nú',
    'nu\n',
  ])('%j -> null', (abbr) => {
    expect(schoolHomePath(abbr)).toBeNull();
  });
});
