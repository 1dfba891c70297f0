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
