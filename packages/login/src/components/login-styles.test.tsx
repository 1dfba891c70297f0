// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoginStyles } from './login-styles';

function Probe() {
  return useLoginStyles() ? <p>styled</p> : null;
}

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  document.adoptedStyleSheets = [];
});

describe('useLoginStyles', () => {
  it("adopts the served page's inline stylesheet and fetches nothing", async () => {
    const style = document.createElement('style');
    style.setAttribute('data-atrium-login-frame', '');
    style.textContent = '.from-the-page { color: red; }';
    document.head.append(style);
    render(<Probe />);
    expect(screen.getByText('styled')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const rules = document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText));
    expect(rules).toEqual(['.from-the-page { color: red; }']);
  });

  it('without that page, shows nothing until its own stylesheet is adopted', async () => {
    render(<Probe />);
    expect(screen.queryByText('styled')).toBeNull();
    // The stylesheet is a chunk (login-css.ts): waited for, not timed, on a busy machine.
    expect(await screen.findByText('styled')).toBeTruthy();
    const rules = document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText));
    expect(rules.some((rule) => rule.includes('.atr-login__card'))).toBe(true);
  });
});
