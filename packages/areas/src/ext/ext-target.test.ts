import { describe, expect, it } from 'vitest';
import { extTarget } from './ext-target';

const origin = 'https://atrium.example';

describe('extTarget', () => {
  it('names same-origin pages under /legacy/', () => {
    expect(extTarget('/ext/legacy/', origin)).toBe('/legacy/');
    expect(extTarget('/ext/legacy/lms/', origin)).toBe('/legacy/lms/');
    expect(extTarget('/ext/legacy/lms/grades.php', origin, '?course=12')).toBe(
      '/legacy/lms/grades.php?course=12',
    );
  });

  it.each([
    ['a protocol-relative address', '/ext//evil.example/legacy/'],
    ['an encoded protocol-relative address', '/ext/%2F%2Fevil.example/legacy/'],
    ['a javascript: address', '/ext/javascript:alert(1)'],
    ['an encoded javascript: address', '/ext/javascript%3Aalert(1)'],
    ['another origin', '/ext/https://evil.example/legacy/'],
    ['a same-origin page outside /legacy/', '/ext/home'],
    ['the API', '/ext/lapi/rpc/support/recent'],
    ['a climb out of /legacy/', '/ext/legacy/../lapi/telescope/requests'],
    ['an encoded climb out of /legacy/', '/ext/legacy/..%2flapi/telescope/requests'],
    ['a doubly encoded climb', '/ext/legacy/%252e%252e/common/login'],
    ['/legacy without its slash, a prefix of other names', '/ext/legacyx/'],
    ['nothing at all', '/ext/'],
    ['a path that is not under /ext/', '/legacy/lms/'],
  ])('refuses %s', (_label, pathname) => {
    expect(extTarget(pathname, origin)).toBeNull();
  });
});

describe('extTarget with the migration map prefixes', () => {
  const prefixes = ['/legacy/', '/classic/'];

  it('shows pages under every legacy prefix the map names', () => {
    expect(extTarget('/ext/classic/grades.php', origin, '?term=3', prefixes)).toBe(
      '/classic/grades.php?term=3',
    );
    expect(extTarget('/ext/legacy/lms/', origin, '', prefixes)).toBe('/legacy/lms/');
    // Without the map's word, /classic/ is not a legacy screen.
    expect(extTarget('/ext/classic/grades.php', origin)).toBeNull();
  });

  it.each([
    ['a climb out of an added prefix', '/ext/classic/..%2fcommon/login'],
    ['a name that only starts like a prefix', '/ext/classicx/'],
    ['another origin', '/ext//evil.example/classic/'],
  ])('still refuses %s', (_label, pathname) => {
    expect(extTarget(pathname, origin, '', prefixes)).toBeNull();
  });

  it('admits nothing through a prefix without its closing slash or the root', () => {
    expect(extTarget('/ext/classicx/a', origin, '', ['/classic'])).toBeNull();
    expect(extTarget('/ext/home', origin, '', ['/'])).toBeNull();
  });
});
