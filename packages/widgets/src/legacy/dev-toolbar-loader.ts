/**
 * `<atrium-dev-toolbar>` on legacy pages: a tiny element with no React in it. It waits for the legacy
 * session; for root or headquarters users it only listens for Ctrl+Shift+A (a press while the session is
 * still on its way counts), and imports the toolbar chunk (React included) on that first press, mounting it
 * open. Someone acting as another user needs the way back on every page, so for them the chunk loads at
 * once (the acting-as banner). Everyone else downloads nothing more. This is about bytes, not security: the
 * server refuses the actions anyway.
 */
import type { LegacySessionSnapshot } from '../registry.js';
import { WIDGETS_VERSION } from '../version.js';
import { canSeeDevToolbar } from '@atrium/session/core';
import { isToggleShortcut } from '../dev-toolbar/hotkey.js';

export interface ToolbarChunk {
  /** Mounts the toolbar into `host`'s shadow root; returns the unmount. */
  mountDevToolbar(
    host: HTMLElement,
    options: { defaultOpen: boolean; openedByShortcut?: boolean },
  ): () => void;
}

export interface DevToolbarLoaderDeps {
  loadSession: () => Promise<LegacySessionSnapshot | null>;
  loadToolbar: () => Promise<ToolbarChunk>;
}

export class DevToolbarLoaderElement extends HTMLElement {
  static readonly version: string = WIDGETS_VERSION;
  /** Injected by the entry (atrium-widgets.ts); tests swap them. */
  static deps: DevToolbarLoaderDeps | null = null;

  /**
   * The page's one live toolbar tag. A page that carries two (an old raw tag left in a footer, plus the
   * helper's) would draw two toolbars and two listeners for one shortcut: the others stay inert, and the
   * first of them says so on the console. Kept small: this is the student's bundle, under 15 KB gzip.
   */
  static #active: DevToolbarLoaderElement | null = null;
  static #warned = false;

  #unmount: (() => void) | null = null;
  #loading = false;
  #onShortcut: ((event: KeyboardEvent) => void) | null = null;
  /** Bumped on every connect and disconnect, so a late chunk never mounts into a removed element. */
  #generation = 0;

  connectedCallback(): void {
    const deps = (this.constructor as typeof DevToolbarLoaderElement).deps;
    if (!deps || this.#unmount) return;
    const live = DevToolbarLoaderElement.#active;
    if (live?.isConnected && live !== this) {
      if (!DevToolbarLoaderElement.#warned)
        console.warn('[atrium-dev-toolbar] more than one <atrium-dev-toolbar>: only the first works');
      DevToolbarLoaderElement.#warned = true;
      return;
    }
    DevToolbarLoaderElement.#active = this;
    DevToolbarLoaderElement.#warned = false;
    const generation = ++this.#generation;
    const defaultOpen = this.getAttribute('default-open') === 'true';
    // Listening from the start: the server paints a page's notices before the session has answered, and
    // a root user may press the shortcut then. That press is kept, and acted on once the session says who
    // is here (nothing for anyone else, and nothing prevented: we did not know it was ours).
    let known = false;
    let pressed = false;
    const open = (options = { defaultOpen: false, openedByShortcut: true }) => {
      this.#stopListening();
      this.#mount(deps, generation, options);
    };
    this.#onShortcut = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      pressed = true;
      if (!known) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', this.#onShortcut);
    void deps.loadSession().then((snapshot) => {
      if (generation !== this.#generation) return;
      known = true;
      // Acting as someone: the way back shows on every page, so the chunk loads now; so it does for root or
      // headquarters with the toolbar open by default. Root or headquarters otherwise wait for the shortcut
      // (or act on the one pressed already); anyone else needs nothing more.
      const sis = snapshot?.sis;
      const allowed = !!sis && canSeeDevToolbar(sis);
      if (sis?.acting_as || (defaultOpen && allowed)) open({ defaultOpen, openedByShortcut: false });
      else if (!allowed) this.#stopListening();
      else if (pressed) open();
    });
  }

  disconnectedCallback(): void {
    if (DevToolbarLoaderElement.#active === this) DevToolbarLoaderElement.#active = null;
    this.#generation += 1;
    this.#stopListening();
    this.#unmount?.();
    this.#unmount = null;
  }

  #stopListening(): void {
    if (this.#onShortcut) window.removeEventListener('keydown', this.#onShortcut);
    this.#onShortcut = null;
  }

  #mount(
    deps: DevToolbarLoaderDeps,
    generation: number,
    options: { defaultOpen: boolean; openedByShortcut: boolean },
  ): void {
    if (this.#loading) return;
    this.#loading = true;
    deps
      .loadToolbar()
      .then((chunk) => {
        if (generation !== this.#generation || !this.isConnected) return;
        this.#unmount = chunk.mountDevToolbar(this, options);
        this.dispatchEvent(new CustomEvent('atrium-toolbar-ready', { bubbles: true, composed: true }));
      })
      .catch((error: unknown) => console.warn('[atrium-dev-toolbar] could not load the toolbar', error))
      .finally(() => {
        this.#loading = false;
      });
  }
}
