/**
 * The signed-in page's server render, in Node (no DOM), with the shell's own components: what the server
 * sends is the shell's first screen for that session, which the browser then hydrates (tests/e2e/boot.spec
 * proves the hydration keeps every node).
 */
import { describe, expect, it } from 'vitest';
import type { InitializeResponse } from '@atrium/api';
import { session } from '@atrium/session';
import { renderToString } from 'react-dom/server';
import { useStyles } from '@atrium/ui';
import { renderShellFrame } from './render-shell-frame';

function AreaStub({ text }: { text: string }) {
  useStyles('.home-test{color:red}');
  return <h1>{text}</h1>;
}

const START: InitializeResponse = {
  sis: {
    user: {
      user_id: 7,
      username: 'faculty',
      is_root: false,
      first_name: 'Fay',
      last_name: 'Culty',
      preferred_name: null,
    },
    sis_school_id: 11,
    company_id: 101,
    telescope_enabled: false,
    is_hq: false,
    current_term_name: 'Spring 2026',
    access_restricted: false,
    acting_as: null,
    environment: 'production',
    min_build_stamp: null,
  },
  mobile: false,
  lapi_access_token: 'token-never-rendered',
  locale_config: { locale: 'en-US', timezone: 'UTC' },
  legacy_redirect: null,
  system_notifications: [
    {
      id: 'maintenance',
      message: 'Maintenance on <b>Sunday</b> </script><script>alert(1)</script>',
      closeable: false,
      clickable: false,
      static: false,
      routeInfo: null,
    },
  ],
};

describe('renderShellFrame', () => {
  it("draws the shell's chrome for the session, with the area the areas' renderer gives", () => {
    const frame = renderShellFrame({
      start: START,
      pathname: '/home',
      search: '',
      nonce: 'n0nce',
      // A root of its own, as the areas' renderer makes: its stylesheets go with the shell's.
      renderArea: (area, props) => renderToString(<AreaStub text={`${area} at ${props.path}`} />),
    });
    expect(frame.html).toContain('class="atrium-shell"');
    expect(frame.html).toContain('Fay Culty');
    // (renderToString separates adjacent texts with comments, which hydration reads.)
    expect(frame.html).toMatch(/Current term: (<!-- -->)?Spring 2026/);
    expect(frame.html).toMatch(/<a href="\/home" class="atrium-nav__link" aria-current="page">Home<\/a>/);
    // The area in the host its parcel hydrates.
    expect(frame.html).toContain(
      '<div class="atrium-area-slot"><div class="atrium-area" data-atrium-prerendered><h1>home at /home</h1></div></div>',
    );
    // The bar's notices, as declarative shadow DOM under the response's nonce, words only.
    expect(frame.html).toContain(
      '<atrium-notification-bar class="atrium-notifications"><template shadowrootmode="open"><style nonce="n0nce">',
    );
    expect(frame.html).toContain('Maintenance on Sunday');
    expect(frame.html).not.toMatch(/<script|<b>/);
    expect(frame.html).not.toContain('token-never-rendered');
    // Every stylesheet the markup uses: the kit's, the shell's and the area's.
    expect(frame.css).toContain('.atrium-shell');
    expect(frame.css).toContain('.atr-btn');
    expect(frame.css).toContain('.home-test{color:red}');
  });

  it("leaves the outlet empty for an area the areas' renderer cannot draw, and guards as the shell does", () => {
    const empty = renderShellFrame({
      start: START,
      pathname: '/evaluations',
      search: '',
      nonce: '',
      renderArea: () => null,
    });
    // The parcel's slot, empty, as the browser's first render has it (the area mounts into it there).
    expect(empty.html).toContain(
      '<main id="atrium-main" tabindex="-1" class="atrium-shell__main"><div class="atrium-area-slot"></div></main>',
    );
    // Direct-link mode hides the chrome, on the server as in the browser.
    const bare = renderShellFrame({ start: START, pathname: '/home', search: '?direct=1', nonce: '' });
    expect(bare.html).toContain('atrium-shell--bare');
    expect(bare.html).not.toContain('atrium-topbar');
  });

  it("leaves the page's session store as it found it: no other render or request sees this session", () => {
    renderShellFrame({ start: START, pathname: '/home', search: '', nonce: '' });
    expect(session.getState()).toMatchObject({ status: 'idle', sis: null, systemNotifications: [] });
  });
});
