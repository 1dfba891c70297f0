// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@atrium/api';
import { mount, unmount } from './lifecycles';
import { renderLoginFrame } from './prerender';

// React's act() outside Testing Library: tell React this environment flushes through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NAME = '@atrium/login';
const CONTAINER_ID = `single-spa-application:${NAME}`;

/** The served login page's body as the server sends it (packages/server/src/html/index-template.ts). */
function servePrerenderedPage(): void {
  const frame = renderLoginFrame();
  document.head.innerHTML = `<style data-atrium-login-frame>${frame.css}</style>`;
  document.body.innerHTML = `<div id="${CONTAINER_ID}" data-atrium-prerendered>${frame.html}</div>`;
}

/** mount() resolves after React's commit, which act() flushes once its callback is done: started inside. */
async function mountApp(): Promise<void> {
  let mounted: Promise<void> = Promise.resolve();
  await act(async () => {
    mounted = mount({ name: NAME });
  });
  await mounted;
}

const usernameField = () => document.querySelector<HTMLInputElement>('input[name="username"]');
const nextButton = () =>
  [...document.querySelectorAll('button')].find((button) => button.textContent === 'Next') ?? null;

afterEach(async () => {
  await act(async () => unmount({ name: NAME }));
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('mount on the prerendered login page', () => {
  it('hydrates the painted form in place and keeps what was typed before', async () => {
    // Settings never arrive: the first screen stays the prerendered one.
    vi.spyOn(api, 'loginSettings').mockReturnValue(new Promise(() => {}));
    const errors = vi.spyOn(console, 'error');
    servePrerenderedPage();
    const painted = usernameField();
    if (!painted) throw new Error('the prerendered page has no username field');
    painted.value = 'ab';
    expect(nextButton()?.disabled).toBe(true);

    await mountApp();

    // The same element: not replaced, so focus and caret would stay where the user left them.
    expect(usernameField()).toBe(painted);
    expect(painted.value).toBe('ab');
    // The app took the text over: Next is enabled for it, as if it had been typed into the live form.
    expect(nextButton()?.disabled).toBe(false);
    expect(document.getElementById(CONTAINER_ID)?.hasAttribute('data-atrium-prerendered')).toBe(false);
    expect(document.querySelector('style[data-atrium-login-frame]')).toBeNull();
    // A hydration mismatch would have been reported (and the form replaced).
    expect(errors).not.toHaveBeenCalled();
  });

  it('renders from scratch where there is no prerendered form', async () => {
    vi.spyOn(api, 'loginSettings').mockReturnValue(new Promise(() => {}));
    const frame = renderLoginFrame();
    document.head.innerHTML = `<style data-atrium-login-frame>${frame.css}</style>`;

    await mountApp();

    expect(document.getElementById(CONTAINER_ID)?.querySelector('input[name="username"]')).not.toBeNull();
    expect(usernameField()?.value).toBe('');
    expect(nextButton()?.disabled).toBe(true);
  });
});
