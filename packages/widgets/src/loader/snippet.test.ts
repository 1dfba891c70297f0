import { describe, expect, it } from 'vitest';
import { DISMISSED_STORAGE_KEY } from '@atrium/session/core';
import { notificationBarCss } from '../notification-bar/bar-css.js';
import { dismissedNoticesSnippet, loaderSnippet } from './snippet.js';

describe('the loader snippet', () => {
  it('reads the same dismissed list as the bar and the shell', () => {
    expect(loaderSnippet()).toContain(JSON.stringify(DISMISSED_STORAGE_KEY));
  });

  it('carries the bar’s stylesheet, and can be printed inside a <script> element', () => {
    const text = loaderSnippet();
    expect(text).toContain('.frame--reserved');
    expect(notificationBarCss).toContain('.frame--reserved');
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).not.toContain('<!--');
    // It compiles (as an old browser's classic script would take it).
    expect(() => new Function(text)).not.toThrow();
    expect(() => new Function(loaderSnippet(null))).not.toThrow();
  });

  it('never writes JSON with the page’s JSON.stringify, and adds the script only after load', () => {
    const text = loaderSnippet();
    expect(text).not.toContain('JSON.stringify');
    expect(text).toContain("addEventListener('load'");
    // The short form styles no bar (its only sheet is the document's print rule for a root-placed bar).
    expect(loaderSnippet(null)).not.toContain('r.adoptedStyleSheets');
  });

  it('has a short form that only takes this tab’s dismissed notices out of a server-rendered bar', () => {
    const text = dismissedNoticesSnippet();
    expect(text).toContain(JSON.stringify(DISMISSED_STORAGE_KEY));
    expect(text).not.toContain('CSSStyleSheet');
    expect(text).not.toContain("addEventListener('load'");
    expect(text.toLowerCase()).not.toContain('</script');
    expect(() => new Function(text)).not.toThrow();
  });
});
