/**
 * `<atrium-dev-toolbar>` on legacy pages: a tiny light element with no React in it. It waits for the
 * legacy session and, only for root or headquarters users (or someone acting as another user, who needs
 * the way back), imports the toolbar chunk, React included, and mounts it inside itself. Everyone else
 * downloads nothing more. This is about bytes, not security: the server refuses the actions anyway.
 */
import type { LegacySessionSnapshot } from '../registry.js';
import { WIDGETS_VERSION } from '../version.js';
import { canSeeDevToolbar } from '../../../session/src/helpers.js';

export interface ToolbarChunk {
  /** Mounts the toolbar into `host`; returns the unmount. */
  mountDevToolbar(host: HTMLElement, options: { defaultOpen: boolean }): () => void;
}

export interface DevToolbarLoaderDeps {
  loadSession: () => Promise<LegacySessionSnapshot | null>;
  loadToolbar: () => Promise<ToolbarChunk>;
}

/** True when this user gets the toolbar chunk at all. */
export function needsToolbar(snapshot: LegacySessionSnapshot | null): boolean {
  return !!snapshot && (canSeeDevToolbar(snapshot.sis) || snapshot.sis.acting_as !== null);
}

export class DevToolbarLoaderElement extends HTMLElement {
  static readonly version: string = WIDGETS_VERSION;
  /** Injected by the entry (atrium-widgets.ts); tests swap them. */
  static deps: DevToolbarLoaderDeps | null = null;

  private unmount: (() => void) | null = null;
  /** Bumped on every connect and disconnect, so a late chunk never mounts into a removed element. */
  private generation = 0;

  connectedCallback(): void {
    const deps = (this.constructor as typeof DevToolbarLoaderElement).deps;
    if (!deps || this.unmount) return;
    const generation = ++this.generation;
    void (async () => {
      const snapshot = await deps.loadSession();
      if (!needsToolbar(snapshot) || generation !== this.generation) return;
      const chunk = await deps.loadToolbar();
      if (generation !== this.generation || !this.isConnected) return;
      this.unmount = chunk.mountDevToolbar(this, {
        defaultOpen: this.getAttribute('default-open') === 'true',
      });
      this.dispatchEvent(new CustomEvent('atrium-toolbar-ready', { bubbles: true, composed: true }));
    })().catch((error: unknown) => console.warn('[atrium-dev-toolbar] could not load the toolbar', error));
  }

  disconnectedCallback(): void {
    this.generation += 1;
    this.unmount?.();
    this.unmount = null;
  }
}
