// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { holdTypingFromReact, releaseHeldTyping } from './hold-typing';

/** What a root listener on the container (React's) receives. */
function setUp() {
  const container = document.createElement('div');
  const input = document.createElement('input');
  container.append(input);
  const outside = document.createElement('input');
  document.body.append(container, outside);
  const reached: string[] = [];
  for (const type of ['keydown', 'input', 'focusin', 'click']) {
    container.addEventListener(type, (event) =>
      reached.push(`${type}:${(event as KeyboardEvent).key ?? ''}`),
    );
    outside.addEventListener(type, () => reached.push(`outside ${type}`));
  }
  return { container, input, outside, reached };
}

afterEach(() => {
  releaseHeldTyping();
  document.body.replaceChildren();
});

describe('holdTypingFromReact', () => {
  it('keeps typing in the container from its listeners until released, and lets Enter and clicks through', () => {
    const { container, input, outside, reached } = setUp();
    holdTypingFromReact(container);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    input.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    outside.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', bubbles: true }));
    expect(reached).toEqual(['keydown:Enter', 'click:', 'outside keydown']);

    reached.length = 0;
    releaseHeldTyping();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', bubbles: true }));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(reached).toEqual(['keydown:c', 'input:']);
  });

  it('does not cancel what the browser does with a held key', () => {
    const { container, input } = setUp();
    holdTypingFromReact(container);
    const keydown = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    input.dispatchEvent(keydown);
    expect(keydown.defaultPrevented).toBe(false);
  });
});
