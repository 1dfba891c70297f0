// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { adoptStyles, adoptedStyleCount, prepareStyles } from './styles';

describe('adoptStyles', () => {
  it('adopts one sheet per text and removes it when the last user releases it', () => {
    const before = document.adoptedStyleSheets.length;
    const releaseA = adoptStyles('.a { color: red; }');
    const releaseB = adoptStyles('.a { color: red; }');
    expect(document.adoptedStyleSheets.length).toBe(before + 1);
    expect(adoptedStyleCount()).toBe(1);
    releaseA();
    releaseA(); // releasing twice must not steal the other user's reference
    expect(document.adoptedStyleSheets.length).toBe(before + 1);
    releaseB();
    expect(document.adoptedStyleSheets.length).toBe(before);
    expect(adoptedStyleCount()).toBe(0);
  });

  it('prepareStyles parses a sheet ahead without adopting it; the first adoption then uses that sheet', () => {
    const css = '.prepared { color: blue; }';
    const before = document.adoptedStyleSheets.length;
    prepareStyles(css);
    expect(document.adoptedStyleSheets.length).toBe(before);
    expect(adoptedStyleCount()).toBe(0);
    const replaceSync = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync');
    const release = adoptStyles(css);
    expect(replaceSync).not.toHaveBeenCalled();
    expect(document.adoptedStyleSheets.at(-1)?.cssRules[0]?.cssText).toContain('.prepared');
    release();
    replaceSync.mockRestore();
  });
});
