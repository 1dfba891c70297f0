/**
 * Sees an area go blank while it is mounted: its host element loses its last child. That is what a render
 * crash leaves whatever the area does: React unmounts a root whose error nobody caught, and
 * create-single-spa's template catches it with an error boundary that renders nothing. The shell's own
 * error boundary cannot see either (the area renders into its own React root), so the outlet shows the
 * Retry card when this fires (docs/area-teams.md, "When the area crashes").
 */
export class AreaBlankError extends Error {
  override readonly name = 'AreaBlankError';
  constructor() {
    super('the area emptied its element while mounted (a render crash)');
  }
}

export interface BlankWatch {
  /** Stops watching: before an unmount the shell starts itself, which empties the element on purpose. */
  stop(): void;
}

export function watchBlank(element: Element, onBlank: (error: AreaBlankError) => void): BlankWatch {
  if (typeof MutationObserver === 'undefined') return { stop() {} };
  const observer = new MutationObserver(() => {
    if (element.childNodes.length > 0) return;
    observer.disconnect();
    onBlank(new AreaBlankError());
  });
  observer.observe(element, { childList: true });
  return { stop: () => observer.disconnect() };
}
