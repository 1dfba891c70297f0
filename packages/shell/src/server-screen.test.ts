// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { finishServerScreen, hasServerScreen } from './server-screen';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the server-rendered first screen', () => {
  it('is recognised by the mark on the shell container, and finished: stylesheet and mark gone, markup kept', () => {
    document.head.innerHTML =
      '<style data-atrium-shell-frame>.atrium-shell{}</style><style id="own"></style>';
    document.body.innerHTML =
      '<div id="atrium-app"><div id="atrium-shell" data-atrium-prerendered><main><h1>Welcome</h1></main></div></div>';
    expect(hasServerScreen()).toBe(true);
    finishServerScreen();
    expect(hasServerScreen()).toBe(false);
    expect(document.querySelector('style[data-atrium-shell-frame]')).toBeNull();
    expect(document.getElementById('own')).not.toBeNull();
    expect(document.querySelector('#atrium-shell h1')?.textContent).toBe('Welcome');
    // Again, or on a page that never had one: nothing to do.
    finishServerScreen();
    expect(document.getElementById('atrium-shell')).not.toBeNull();
  });

  it('is not there on a page the server did not render', () => {
    document.body.innerHTML = '<div id="atrium-app"></div>';
    expect(hasServerScreen()).toBe(false);
    finishServerScreen();
    // finishing creates no container of its own
    expect(document.getElementById('atrium-shell')).toBeNull();
  });
});
