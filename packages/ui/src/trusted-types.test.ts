/**
 * The sanitiser behind the Trusted Types `default` policy: which one is chosen and how it is registered.
 * Its behaviour in a real browser (the native HTML Sanitizer API) is proven in Chromium by
 * packages/widgets/test/ui-trusted-types.test.ts (web-test-runner).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNativeSanitizer } from './trusted-types';

/** A stand-in for the API, as globals: `setHTML` keeps what `transform` makes of the input. */
function stubApi(transform: (html: string) => string) {
  const makeTemplate = () => {
    const template = {
      innerHTML: '',
      setHTML(html: string, options?: unknown) {
        // The browser's safe default configuration: no options.
        expect(options).toBeUndefined();
        template.innerHTML = transform(html);
      },
    };
    return template;
  };
  vi.stubGlobal('document', { createElement: makeTemplate });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('createNativeSanitizer', () => {
  it('is null without the HTML Sanitizer API', () => {
    // No document at all (Node), then a document whose elements have no setHTML.
    expect(createNativeSanitizer()).toBeNull();
    vi.stubGlobal('document', { createElement: () => ({}) });
    expect(createNativeSanitizer()).toBeNull();
  });

  it('takes the safe default configuration and returns the serialised result', () => {
    stubApi((html) => html.replace(/<script>.*?<\/script>/g, ''));
    const sanitize = createNativeSanitizer();
    expect(sanitize).not.toBeNull();
    expect(sanitize!('<b>kept</b><script>x</script>')).toBe('<b>kept</b>');
  });

  it('refuses markup that does not parse back to itself (mutation XSS)', () => {
    // Each pass changes the markup: a serialisation that would not survive the sink's parse.
    stubApi((html) => `${html}!`);
    const sanitize = createNativeSanitizer()!;
    expect(() => sanitize('<b>x</b>')).toThrow(TypeError);
  });
});

describe('loadSanitizer', () => {
  it('registers the native sanitiser with no download (before a task passes), not DOMPurify', async () => {
    stubApi((html) => html);
    const register = vi.fn();
    vi.stubGlobal('window', { atriumRegisterSanitizer: register });
    const dompurify = vi.fn();
    vi.doMock('dompurify', () => {
      dompurify();
      return { default: () => ({ sanitize: () => '' }) };
    });
    const { loadSanitizer } = await import('./trusted-types');
    let settled = false;
    const loading = loadSanitizer().then((sanitize) => {
      settled = true;
      return sanitize;
    });
    // Microtasks only: no chunk, no timer in between.
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
    const sanitize = await loading;
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith(sanitize);
    expect(sanitize('<b>x</b>')).toBe('<b>x</b>');
    expect(await loadSanitizer()).toBe(sanitize);
    expect(register).toHaveBeenCalledTimes(1);
    expect(dompurify).not.toHaveBeenCalled();
    vi.doUnmock('dompurify');
  });

  it('falls back to DOMPurify, registered once its chunk has loaded', async () => {
    const register = vi.fn();
    vi.stubGlobal('window', { atriumRegisterSanitizer: register });
    vi.doMock('dompurify', () => ({
      default: () => ({ sanitize: (html: string) => html.replace(/<img[^>]*>/g, '') }),
    }));
    const { loadSanitizer } = await import('./trusted-types');
    const loading = loadSanitizer();
    expect(register).not.toHaveBeenCalled();
    const sanitize = await loading;
    expect(register).toHaveBeenCalledWith(sanitize);
    expect(sanitize('<b>x</b><img src=x onerror=y>')).toBe('<b>x</b>');
    vi.doUnmock('dompurify');
  });
});
