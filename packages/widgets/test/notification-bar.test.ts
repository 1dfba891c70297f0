/**
 * <atrium-notification-bar> in real Chromium: attributes, properties, events, the notification rules,
 * the modal, sanitising, shadow-DOM styles and the double-definition guard.
 */
import { expect } from 'chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { SystemNotification } from '@atrium/api';
import { createSessionStore } from '@atrium/session/core';
import type { SessionState } from '@atrium/session/core';
import { defineNotificationBar } from '../src/notification-bar/define.js';
import { NotificationBarElement } from '../src/notification-bar/notification-bar.js';
import { defineOnce } from '../src/registry.js';
import {
  loadFallbackSanitizer,
  loadInlineCodeFilter,
  loadSanitizer,
  nativeSanitizer,
} from '../src/notification-bar/sanitize.js';
import { withoutNativeApi } from './without-native-sanitizer.js';
import { notificationBarShadowMarkup } from '../src/notification-bar/server-markup.js';

const DISMISSED_KEY = 'atrium.dismissedNotifications';

const closeable: SystemNotification = {
  id: 'closeable',
  message: 'New gradebook features.',
  closeable: true,
  clickable: false,
  static: false,
  routeInfo: null,
};
const plain: SystemNotification = {
  id: 'plain',
  message: 'Maintenance on Sunday.',
  closeable: false,
  clickable: false,
  static: false,
  routeInfo: null,
};
const clickable: SystemNotification = {
  id: 'clickable',
  message: 'Privacy policy updated.',
  closeable: true,
  clickable: true,
  static: false,
  body: '<p>We keep records for <strong>90 days</strong>.</p>',
  routeInfo: null,
};
const staticOne: SystemNotification = {
  id: 'static',
  message: 'Update your browser.',
  // A static notice is never closeable, whatever the server says.
  closeable: true,
  clickable: false,
  static: true,
  routeInfo: null,
};

// The page's session store, wired as the hosts wire it (the legacy entry, the shell's slot).
const store = createSessionStore({ channel: null });
const pageSession = { store };
defineNotificationBar({ session: pageSession });

/** The host's session start, as the legacy entry passes it: here it fills the store with `answer`. */
function startingWith(answer: () => Partial<SessionState> | null): () => void {
  return () => {
    store.setState({ status: 'starting' });
    const state = answer();
    if (state) store.setState(state);
  };
}

const mounted: HTMLElement[] = [];

async function mount(
  setup: (el: NotificationBarElement) => void = () => {},
  attributes: Record<string, string> = {},
): Promise<NotificationBarElement> {
  const el = document.createElement('atrium-notification-bar');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (!('route' in attributes)) el.route = '/legacy/';
  setup(el);
  document.body.append(el);
  mounted.push(el);
  await el.updateComplete;
  return el;
}

function rows(el: NotificationBarElement): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-id]')];
}
function ids(el: NotificationBarElement): string[] {
  return rows(el).map((row) => row.dataset['id'] ?? '');
}
function row(el: NotificationBarElement, id: string): HTMLElement {
  const found = el.shadowRoot!.querySelector<HTMLElement>(`[data-id="${id}"]`);
  if (!found) throw new Error(`no row ${id}`);
  return found;
}
async function until(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterEach(() => {
  for (const el of mounted.splice(0)) el.remove();
  store.reset();
  sessionStorage.removeItem(DISMISSED_KEY);
  NotificationBarElement.session = pageSession;
});

describe('<atrium-notification-bar>', () => {
  describe('narrow screens', () => {
    afterEach(async () => {
      await setViewport({ width: 1280, height: 800 });
    });

    const shown = (element: HTMLElement) => element.getBoundingClientRect().height > 0;

    it('folds every notice, static and non-closeable ones too, into one line with a count that unfolds', async () => {
      await setViewport({ width: 375, height: 740 });
      const el = await mount((e) => {
        e.notifications = [staticOne, plain, closeable, clickable];
      });
      const fold = () => el.shadowRoot!.querySelector<HTMLButtonElement>('button.fold')!;
      expect(rows(el).map(shown)).to.deep.equal([true, false, false, false]);
      expect(fold().textContent?.trim()).to.equal('Show all 4 notices');
      expect(fold().getAttribute('aria-expanded')).to.equal('false');
      const frame = el.shadowRoot!.querySelector<HTMLElement>('.frame')!;
      // One line of text: the fold, not a stack of four notices.
      expect(frame.getBoundingClientRect().height).to.be.below(45);

      fold().click();
      await el.updateComplete;
      expect(rows(el).map(shown)).to.deep.equal([true, true, true, true]);
      expect(fold().textContent?.trim()).to.equal('Show fewer notices');
      expect(fold().getAttribute('aria-expanded')).to.equal('true');

      // Wide screens list every notice and never offer the fold.
      fold().click();
      await el.updateComplete;
      await setViewport({ width: 1280, height: 800 });
      expect(rows(el).map(shown)).to.deep.equal([true, true, true, true]);
      expect(shown(fold())).to.equal(false);
    });

    it('has nothing to fold with a single notice', async () => {
      await setViewport({ width: 375, height: 740 });
      const el = await mount((e) => {
        e.notifications = [plain];
      });
      expect(el.shadowRoot!.querySelector('button.fold')).to.equal(null);
    });
  });

  it('is registered as NotificationBarElement and typed through HTMLElementTagNameMap', () => {
    expect(customElements.get('atrium-notification-bar')).to.equal(NotificationBarElement);
    const el: NotificationBarElement = document.createElement('atrium-notification-bar');
    expect(el).to.be.instanceOf(NotificationBarElement);
  });

  describe('attributes and properties', () => {
    it('reads a JSON list from the notifications attribute', async () => {
      const el = await mount(() => {}, { notifications: JSON.stringify([plain, closeable]) });
      expect(ids(el)).to.deep.equal(['plain', 'closeable']);
      expect(row(el, 'plain').textContent).to.contain('Maintenance on Sunday.');
    });

    it('reacts when the attribute changes', async () => {
      const el = await mount(() => {}, { notifications: JSON.stringify([plain]) });
      el.setAttribute('notifications', JSON.stringify([closeable]));
      await el.updateComplete;
      expect(ids(el)).to.deep.equal(['closeable']);
    });

    it('shows nothing and warns for invalid JSON, and drops invalid entries', async () => {
      const warnings: unknown[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args[0]);
      try {
        const el = await mount(() => {}, { notifications: '[{oops' });
        expect(ids(el)).to.deep.equal([]);
        expect(String(warnings[0])).to.contain('not valid JSON');
        el.setAttribute('notifications', JSON.stringify([{ id: 'x' }, plain, { message: 'no id' }]));
        await el.updateComplete;
        expect(ids(el)).to.deep.equal(['plain']);
      } finally {
        console.warn = original;
      }
    });

    it('takes an array through the notifications property', async () => {
      const el = await mount((bar) => {
        bar.notifications = [closeable, plain];
      });
      expect(ids(el)).to.deep.equal(['closeable', 'plain']);
      el.notifications = [plain];
      await el.updateComplete;
      expect(ids(el)).to.deep.equal(['plain']);
    });

    it('reflects route and source', async () => {
      const el = await mount((bar) => {
        bar.notifications = [];
        bar.route = 'home';
      });
      expect(el.getAttribute('route')).to.equal('home');
      expect(el.getAttribute('source')).to.equal('session');
    });
  });

  describe('notification rules', () => {
    it('on the home route shows only the non-closeable ones', async () => {
      const el = await mount(
        (bar) => {
          bar.notifications = [closeable, plain, clickable, staticOne];
        },
        { route: 'home' },
      );
      expect(ids(el)).to.deep.equal(['plain', 'static']);
      el.route = '/evaluations';
      await el.updateComplete;
      expect(ids(el)).to.deep.equal(['closeable', 'plain', 'clickable', 'static']);
    });

    it('gives static notices the warning style and no close button', async () => {
      const el = await mount((bar) => {
        bar.notifications = [plain, staticOne];
      });
      const warning = row(el, 'static');
      expect(warning.querySelector('.close')).to.equal(null);
      expect(getComputedStyle(warning).backgroundColor).to.equal('rgb(255, 244, 214)');
      expect(getComputedStyle(row(el, 'plain')).backgroundColor).to.equal('rgb(232, 240, 251)');
      expect(warning.getAttribute('part')).to.contain('static');
    });

    it('keeps each notice at least 25px tall', async () => {
      const el = await mount((bar) => {
        bar.notifications = [{ ...plain, message: 'x' }];
      });
      expect(row(el, 'plain').getBoundingClientRect().height).to.be.at.least(25);
    });

    it('a one-line closeable notice is exactly the room the frame reserves for it (33px)', async () => {
      const el = await mount((bar) => {
        bar.notifications = [{ ...closeable, message: 'x' }];
      });
      expect(el.shadowRoot!.querySelector('.close')).to.not.equal(null);
      expect(el.getBoundingClientRect().height).to.equal(33);
    });

    it('announces politely through role=status', async () => {
      const el = await mount((bar) => {
        bar.notifications = [plain];
      });
      const region = el.shadowRoot!.querySelector('[role="status"]');
      expect(region).to.not.equal(null);
      expect(region!.getAttribute('aria-live')).to.equal('polite');
      expect(region!.contains(row(el, 'plain'))).to.equal(true);
    });

    it('dismisses a closeable notice for the session, with an event that leaves the shadow root', async () => {
      const events: CustomEvent[] = [];
      const listener = (event: Event) => events.push(event as CustomEvent);
      document.addEventListener('atrium-dismiss', listener);
      try {
        const el = await mount((bar) => {
          bar.notifications = [closeable, plain];
        });
        row(el, 'closeable').querySelector<HTMLButtonElement>('.close')!.click();
        await el.updateComplete;
        expect(ids(el)).to.deep.equal(['plain']);
        expect(events).to.have.length(1);
        expect(events[0]!.detail).to.deep.equal({ id: 'closeable' });
        expect(events[0]!.bubbles && events[0]!.composed).to.equal(true);
        expect(JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]')).to.deep.equal(['closeable']);

        // A new bar (another page of the same session) keeps it dismissed.
        const again = await mount((bar) => {
          bar.notifications = [closeable, plain];
        });
        expect(ids(again)).to.deep.equal(['plain']);
      } finally {
        document.removeEventListener('atrium-dismiss', listener);
      }
    });

    it('cannot dismiss a non-closeable or static notice', async () => {
      const el = await mount((bar) => {
        bar.notifications = [plain, staticOne];
      });
      el.dismiss('plain');
      el.dismiss('static');
      await el.updateComplete;
      expect(ids(el)).to.deep.equal(['plain', 'static']);
      expect(el.shadowRoot!.querySelectorAll('.close')).to.have.length(0);
    });

    it('labels the close buttons with the notice they dismiss', async () => {
      const el = await mount((bar) => {
        bar.notifications = [closeable];
      });
      const button = row(el, 'closeable').querySelector('.close')!;
      expect(button.getAttribute('aria-label')).to.equal('Dismiss notification: New gradebook features.');
    });
  });

  describe('the modal', () => {
    it('opens a clickable notice in a modal dialog, closes on Escape and returns focus', async () => {
      const opened: CustomEvent[] = [];
      const listener = (event: Event) => opened.push(event as CustomEvent);
      document.addEventListener('atrium-open', listener);
      try {
        const el = await mount((bar) => {
          bar.notifications = [clickable];
        });
        const opener = row(el, 'clickable').querySelector<HTMLButtonElement>('.open')!;
        opener.focus();
        opener.click();
        const dialog = el.shadowRoot!.querySelector('dialog')!;
        await until(() => dialog.open, 'the dialog to open');
        expect(dialog.matches(':modal')).to.equal(true);
        expect(opened[0]!.detail).to.deep.equal({ id: 'clickable' });
        expect(opened[0]!.composed).to.equal(true);
        expect(dialog.querySelector('h2')!.textContent).to.equal('Privacy policy updated.');
        expect(dialog.querySelector('strong')!.textContent).to.equal('90 days');
        // Focus is inside the dialog (on Close), not on the page behind it.
        expect(el.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Close');

        await sendKeys({ press: 'Escape' });
        await until(() => !dialog.open, 'the dialog to close');
        expect(el.shadowRoot!.activeElement).to.equal(opener);
      } finally {
        document.removeEventListener('atrium-open', listener);
      }
    });

    it('lets a host cancel atrium-open (to route instead)', async () => {
      const el = await mount((bar) => {
        bar.notifications = [clickable];
      });
      el.addEventListener('atrium-open', (event) => event.preventDefault(), { once: true });
      await el.open('clickable');
      expect(el.shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    });

    it('does not open non-clickable notices', async () => {
      const el = await mount((bar) => {
        bar.notifications = [plain];
      });
      expect(row(el, 'plain').querySelector('button')).to.equal(null);
      await el.open('plain');
      expect(el.shadowRoot!.querySelector('dialog')!.open).to.equal(false);
    });
  });

  describe('server text', () => {
    const hostile = (flag: string): SystemNotification => ({
      ...closeable,
      id: 'xss',
      message: `<b>Maintenance</b> tonight<img src="x" onerror="window.${flag}=true"><script>window.${flag}=true</script>`,
    });

    it('shows sanitised markup in its first paint with the native sanitiser, and runs nothing', async () => {
      expect(nativeSanitizer()).to.not.equal(null);
      // This message holds inline code: its first paint needs the tokenizer's chunk, which a bar loads
      // itself (sanitize-csp.test.ts); here it is in already.
      await loadInlineCodeFilter();
      const flag = '__atriumXssNative';
      (window as unknown as Record<string, unknown>)[flag] = false;
      const el = await mount((bar) => {
        bar.notifications = [hostile(flag)];
      });
      const message = row(el, 'xss').querySelector('.message')!;
      expect(message.querySelector('b')?.textContent).to.equal('Maintenance');
      expect(message.textContent!.trim()).to.equal('Maintenance tonight');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(row(el, 'xss').querySelector('img, script')).to.equal(null);
      expect((window as unknown as Record<string, unknown>)[flag]).to.equal(false);
    });

    it('without the native API: the words first, then DOMPurify, and the same result', async () => {
      const flag = '__atriumXssFallback';
      (window as unknown as Record<string, unknown>)[flag] = false;
      await loadInlineCodeFilter();
      const el = await withoutNativeApi(async () => {
        const bar = await mount((b) => {
          b.notifications = [hostile(flag)];
        });
        // First paint: the words only (DOMPurify is still on its way).
        expect(row(bar, 'xss').querySelector('.message')!.innerHTML).to.not.contain('<b>');
        expect(row(bar, 'xss').querySelector('.message')!.textContent!.trim()).to.equal(
          'Maintenance tonight',
        );
        await loadFallbackSanitizer();
        return bar;
      });
      await until(() => row(el, 'xss').querySelector('b') !== null, 'the sanitised markup');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(row(el, 'xss').querySelector('img, script')).to.equal(null);
      expect((window as unknown as Record<string, unknown>)[flag]).to.equal(false);
      const native = await mount((bar) => {
        bar.notifications = [hostile(flag)];
      });
      expect(row(el, 'xss').querySelector('.message')!.innerHTML).to.equal(
        row(native, 'xss').querySelector('.message')!.innerHTML,
      );
    });

    it('keeps the nodes of an unchanged message when it renders again', async () => {
      const el = await mount((bar) => {
        bar.notifications = [{ ...plain, message: '<b>Bold</b> notice' }, closeable];
      });
      const bold = row(el, 'plain').querySelector('b');
      expect(bold).to.not.equal(null);
      row(el, 'closeable').querySelector<HTMLButtonElement>('.close')!.click();
      await el.updateComplete;
      expect(ids(el)).to.deep.equal(['plain']);
      expect(row(el, 'plain').querySelector('b')).to.equal(bold);
    });

    it('keeps showing a rich message that moves up a row when the notice above it is dismissed', async () => {
      const el = await mount((bar) => {
        bar.notifications = [closeable, { ...plain, message: '<b>Bold</b> notice' }];
      });
      const bold = row(el, 'plain').querySelector('b');
      row(el, 'closeable').querySelector<HTMLButtonElement>('.close')!.click();
      await el.updateComplete;
      expect(ids(el)).to.deep.equal(['plain']);
      expect(row(el, 'plain').querySelector('.message')!.textContent!.trim()).to.equal('Bold notice');
      expect(row(el, 'plain').querySelector('b')).to.equal(bold);
    });

    it('drops javascript: links and keeps https ones', async () => {
      const sanitize = await loadSanitizer();
      const holder = document.createElement('div');
      holder.append(sanitize('<a href="javascript:alert(1)">x</a><a href="https://example.org/">y</a>'));
      const [bad, good] = holder.querySelectorAll('a');
      expect(bad!.hasAttribute('href')).to.equal(false);
      expect(good!.getAttribute('href')).to.equal('https://example.org/');
      expect(good!.getAttribute('rel')).to.equal('noopener noreferrer');
    });

    it('shows a modal body with markup as sanitised nodes', async () => {
      const el = await mount((bar) => {
        bar.notifications = [{ ...clickable, body: '<p>Read <a href="javascript:alert(1)">this</a></p>' }];
      });
      await el.open('clickable');
      const body = el.shadowRoot!.querySelector('#atrium-nb-body')!;
      // Lit's markers are comments; the rest is the sanitised body.
      expect(body.innerHTML.replace(/<!--[^]*?-->/g, '')).to.equal('<p>Read <a>this</a></p>');
      el.close();
    });
  });

  describe('shadow DOM styles', () => {
    it('keeps its styles in the shadow root, untouched by page CSS', async () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.note, li { background: rgb(255, 0, 0) !important; min-height: 0 !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      try {
        const el = await mount((bar) => {
          bar.notifications = [plain];
        });
        expect(el.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
        expect(el.shadowRoot!.querySelector('style')).to.equal(null);
        expect(getComputedStyle(row(el, 'plain')).backgroundColor).to.equal('rgb(232, 240, 251)');
      } finally {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
      }
    });
  });

  describe('the session source', () => {
    it('loads the session notifications when no list is given', async () => {
      let calls = 0;
      NotificationBarElement.session = {
        store,
        start: startingWith(() => {
          calls += 1;
          return { status: 'started', systemNotifications: [plain, closeable] };
        }),
      };
      const el = await mount();
      await until(() => ids(el).length === 2, 'session notifications');
      expect(calls).to.equal(1);
      // An explicit list wins and the session is not asked again.
      const withList = await mount((bar) => {
        bar.notifications = [staticOne];
      });
      expect(ids(withList)).to.deep.equal(['static']);
      expect(calls).to.equal(1);
    });

    it("paints one notice's room (33px) at once, before the session answers", async () => {
      NotificationBarElement.session = { store, start: startingWith(() => null) };
      const el = await mount();
      const frame = el.shadowRoot!.querySelector<HTMLElement>('[role="status"]')!;
      expect(frame.getBoundingClientRect().height).to.equal(33);
      store.setState({ status: 'signed-out' });
      await until(() => frame.getBoundingClientRect().height === 0, 'the empty frame to collapse');
    });

    it('renders nothing inside the Atrium shell (embedded)', async () => {
      let calls = 0;
      NotificationBarElement.session = {
        store,
        start: () => {
          calls += 1;
        },
      };
      NotificationBarElement.embedded = true;
      try {
        const el = await mount();
        expect(el.hidden).to.equal(true);
        expect(el.shadowRoot!.querySelector('[role="status"]')).to.equal(null);
        expect(calls).to.equal(0);
      } finally {
        NotificationBarElement.embedded = false;
      }
    });

    it('shows nothing when the visitor has no session', async () => {
      NotificationBarElement.session = { store, start: startingWith(() => ({ status: 'signed-out' })) };
      const el = await mount();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ids(el)).to.deep.equal([]);
    });
  });

  describe('double definition', () => {
    it('defining again never throws and keeps the first class', () => {
      expect(() => defineNotificationBar()).to.not.throw();
      expect(defineNotificationBar()).to.equal(NotificationBarElement);
    });

    it('warns when another version tries to define the tag', () => {
      const warnings: string[] = [];
      class Other extends HTMLElement {
        static readonly version = '9.9.9';
      }
      const result = defineOnce('atrium-notification-bar', Other, customElements, (m) => warnings.push(m));
      expect(result).to.equal(NotificationBarElement);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain('9.9.9');
    });
  });
});

describe('a bar the page server-rendered, on a hostile page', () => {
  it('takes over declarative shadow DOM: the same notices once, not twice', async () => {
    const holder = document.createElement('div');
    document.body.append(holder);
    const list = JSON.stringify([plain]).replace(/"/g, '&quot;');
    // What integrations/php prints (the markup the element itself renders).
    holder.setHTMLUnsafe(
      `<atrium-notification-bar notifications="${list}"><template shadowrootmode="open">` +
        '<div class="frame frame--reserved" part="frame" role="status" aria-live="polite"' +
        ' aria-label="System notifications"><ul class="list"><li class="note" part="notification"' +
        ' data-id="plain"><span class="message" part="message">Maintenance on Sunday.</span></li></ul>' +
        '</div></template></atrium-notification-bar>',
    );
    const el = holder.querySelector('atrium-notification-bar') as NotificationBarElement;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('li').length).to.equal(1);
    expect(el.shadowRoot!.querySelectorAll('[role="status"]').length).to.equal(1);
    expect(el.shadowRoot!.querySelector('li')!.textContent).to.contain('Maintenance on Sunday.');
    holder.remove();
  });

  it("resets what the page's rules do to the host and what it would inherit", async () => {
    const hostile = new CSSStyleSheet();
    hostile.replaceSync(
      'atrium-notification-bar { margin: 20px; border: 4px solid lime; font-size: 30px; }' +
        'body { text-transform: uppercase !important; letter-spacing: 3px; } html { font-size: 10px; }',
    );
    const el = await mount((bar) => (bar.notifications = [closeable]));
    const before = getComputedStyle(el.shadowRoot!.querySelector('.note')!).minHeight;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hostile];
    try {
      const host = getComputedStyle(el);
      expect([host.marginTop, host.borderTopWidth, host.fontSize]).to.deep.equal(['0px', '0px', '15.2px']);
      const message = getComputedStyle(el.shadowRoot!.querySelector('.message')!);
      expect([message.textTransform, message.letterSpacing]).to.deep.equal(['none', 'normal']);
      // rem sizes are pinned: a 62.5% root does not shrink the bar.
      const close = getComputedStyle(el.shadowRoot!.querySelector('.close')!);
      expect(close.fontSize).to.equal('17.6px');
      expect(getComputedStyle(el.shadowRoot!.querySelector('.note')!).minHeight).to.equal(before);
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== hostile);
    }
  });
});

describe("the bar's first render as HTML (a page the server renders: the shell's signed-in page)", () => {
  /** The server's markup in a host no element upgrades, beside the element's own render of the same list. */
  async function pair(
    list: SystemNotification[],
  ): Promise<{ served: HTMLElement; live: NotificationBarElement }> {
    // The markup goes inside its host, as the server prints it (a shadow root attaches to the template's parent).
    const holder = document.createElement('div');
    holder.setHTMLUnsafe(`<div class="served">${notificationBarShadowMarkup(list, '')}</div>`);
    document.body.append(holder);
    const served = holder.firstElementChild as HTMLElement;
    const live = await mount((bar) => (bar.notifications = list));
    return { served, live };
  }

  for (const width of [1280, 412]) {
    it(`takes the room the element's own render takes, at ${width}px`, async () => {
      await setViewport({ width, height: 800 });
      const { served, live } = await pair([closeable, plain, clickable]);
      try {
        expect(served.shadowRoot!.querySelectorAll('li').length).to.equal(3);
        expect(served.getBoundingClientRect().height).to.be.greaterThan(30);
        expect(served.getBoundingClientRect().height).to.equal(live.getBoundingClientRect().height);
        // The same words (the white space between elements is each template's own).
        const text = (root: ShadowRoot) => root.querySelector('.frame')!.textContent!.replace(/\s+/g, '');
        expect(text(served.shadowRoot!)).to.equal(text(live.shadowRoot!));
      } finally {
        served.parentElement!.remove();
        await setViewport({ width: 1280, height: 800 });
      }
    });
  }

  it('takes no room for no notices, as the element', async () => {
    const { served, live } = await pair([]);
    try {
      expect(served.shadowRoot).to.not.equal(null);
      expect(served.getBoundingClientRect().height).to.equal(live.getBoundingClientRect().height);
    } finally {
      served.parentElement!.remove();
    }
  });
});
