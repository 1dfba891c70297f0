/**
 * The developer toolbar in real Chromium: the React component, its r2wc custom element, and the light
 * loader legacy pages use. Served as one bundle (test/wtr-bundle-plugin.mjs): React is CommonJS.
 */
import { expect } from 'chai';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { act } from 'react';
import { api } from '@atrium/api';
import type { School, Sis } from '@atrium/api';
import { session } from '@atrium/session';
import { DevToolbar } from '../src/dev-toolbar/DevToolbar.js';
import { DevToolbarElement, defineDevToolbar } from '../src/dev-toolbar/element.js';
import { DevToolbarLoaderElement } from '../src/legacy/dev-toolbar-loader.js';
import { mountDevToolbar } from '../src/legacy/toolbar-chunk.js';
import type { LegacySessionSnapshot } from '../src/registry.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function sisFor(kind: 'root' | 'hq' | 'student', overrides: Partial<Sis> = {}): Sis {
  return {
    user: {
      user_id: 1,
      username: kind,
      is_root: kind === 'root',
      first_name: 'Ada',
      last_name: kind,
      preferred_name: null,
    },
    sis_school_id: 10,
    company_id: 1,
    telescope_enabled: kind !== 'student',
    is_hq: kind === 'hq',
    current_term_name: 'Fall',
    access_restricted: false,
    acting_as: null,
    environment: 'production',
    min_build_stamp: null,
    ...overrides,
  };
}

const SCHOOLS: School[] = [
  { sis_school_id: 10, company_id: 1, abbreviation: 'nursing', name_with_ids: 'School of Nursing (1/10)' },
  { sis_school_id: 11, company_id: 1, abbreviation: 'pharm', name_with_ids: 'College of Pharmacy (1/11)' },
  {
    sis_school_id: 12,
    company_id: 2,
    abbreviation: '//evil.example',
    name_with_ids: 'Hostile Abbreviation (2/12)',
  },
];

/** Fake backend: answers by path, records every call. */
const calls: string[] = [];
const realFetch = globalThis.fetch;
function installFetch(): void {
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    calls.push(`${url.pathname}${url.search}`);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    switch (url.pathname) {
      case '/lapi/rpc/schools/roster':
        return json({ data: SCHOOLS });
      case '/common/switch/swap_company.php': {
        const school = SCHOOLS.find((s) => String(s.sis_school_id) === url.searchParams.get('sis_school_id'));
        return json({ success: true, school });
      }
      case '/lapi/rpc/dev/users':
        return json({ data: [{ username: 'student', display: 'Sam Student (student)' }] });
      case '/lapi/rpc/support/recent':
        return json({ data: [] });
      default:
        return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    }
  };
}

let container: HTMLElement;
let root: Root | null = null;
const navigations: string[] = [];

async function render(props: Parameters<typeof DevToolbar>[0] = {}): Promise<void> {
  root = createRoot(container);
  await act(async () => {
    root!.render(createElement(DevToolbar, { navigate: (url) => navigations.push(url), ...props }));
  });
}

async function press(key: 'a' | 'Escape', init: KeyboardEventInit = {}): Promise<void> {
  await act(async () => {
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: key === 'a' ? 'A' : key,
        code: key === 'a' ? 'KeyA' : key,
        ctrlKey: key === 'a',
        shiftKey: key === 'a',
        bubbles: true,
        cancelable: true,
        ...init,
      }),
    );
  });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/** The toolbar as a user sees it: a closed toolbar stays mounted (a recording survives) but hidden. */
function toolbar(): HTMLElement | null {
  const section = document.querySelector<HTMLElement>('section[aria-labelledby="atrium-devtb-title"]');
  return section && !section.hidden ? section : null;
}
function byText(selector: string, text: string): HTMLElement | null {
  return (
    [...document.querySelectorAll<HTMLElement>(selector)].find((el) => el.textContent?.trim() === text) ??
    null
  );
}

beforeEach(() => {
  installFetch();
  calls.length = 0;
  navigations.length = 0;
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  root = null;
  container.remove();
  session.reset();
  api.transport.setStatefulHeaders(null);
  globalThis.fetch = realFetch;
});

describe('DevToolbar (React)', () => {
  it('renders nothing for users who are neither root nor hq, and ignores the shortcut', async () => {
    session.setState({ sis: sisFor('student') });
    await render();
    await press('a');
    expect(container.innerHTML).to.equal('');
    expect(calls).to.deep.equal([]);
  });

  it('toggles with Ctrl+Shift+A for hq, without the root-only parts', async () => {
    session.setState({ sis: sisFor('hq') });
    await render();
    expect(toolbar()).to.equal(null);
    await press('a');
    expect(toolbar()).to.not.equal(null);
    expect(document.activeElement).to.equal(toolbar());
    const log = byText('a', 'Request log (opens in a new tab)');
    expect(log?.getAttribute('href')).to.equal('/lapi/telescope/requests');
    expect(log?.getAttribute('target')).to.equal('_blank');
    expect(byText('a', 'Admin panel')).to.equal(null);
    expect(byText('a', 'Swap to Legacy')).to.equal(null);
    expect(document.querySelector('[role="combobox"]')).to.equal(null);
    expect(document.querySelector('select')).to.equal(null);
    await settle();
    expect(
      calls.filter((c) => c.startsWith('/lapi/rpc/schools') || c.startsWith('/lapi/rpc/dev')),
    ).to.deep.equal([]);
    await press('a');
    expect(toolbar()).to.equal(null);
  });

  it('hides the request log when telescope is off', async () => {
    session.setState({ sis: sisFor('hq', { telescope_enabled: false }) });
    await render({ defaultOpen: true });
    expect(toolbar()).to.not.equal(null);
    expect(byText('a', 'Request log (opens in a new tab)')).to.equal(null);
  });

  it('gives root every part; Swap to Legacy only in production', async () => {
    session.setState({ sis: sisFor('root') });
    await render({ defaultOpen: true, place: 'shell', pathname: '/hub' });
    await settle();
    expect(byText('a', 'Admin panel')?.getAttribute('href')).to.equal(
      '/violet/obuilder/hub/common/admin_panel',
    );
    // A page without a legacy counterpart: the legacy home.
    expect(byText('a', 'Swap to Legacy')?.getAttribute('href')).to.equal('/legacy/');
    expect(document.querySelector('[role="combobox"]')).to.not.equal(null);
    expect(document.querySelector('select')).to.not.equal(null);
    await act(async () => session.setState({ sis: sisFor('root', { environment: 'development' }) }));
    expect(byText('a', 'Swap to Legacy')).to.equal(null);
  });

  it("swaps to the current page's legacy counterpart, and follows the shell's navigation", async () => {
    session.setState({ sis: sisFor('root') });
    await render({ defaultOpen: true, place: 'shell', pathname: '/evaluations/forms/7' });
    await settle();
    expect(byText('a', 'Swap to Legacy')?.getAttribute('href')).to.equal('/legacy/evaluations/form.php?id=7');
    expect(byText('a', 'Open in the new Atrium')).to.equal(null);
    await act(async () =>
      root!.render(createElement(DevToolbar, { defaultOpen: true, place: 'shell', pathname: '/calendar' })),
    );
    expect(byText('a', 'Swap to Legacy')?.getAttribute('href')).to.equal('/legacy/scheduling/calendar.php');
  });

  it('offers the new page on a legacy page that has one, and never Swap to Legacy there', async () => {
    session.setState({ sis: sisFor('hq') });
    await render({ defaultOpen: true, pathname: '/legacy/evaluations/form.php', search: '?id=7' });
    await settle();
    expect(byText('a', 'Open in the new Atrium')?.getAttribute('href')).to.equal('/evaluations/forms/7');
    expect(byText('a', 'Swap to Legacy')).to.equal(null);
    await act(async () => session.setState({ sis: sisFor('root') }));
    expect(byText('a', 'Swap to Legacy')).to.equal(null);
    await act(async () =>
      root!.render(createElement(DevToolbar, { defaultOpen: true, pathname: '/legacy/terms' })),
    );
    expect(byText('a', 'Open in the new Atrium')).to.equal(null);
  });

  it("on a legacy page of another host, every link it makes is Atrium's", async () => {
    api.useServerOrigin('https://app.school.test');
    try {
      session.setState({ sis: sisFor('root') });
      await render({ defaultOpen: true, pathname: '/legacy/evaluations/form.php', search: '?id=7' });
      await settle();
      expect(byText('a', 'Admin panel')?.getAttribute('href')).to.equal(
        'https://app.school.test/violet/obuilder/hub/common/admin_panel',
      );
      expect(byText('a', 'Open in the new Atrium')?.getAttribute('href')).to.equal(
        'https://app.school.test/evaluations/forms/7',
      );
    } finally {
      api.useServerOrigin(window.location.origin);
    }
  });

  it('removes its window listener on unmount', async () => {
    session.setState({ sis: sisFor('hq') });
    await render();
    await act(async () => root!.unmount());
    root = createRoot(container);
    await press('a');
    expect(toolbar()).to.equal(null);
  });

  it('filters schools, swaps, clears stateful headers and goes to the school home', async () => {
    session.setState({ sis: sisFor('root') });
    api.transport.setStatefulHeaders({ company_id: 1, sis_school_id: 10 });
    await render({ defaultOpen: true });
    await settle();
    const input = document.querySelector<HTMLInputElement>('[role="combobox"]')!;
    input.focus();
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'pharm');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const options = [...document.querySelectorAll('[role="option"]')];
    expect(options.map((o) => o.textContent)).to.deep.equal(['pharm College of Pharmacy (1/11)']);
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    expect(input.getAttribute('aria-activedescendant')).to.equal(options[0]!.id);
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await settle();
    expect(calls).to.include(
      '/common/switch/swap_company.php?current_company_id=1&sis_school_id=11&no_redirect=1',
    );
    expect(api.transport.statefulHeaders()).to.deep.equal({ company: null, school: null });
    expect(navigations).to.deep.equal([`${location.origin}/pharm/`]);
  });

  it('never leaves the site for an abbreviation that is not a plain slug', async () => {
    session.setState({ sis: sisFor('root') });
    await render({ defaultOpen: true });
    await settle();
    const option = () => byText('[role="option"]', '//evil.example Hostile Abbreviation (2/12)');
    const input = document.querySelector<HTMLInputElement>('[role="combobox"]')!;
    await act(async () => input.click());
    await act(async () => option()!.click());
    await settle();
    expect(calls).to.include(
      '/common/switch/swap_company.php?current_company_id=2&sis_school_id=12&no_redirect=1',
    );
    expect(navigations).to.deep.equal([]);
    expect(toolbar()!.textContent).to.contain('stay on this site');
    await act(async () => byText('button', 'Continue to the home page')!.click());
    expect(navigations).to.deep.equal([`${location.origin}/`]);
  });

  it('goes to the origin outside production', async () => {
    session.setState({ sis: sisFor('root', { environment: 'development' }) });
    await render({ defaultOpen: true });
    await settle();
    await act(async () => document.querySelector<HTMLInputElement>('[role="combobox"]')!.click());
    await act(async () => byText('[role="option"]', 'nursing School of Nursing (1/10)')!.click());
    await settle();
    expect(navigations).to.deep.equal([`${location.origin}/`]);
  });

  it("shows the 'acting as' banner with a way back, even to a non-root user", async () => {
    session.setState({ sis: sisFor('student', { acting_as: { original_username: 'root' } }) });
    await render();
    const banner = document.querySelector('[aria-label="Acting as another user"]');
    expect(banner?.textContent).to.contain('Acting as Ada student (student); signed in as root.');
    // In the top layer, at the top of the viewport, wherever the element stands in the page.
    expect(banner?.matches(':popover-open')).to.equal(true);
    expect(banner?.getBoundingClientRect().top).to.equal(0);
    expect(byText('button', 'Switch back')).to.not.equal(null);
    expect(toolbar()).to.equal(null);
  });
});

describe('<atrium-dev-toolbar> (r2wc)', () => {
  it('defines once, never throws on a second definition, and maps default-open', async () => {
    expect(defineDevToolbar()).to.equal(DevToolbarElement);
    expect(() => defineDevToolbar()).to.not.throw();
    session.setState({ sis: sisFor('hq') });
    const el = document.createElement('atrium-dev-toolbar');
    el.setAttribute('default-open', 'true');
    await act(async () => container.append(el));
    await settle();
    expect(el.querySelector('section')).to.not.equal(null);
    expect(el.shadowRoot).to.equal(null);
    await act(async () => el.remove());
    expect(el.querySelector('section')).to.equal(null);
  });
});

describe('the toolbar as legacy pages mount it (shadow root, top layer)', () => {
  it("renders in the host element's shadow root, out of reach of the page's CSS, above any z-index", async () => {
    session.setState({ sis: sisFor('root') });
    const hostile = new CSSStyleSheet();
    hostile.replaceSync(
      'h2 { font-family: Georgia !important; color: rgb(128, 0, 0); text-decoration: underline; }' +
        'button { text-transform: uppercase; } * { margin: 7px; } html { font-size: 10px; }' +
        'body { letter-spacing: 3px; }',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hostile];
    calls.length = 0;
    const host = document.createElement('div');
    container.append(host);
    let unmount = () => {};
    await act(async () => {
      unmount = mountDevToolbar(host, { defaultOpen: false, openedByShortcut: true });
    });
    await settle();
    try {
      const shadow = host.shadowRoot!;
      expect(document.querySelector('section')).to.equal(null);
      const section = shadow.querySelector<HTMLElement>('section[aria-labelledby="atrium-devtb-title"]')!;
      expect(section.matches(':popover-open')).to.equal(true);
      const title = getComputedStyle(shadow.querySelector('h2')!);
      expect(title.fontFamily).to.not.contain('Georgia');
      expect(title.color).to.not.equal('rgb(128, 0, 0)');
      expect(title.textDecorationLine).to.equal('none');
      expect(title.letterSpacing).to.equal('normal');
      expect(getComputedStyle(shadow.querySelector('button')!).textTransform).to.equal('none');
      // rem is pinned: the kit's 2.5rem buttons stay 40px tall on a page with html { font-size: 10px }.
      expect(getComputedStyle(shadow.querySelector('button')!).minHeight).to.equal('40px');
      // Opened by the shortcut: focus is in the toolbar, and the user list is asked for now.
      expect(shadow.activeElement).to.equal(section);
      expect(calls).to.include('/lapi/rpc/dev/users');
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== hostile);
      await act(async () => unmount());
      host.remove();
    }
  });

  it('draws first and asks for the user list and the roster once that frame is painted', async () => {
    session.setState({ sis: sisFor('root') });
    // Calls as the toolbar makes them (the client's fetch comes later, after it has its schemas).
    const asked: string[] = [];
    const { devUsers, roster } = api;
    api.devUsers = (...args) => (asked.push('users'), devUsers.apply(api, args));
    api.roster = (...args) => (asked.push('roster'), roster.apply(api, args));
    const host = document.createElement('div');
    container.append(host);
    let unmount = () => {};
    try {
      // Synchronously, as the legacy loader mounts it: the toolbar is in the DOM when the call returns.
      act(() => {
        unmount = mountDevToolbar(host, { defaultOpen: false, openedByShortcut: true });
      });
      const section = host.shadowRoot!.querySelector('section[aria-labelledby="atrium-devtb-title"]');
      expect(section?.matches(':popover-open')).to.equal(true);
      expect(host.shadowRoot!.querySelector('select')?.textContent).to.contain('Loading users…');
      expect(asked).to.deep.equal([]);
      await settle();
      expect(asked).to.have.members(['users', 'roster']);
      expect(calls).to.include.members(['/lapi/rpc/dev/users', '/lapi/rpc/schools/roster']);
    } finally {
      api.devUsers = devUsers;
      api.roster = roster;
      await act(async () => unmount());
      host.remove();
    }
  });

  it('does not ask for the user list while the toolbar has never been opened', async () => {
    session.setState({ sis: sisFor('root') });
    calls.length = 0;
    await render();
    await settle();
    expect(toolbar()).to.equal(null);
    expect(calls).to.not.include('/lapi/rpc/dev/users');
    await press('a');
    await settle();
    expect(calls).to.include('/lapi/rpc/dev/users');
  });
});

describe('legacy loader element', () => {
  class TestLoader extends DevToolbarLoaderElement {}
  customElements.define('test-dev-toolbar-loader', TestLoader);

  async function loaderFor(snapshot: LegacySessionSnapshot | null): Promise<number> {
    let loads = 0;
    TestLoader.deps = {
      loadSession: async () => snapshot,
      loadToolbar: async () => {
        loads += 1;
        return { mountDevToolbar: (host) => (host.append(document.createElement('p')), () => {}) };
      },
    };
    const el = document.createElement('test-dev-toolbar-loader');
    container.append(el);
    await settle();
    return loads;
  }

  it('never imports the toolbar chunk for a student or a visitor', async () => {
    expect(await loaderFor({ sis: sisFor('student'), notifications: [] })).to.equal(0);
    expect(await loaderFor(null)).to.equal(0);
  });

  it('imports it for someone acting as another user at once (the way back shows on every page)', async () => {
    expect(
      await loaderFor({
        sis: sisFor('student', { acting_as: { original_username: 'root' } }),
        notifications: [],
      }),
    ).to.equal(1);
  });

  it('imports it for root and hq only on the first Ctrl+Shift+A, and mounts it open', async () => {
    for (const who of ['root', 'hq'] as const) {
      let loads = 0;
      const mounted: Array<{ defaultOpen: boolean; openedByShortcut?: boolean }> = [];
      TestLoader.deps = {
        loadSession: async () => ({ sis: sisFor(who), notifications: [] }),
        loadToolbar: async () => {
          loads += 1;
          return { mountDevToolbar: (_host, options) => (mounted.push(options), () => {}) };
        },
      };
      const el = document.createElement('test-dev-toolbar-loader');
      container.append(el);
      await settle();
      expect(loads, who).to.equal(0);
      window.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'a', code: 'KeyA', ctrlKey: true, shiftKey: true }),
      );
      await settle();
      window.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'a', code: 'KeyA', ctrlKey: true, shiftKey: true }),
      );
      await settle();
      expect(loads, who).to.equal(1);
      expect(mounted).to.deep.equal([{ defaultOpen: false, openedByShortcut: true }]);
      el.remove();
    }
  });

  it('a second tag on the page stays inert, with one console warning', async () => {
    let sessions = 0;
    TestLoader.deps = {
      loadSession: async () => ((sessions += 1), { sis: sisFor('root'), notifications: [] }),
      loadToolbar: async () => ({ mountDevToolbar: () => () => {} }),
    };
    const warnings: unknown[][] = [];
    const realWarn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const first = document.createElement('test-dev-toolbar-loader');
      const second = document.createElement('test-dev-toolbar-loader');
      const third = document.createElement('test-dev-toolbar-loader');
      container.append(first, second, third);
      await settle();
      expect(sessions).to.equal(1);
      expect(warnings).to.have.length(1);
      expect(String(warnings[0]![0])).to.contain('more than one <atrium-dev-toolbar>');
      // The first gone, a tag put in later takes over.
      first.remove();
      second.remove();
      third.remove();
      container.append(document.createElement('test-dev-toolbar-loader'));
      await settle();
      expect(sessions).to.equal(2);
    } finally {
      console.warn = realWarn;
    }
  });

  it('a Ctrl+Shift+A pressed before the session has answered opens it for root, and does nothing for a student', async () => {
    for (const who of ['root', 'student'] as const) {
      let answer: (snapshot: LegacySessionSnapshot) => void = () => {};
      const mounted: Array<{ defaultOpen: boolean; openedByShortcut?: boolean }> = [];
      TestLoader.deps = {
        loadSession: () => new Promise((resolve) => (answer = resolve)),
        loadToolbar: async () => ({ mountDevToolbar: (_host, options) => (mounted.push(options), () => {}) }),
      };
      const el = document.createElement('test-dev-toolbar-loader');
      container.append(el);
      await settle();
      const early = new KeyboardEvent('keydown', {
        key: 'a',
        code: 'KeyA',
        ctrlKey: true,
        shiftKey: true,
        cancelable: true,
      });
      window.dispatchEvent(early);
      // Not known to be ours yet: the page (or the browser) still gets the key.
      expect(early.defaultPrevented, who).to.equal(false);
      answer({ sis: sisFor(who), notifications: [] });
      await settle();
      expect(mounted, who).to.deep.equal(
        who === 'root' ? [{ defaultOpen: false, openedByShortcut: true }] : [],
      );
      el.remove();
    }
  });
});
