// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_LIMIT_MS, holdEventsFrom } from './hold-events.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** A container with a field, a listener on the container (where React listens) and one on the body. */
function page() {
  const container = document.body.appendChild(document.createElement('div'));
  const field = container.appendChild(document.createElement('input'));
  const outside = document.body.appendChild(document.createElement('button'));
  const heard: string[] = [];
  for (const type of ['keydown', 'textInput', 'input', 'pointerdown', 'focusin', 'submit']) {
    container.addEventListener(type, () => heard.push(`container:${type}`), true);
    document.body.addEventListener(type, (event) => {
      if (event.target === outside) heard.push(`outside:${type}`);
    });
  }
  return { container, field, outside, heard };
}

const fire = (target: EventTarget, type: string) => {
  const event = new Event(type, { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

describe('holdEventsFrom', () => {
  it("keeps the user's events inside the container from its listeners, not from the browser's handling", () => {
    const { container, field, heard } = page();
    const release = holdEventsFrom(container);
    const keydown = fire(field, 'keydown');
    fire(field, 'textInput');
    fire(field, 'input');
    fire(field, 'pointerdown');
    fire(field, 'focusin');
    expect(heard).toEqual([]);
    // Held, not cancelled: the key still types, the tap still focuses.
    expect(keydown.defaultPrevented).toBe(false);
    release();
  });

  it('lets a submit through, and every event outside the container', () => {
    const { container, field, outside, heard } = page();
    const release = holdEventsFrom(container);
    fire(field, 'submit');
    fire(outside, 'keydown');
    expect(heard).toEqual(['container:submit', 'outside:keydown']);
    release();
  });

  it('ends when released (once is enough, twice is harmless)', () => {
    const { container, field, heard } = page();
    const release = holdEventsFrom(container);
    release();
    release();
    fire(field, 'keydown');
    expect(heard).toEqual(['container:keydown']);
  });

  it('ends by itself after its limit, so a hydration that never commits leaves the page usable', () => {
    vi.useFakeTimers();
    const { container, field, heard } = page();
    holdEventsFrom(container);
    vi.advanceTimersByTime(HOLD_LIMIT_MS - 1);
    fire(field, 'keydown');
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    fire(field, 'keydown');
    expect(heard).toEqual(['container:keydown']);
  });
});
