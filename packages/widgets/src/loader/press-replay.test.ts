// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_ATTR, PRESSES_GLOBAL, pressCaptureSnippet } from './press-capture.js';
import { replayHeldPresses } from './press-replay.js';

/** Runs the capture as the page's inline script does. */
function capture(shortcut = '1'): void {
  new Function(pressCaptureSnippet(shortcut, 'main'))();
}

/** The drawn part the capture holds presses in (its scope). */
function drawn(): HTMLElement {
  return document.querySelector('main') ?? document.body.appendChild(document.createElement('main'));
}

function button(name: string, parent: ParentNode = drawn()): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = name;
  parent.appendChild(element);
  return element;
}

function pressShortcut(): KeyboardEvent {
  const event = new KeyboardEvent('keydown', {
    key: 'A',
    code: 'KeyA',
    ctrlKey: true,
    shiftKey: true,
    bubbles: true,
    cancelable: true,
  });
  document.body.dispatchEvent(event);
  return event;
}

afterEach(async () => {
  await replayHeldPresses();
  document.body.replaceChildren();
});

describe('the press capture and its replay', () => {
  it('holds a click on a button, shows it was taken, and carries it out once when the page is live', async () => {
    capture();
    const menu = button('User menu');
    const late = vi.fn();
    menu.addEventListener('click', late);
    menu.click();
    expect(late).not.toHaveBeenCalled();
    expect(menu.getAttribute('aria-busy')).toBe('true');
    expect(menu.hasAttribute(HELD_ATTR)).toBe(true);

    expect(await replayHeldPresses()).toEqual({ carried: 1, dropped: 0 });
    expect(late).toHaveBeenCalledTimes(1);
    expect(menu.hasAttribute('aria-busy')).toBe(false);
    expect(menu.hasAttribute(HELD_ATTR)).toBe(false);
    expect(menu.style.opacity).toBe('');
    // The capture is over: a click now goes straight through, and a second replay does nothing.
    menu.click();
    expect(late).toHaveBeenCalledTimes(2);
    expect(await replayHeldPresses()).toEqual({ carried: 0, dropped: 0 });
    expect(PRESSES_GLOBAL in window).toBe(false);
  });

  it('carries presses out in order, and swallows a second press on a button already held', async () => {
    capture();
    const order: string[] = [];
    const first = button('Dismiss');
    const second = button('Switch back');
    first.addEventListener('click', () => order.push('dismiss'));
    second.addEventListener('click', () => order.push('switch back'));
    first.click();
    second.click();
    first.click();
    await replayHeldPresses();
    expect(order).toEqual(['dismiss', 'switch back']);
  });

  it('drops a press whose button is gone or disabled by the time the page is live', async () => {
    capture();
    const gone = button('Gone');
    const disabled = button('Disabled');
    const heard = vi.fn();
    gone.addEventListener('click', heard);
    disabled.addEventListener('click', heard);
    gone.click();
    disabled.click();
    gone.remove();
    disabled.disabled = true;
    expect(await replayHeldPresses()).toEqual({ carried: 0, dropped: 2 });
    expect(heard).not.toHaveBeenCalled();
  });

  it('leaves a button outside the drawn part to the page: its own, live already', async () => {
    capture();
    const reload = button('Reload', document.body);
    const heard = vi.fn();
    reload.addEventListener('click', heard);
    reload.click();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(reload.hasAttribute(HELD_ATTR)).toBe(false);
    expect(await replayHeldPresses()).toEqual({ carried: 0, dropped: 0 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('leaves a link to the browser: never held, never replayed', async () => {
    capture();
    const link = document.createElement('a');
    link.href = '#elsewhere';
    link.textContent = 'Curriculum';
    drawn().appendChild(link);
    const heard = vi.fn();
    link.addEventListener('click', heard);
    link.click();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(await replayHeldPresses()).toEqual({ carried: 0, dropped: 0 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("finds a button drawn in a shadow root again after the element's first render replaced it", async () => {
    capture();
    const host = document.createElement('div');
    drawn().appendChild(host);
    const root = host.attachShadow({ mode: 'open' });
    const served = button('×', root);
    served.className = 'close';
    served.setAttribute('aria-label', 'Dismiss notification: Maintenance');
    served.click();
    // The element renders its own markup in place of the server's.
    root.replaceChildren();
    const rendered = button('×', root);
    rendered.className = 'close';
    rendered.setAttribute('aria-label', 'Dismiss notification: Maintenance');
    const heard = vi.fn();
    rendered.addEventListener('click', heard);
    expect(await replayHeldPresses()).toEqual({ carried: 1, dropped: 0 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('holds Ctrl+Shift+A and dispatches it again once live; only where the page has the toolbar', async () => {
    capture('1');
    const heard = vi.fn();
    window.addEventListener('keydown', heard);
    const held = pressShortcut();
    expect(held.defaultPrevented).toBe(true);
    expect(heard).not.toHaveBeenCalled();
    expect(await replayHeldPresses()).toEqual({ carried: 1, dropped: 0 });
    expect(heard).toHaveBeenCalledTimes(1);
    const replayed = heard.mock.calls[0]?.[0] as KeyboardEvent;
    expect([replayed.ctrlKey, replayed.shiftKey, replayed.code]).toEqual([true, true, 'KeyA']);

    capture('0');
    const plain = pressShortcut();
    expect(plain.defaultPrevented).toBe(false);
    expect(heard).toHaveBeenCalledTimes(2);
    window.removeEventListener('keydown', heard);
  });
});
