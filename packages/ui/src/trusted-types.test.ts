// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  allowedScriptOrigins,
  checkScriptUrl,
  installTrustedTypes,
  TrustedTypesError,
  type TrustedTypesFactory,
} from './trusted-types';

const PAGE = 'https://atrium.example/home';

describe('script URLs', () => {
  const origins = allowedScriptOrigins(PAGE, [
    '/assets/a.js',
    'https://cdn.example/assets/b.js',
    'not a url',
  ]);

  it('allows this origin and the origins the import map names', () => {
    expect(origins).toEqual(['https://atrium.example', 'https://cdn.example']);
    expect(checkScriptUrl('/assets/x.js', PAGE, origins)).toBe('https://atrium.example/assets/x.js');
    expect(checkScriptUrl('https://cdn.example/c.js', PAGE, origins)).toBe('https://cdn.example/c.js');
  });

  it.each([
    'https://evil.example/x.js',
    '//evil.example/x.js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    'blob:https://atrium.example/123',
  ])('refuses %s', (url) => {
    expect(() => checkScriptUrl(url, PAGE, origins)).toThrow(TrustedTypesError);
  });
});

// DOMPurify itself is checked in real Chromium (tests/e2e/security.spec.ts): happy-dom's parser is not one
// DOMPurify can be tested against.

describe('installTrustedTypes', () => {
  it('creates the atrium policy from the sanitiser and the URL rule, refusing HTML until it loads', () => {
    const createPolicy = vi.fn(
      (_name: string, rules: Parameters<TrustedTypesFactory['createPolicy']>[1]) => ({
        createHTML: (input: string) => rules.createHTML?.(input),
        createScriptURL: (input: string) => rules.createScriptURL?.(input),
      }),
    );
    let sanitize: ((html: string) => string) | null = null;
    const policy = installTrustedTypes({
      trustedTypes: { createPolicy },
      sanitizer: () => sanitize,
      pageHref: PAGE,
      importMapUrls: [],
    });
    expect(createPolicy).toHaveBeenCalledWith('atrium', expect.any(Object));
    // Before DOMPurify has loaded, HTML is refused, never passed through raw.
    expect(() => policy?.createHTML('<img src=x onerror=alert(1)>')).toThrow(TrustedTypesError);
    sanitize = (html: string) => `clean:${html}`;
    expect(policy?.createHTML('<i>x</i>')).toBe('clean:<i>x</i>');
    expect(() => policy?.createScriptURL('https://evil.example/x.js')).toThrow(TrustedTypesError);
  });

  it('creates no policy where the browser has no Trusted Types', () => {
    expect(
      installTrustedTypes({
        trustedTypes: undefined,
        sanitizer: () => String,
        pageHref: PAGE,
        importMapUrls: [],
      }),
    ).toBeNull();
  });
});
