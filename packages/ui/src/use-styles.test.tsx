// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { StyleRootProvider, useStyles } from './use-styles';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Styled({ css }: { css: string[] }) {
  useStyles(...css);
  return null;
}

describe('useStyles in a style root with a transform', () => {
  it('transforms each text once, however many components adopt it, and adopts the transformed text', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const seen: string[] = [];
    const transform = (css: string) => {
      seen.push(css);
      return css.replace('1rem', '16px');
    };
    const container = document.createElement('div');
    shadow.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        createElement(
          StyleRootProvider,
          { value: { root: shadow, transform } },
          createElement(Styled, { css: ['.kit { margin: 1rem; }', '.a { color: red; }'] }),
          createElement(Styled, { css: ['.kit { margin: 1rem; }'] }),
          createElement(Styled, { css: ['.kit { margin: 1rem; }', '.b { color: blue; }'] }),
        ),
      );
    });
    expect(seen.sort()).toEqual(['.a { color: red; }', '.b { color: blue; }', '.kit { margin: 1rem; }']);
    const texts = shadow.adoptedStyleSheets.map((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText).join(''),
    );
    expect(texts.some((text) => text.includes('16px'))).toBe(true);
    expect(texts.some((text) => text.includes('1rem'))).toBe(false);
    await act(async () => root.unmount());
    host.remove();
  });
});
