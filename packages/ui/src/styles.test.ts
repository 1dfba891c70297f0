// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { adoptStyles, adoptedStyleCount } from './styles';

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
});
