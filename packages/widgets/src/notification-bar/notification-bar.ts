/**
 * `<atrium-notification-bar>`: the session's system notifications (SPEC section 2), the same element in
 * the React shell and on legacy PHP pages. Lit only: this file must never import React, directly or
 * through a barrel, because legacy pages of ordinary users download it and nothing else.
 *
 * A view of the page's session store: which notices show on a route and which are dismissed is the store's
 * decision (`noticesToShow`, `dismissNotification`); the element renders that and reports clicks
 * (`atrium-dismiss`, `atrium-open`). Each host hands it the store once (`defineNotificationBar({ session })`:
 * the shell's NotificationBarSlot, the legacy entry). A list given to the element (the `notifications`
 * attribute of a legacy template) replaces the session's notices, never the rules or the dismissals.
 */
import { LitElement, html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import type { SystemNotification } from '@atrium/api';
// The session's framework-free entry, not its barrel: the barrel re-exports the React hook.
import { noticesToShow } from '@atrium/session/core';
import type { SessionStore } from '@atrium/session/core';
import { WIDGETS_VERSION } from '../version.js';
import { parseNotificationsAttribute } from './notifications.js';
import {
  hasMarkup,
  loadInlineCodeFilter,
  loadSanitizer,
  markupToText,
  nativeSanitizer,
  parseReady,
} from './sanitize.js';
import type { Sanitizer } from './sanitize.js';
import { notificationBarStyles } from './styles.js';

export const NOTIFICATION_BAR_TAG = 'atrium-notification-bar';

/** Marked once per page after the first frame that shows notices (read by the bench and by RUM). */
export const BAR_PAINTED_MARK = 'atrium:notification-bar-painted';

function markPaintedOnce(): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(BAR_PAINTED_MARK).length > 0) return;
  // requestAnimationFrame runs just before the frame is painted; the task after it runs once it is.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (performance.getEntriesByName(BAR_PAINTED_MARK).length === 0) performance.mark(BAR_PAINTED_MARK);
    }, 0),
  );
}

/** `detail` of the element's events. */
export interface NotificationEventDetail {
  id: string;
}

/** The page's session as the element reads it (set once per page by the host). */
export interface NotificationBarSession {
  store: Pick<SessionStore, 'getState' | 'subscribe' | 'dismissNotification'>;
  /**
   * Starts the page's session if nothing has yet: a bar with no list of its own needs it. The legacy entry
   * passes its cookie start (once per page); the shell boots its session itself and passes none.
   */
  start?: () => void;
}

/** No session: the rules still apply, nothing is dismissed. */
const NO_SESSION = { systemNotifications: [], dismissedNotificationIds: [] } as const;

export class NotificationBarElement extends LitElement {
  /** Compared by the double-load guard (two copies of the bundle on one page). */
  static readonly version: string = WIDGETS_VERSION;

  /** The page's session store, set by the host (`defineNotificationBar({ session })`). */
  static session: NotificationBarSession | null = null;

  /**
   * Set by the legacy entry when its page is framed by the Atrium shell, which shows its own bar: the
   * element then renders nothing and takes no room.
   */
  static embedded = false;

  static override styles = notificationBarStyles;

  static override properties = {
    notifications: {
      attribute: 'notifications',
      converter: { fromAttribute: (value: string | null) => parseNotificationsAttribute(value) },
    },
    route: { type: String, reflect: true },
    source: { type: String, reflect: true },
  };

  /** The list to show; when undefined the element reads the session (see `source`). */
  declare notifications: SystemNotification[] | undefined;
  /** The current route; only the home route hides closeable notices. Defaults to `location.pathname`. */
  declare route: string | undefined;
  /** 'session' (the default): with no list given, load the page's session; 'none': show nothing. */
  declare source: 'session' | 'none';

  /**
   * The element's own state is private fields, not Lit's reactive `state` properties (their names stay in
   * the entry, and those are bytes every student downloads): whatever changes one asks for the render.
   */
  #open: SystemNotification | null = null;
  /** The browser's own sanitiser is there at once where it exists: rich text in the first paint. */
  #sanitize: Sanitizer | null = nativeSanitizer();
  /** On narrow screens several notices fold into one line; the user unfolds them (styles.ts). */
  #expanded = false;

  /** The button that opened the modal: focus goes back to it when the modal closes. */
  #opener: HTMLElement | null = null;
  #markedPaint = false;
  /**
   * Sanitised nodes per place and text (`#richText`), for the sanitiser that made them. Kept as arrays of
   * nodes: Lit leaves the same nodes alone on the next render, and moves them when their notice moves up a
   * row (a dismissal above it), where a fragment, emptied by its first insertion, would show nothing.
   */
  #nodes = new Map<string, Node[]>();
  #nodesBy: Sanitizer | null = null;
  #unsubscribe: (() => void) | null = null;

  constructor() {
    super();
    // Reactive properties are declared, not initialised as class fields: with useDefineForClassFields a
    // field initialiser would shadow Lit's accessors and nothing would re-render.
    this.notifications = undefined;
    this.route = undefined;
    this.source = 'session';
  }

  /**
   * A bar the page's server rendered (integrations/php prints it as declarative shadow DOM, styled by the
   * loader snippet) already has a shadow root. Lit would render after that markup; clear it first. The
   * first render follows in the same task, before any paint, and draws the same notices in the same box.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    // Called once per element, before Lit's first render: whatever the root holds is the server's.
    this.shadowRoot?.replaceChildren();
    return super.createRenderRoot();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (NotificationBarElement.embedded) {
      this.hidden = true;
      return;
    }
    // Another bar of the page, the host or another tab of this session may change what shows.
    this.#unsubscribe = this.#session()?.store.subscribe(() => this.requestUpdate()) ?? null;
    this.#maybeStartSession();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  #session(): NotificationBarSession | null {
    return NotificationBarElement.session;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('notifications') || changed.has('source')) this.#maybeStartSession();
    const visible = this.visible;
    // A shown message that may hold inline code waits for the tokenizer's chunk (sanitize.ts): it shows
    // empty in its row until then, and the bar draws again once the chunk is in.
    if (visible.some((n) => !parseReady(n.message))) {
      void loadInlineCodeFilter().then(() => this.requestUpdate());
    }
    // No native sanitiser and a shown message carries markup: fetch DOMPurify (its own chunk); until then
    // the words show as plain text. Hidden notices and modal bodies do not need it yet (`open` fetches it
    // for a body).
    if (this.#sanitize === null && visible.some((n) => hasMarkup(n.message))) {
      void loadSanitizer().then(
        (sanitize) => {
          this.#sanitize = sanitize;
          this.requestUpdate();
        },
        () => {
          // The chunk failed to load: the plain-text rendering stays, which is safe and readable.
        },
      );
    }
  }

  protected override updated(): void {
    if (this.#markedPaint || this.visible.length === 0) return;
    this.#markedPaint = true;
    markPaintedOnce();
  }

  /** True when the element shows the session's own notices (no list given, source not 'none'). */
  #readsSession(): boolean {
    return this.notifications === undefined && this.source !== 'none' && this.#session() !== null;
  }

  /**
   * True while the session's notices are on their way: the frame keeps their room meanwhile. Not for a bar
   * the PHP helper placed on the root of a page it does not own (`placement`): whether anyone is signed in
   * is unknown until the answer, and room held then given back moves the whole page twice; the helper
   * prints the notices it knows instead.
   */
  #pending(): boolean {
    if (this.hasAttribute('placement')) return false;
    const status = this.#session()?.store.getState().status;
    return this.#readsSession() && (status === 'idle' || status === 'starting');
  }

  /** The notifications the session's rules let through, in order (exposed for hosts and tests). */
  get visible(): SystemNotification[] {
    const state = this.#session()?.store.getState() ?? NO_SESSION;
    return noticesToShow(state, this.route ?? globalThis.location?.pathname ?? '', this.#all());
  }

  /** Every notification the element shows from, before the rules. */
  #all(): readonly SystemNotification[] {
    if (this.notifications !== undefined) return this.notifications;
    return this.#readsSession() ? this.#session()!.store.getState().systemNotifications : [];
  }

  #maybeStartSession(): void {
    if (!this.#readsSession() || NotificationBarElement.embedded) return;
    const session = this.#session();
    if (session?.store.getState().status === 'idle') session.start?.();
  }

  /** Dismiss a closeable notification for the rest of the session (the store keeps it, for every page). */
  dismiss(id: string): void {
    const item = this.#all().find((n) => n.id === id);
    if (!item || !item.closeable || item.static) return;
    this.#session()?.store.dismissNotification(id);
    this.dispatchEvent(
      new CustomEvent<NotificationEventDetail>('atrium-dismiss', {
        bubbles: true,
        composed: true,
        detail: { id },
      }),
    );
  }

  #onDismissClick(id: string): void {
    // The button disappears with its notice: keep keyboard users where they were, on the next notice.
    const order = this.visible.map((n) => n.id);
    const index = order.indexOf(id);
    const neighbour = order[index + 1] ?? order[index - 1];
    this.dismiss(id);
    if (neighbour === undefined) return;
    void this.updateComplete.then(() => {
      const row = this.renderRoot.querySelector<HTMLElement>(`[data-id="${CSS.escape(neighbour)}"]`);
      row?.querySelector<HTMLElement>('button')?.focus();
    });
  }

  /** Open a clickable notification's modal. `atrium-open` is cancelable: a host may route instead. */
  async open(id: string, opener: HTMLElement | null = null): Promise<void> {
    const item = this.visible.find((n) => n.id === id);
    if (!item || !item.clickable) return;
    const proceed = this.dispatchEvent(
      new CustomEvent<NotificationEventDetail>('atrium-open', {
        bubbles: true,
        composed: true,
        cancelable: true,
        detail: { id },
      }),
    );
    if (!proceed) return;
    this.#opener = opener;
    if (!parseReady(item.message) || !parseReady(item.body ?? '')) await loadInlineCodeFilter();
    if (this.#sanitize === null && hasMarkup(item.body ?? item.message)) {
      try {
        this.#sanitize = await loadSanitizer();
      } catch {
        // Plain text it is.
      }
    }
    this.#open = item;
    this.requestUpdate();
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog');
    if (dialog && !dialog.open) dialog.showModal();
  }

  /** Close the modal, if open; focus returns to the notice that opened it. */
  close(): void {
    this.renderRoot.querySelector('dialog')?.close();
  }

  #onDialogClose(): void {
    const opener = this.#opener;
    this.#opener = null;
    this.#open = null;
    this.requestUpdate();
    if (opener?.isConnected) opener.focus();
  }

  /**
   * Server text, as sanitised nodes when the sanitiser is ready, else as the words alone. The nodes of an
   * unchanged text in one place (`where`: a notice's row, or the modal) are kept across renders, so a
   * re-render (a dismissal, the modal) does not replace them inside the live region.
   */
  #richText(text: string, where: string): unknown {
    if (!hasMarkup(text)) return text;
    const sanitize = parseReady(text) ? this.#sanitize : null;
    if (!sanitize) return markupToText(text);
    if (this.#nodesBy !== sanitize) {
      this.#nodes.clear();
      this.#nodesBy = sanitize;
    }
    const key = `${where}\n${text}`;
    let nodes = this.#nodes.get(key);
    if (!nodes) this.#nodes.set(key, (nodes = [...sanitize(text).childNodes]));
    return nodes;
  }

  #renderItem(item: SystemNotification): TemplateResult {
    const label = markupToText(item.message);
    const message = item.clickable
      ? html`<button
          class="open"
          part="open"
          aria-haspopup="dialog"
          @click=${(event: Event) => void this.open(item.id, event.currentTarget as HTMLElement)}
        >
          ${this.#richText(item.message, item.id)}
        </button>`
      : this.#richText(item.message, item.id);
    return html`<li
      class=${item.static ? 'note note--static' : 'note'}
      part=${item.static ? 'notification static' : 'notification'}
      data-id=${item.id}
    >
      <span class="message" part="message">${message}</span>
      ${
        item.closeable
          ? html`<button
              class="close"
              part="close"
              aria-label=${`Dismiss notification: ${label}`}
              title="Dismiss"
              @click=${() => this.#onDismissClick(item.id)}
            >
              <span aria-hidden="true">×</span>
            </button>`
          : nothing
      }
    </li>`;
  }

  /**
   * Narrow screens (styles.ts) show the first notice on one line and this button, which says how many
   * there are and unfolds them all: static and non-closeable ones included, which would otherwise take
   * half a phone's screen on every page. Wide screens never show it.
   */
  #renderFold(count: number): TemplateResult {
    return html`<button
      class="fold"
      part="fold"
      aria-expanded=${this.#expanded ? 'true' : 'false'}
      @click=${() => {
        this.#expanded = !this.#expanded;
        this.requestUpdate();
      }}
    >
      ${this.#expanded ? 'Show fewer notices' : `Show all ${count} notices`}
    </button>`;
  }

  #renderDialog(): TemplateResult {
    const item = this.#open;
    return html`<dialog
      part="dialog"
      aria-labelledby="atrium-nb-title"
      aria-describedby="atrium-nb-body"
      @close=${() => this.#onDialogClose()}
    >
      ${
        item
          ? html`<h2 id="atrium-nb-title">${markupToText(item.message)}</h2>
              <div id="atrium-nb-body" class="body">${this.#richText(item.body ?? item.message, '')}</div>
              <div class="actions">
                <button class="button" autofocus @click=${() => this.close()}>Close</button>
              </div>`
          : nothing
      }
    </dialog>`;
  }

  protected override render(): TemplateResult | typeof nothing {
    if (NotificationBarElement.embedded) return nothing;
    const visible = this.visible;
    // The live region is always in the tree, empty or not, so notices that arrive later are announced. It
    // paints at once, 25px tall while the session's notices load, so they do not push the page down.
    const reserved = visible.length > 0 || this.#pending();
    return html`<div
        class=${reserved ? 'frame frame--reserved' : 'frame'}
        part="frame"
        role="status"
        aria-live="polite"
        aria-label="System notifications"
      >
        ${
          visible.length > 0
            ? html`<ul class=${this.#expanded ? 'list list--expanded' : 'list'}>
                ${visible.map((item) => this.#renderItem(item))}
              </ul>`
            : nothing
        }
        ${visible.length > 1 ? this.#renderFold(visible.length) : nothing}
      </div>
      ${this.#renderDialog()}`;
  }
}
