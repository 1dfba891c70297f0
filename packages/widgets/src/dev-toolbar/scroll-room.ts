/**
 * While the toolbar panel is open on a legacy page, room at the end of the page as tall as the panel: an
 * empty `<atrium-toolbar-room>` after <body>. The panel is fixed to the bottom of the viewport, in the top
 * layer, above everything of the page; without the room, the page's last controls (a wiki editor's Save
 * button, a footer's links) sat under it with no scroll left to bring them out. With it, every control of
 * the page can be scrolled above the panel. Removed when the panel closes; the page's own styles are not
 * touched (the room is an element of its own, sized through the CSSOM, which a CSP does not govern).
 */
import { useEffect, type RefObject } from 'react';

export function useScrollRoom(panelRef: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const panel = panelRef.current;
    if (!active || panel === null || typeof ResizeObserver !== 'function') return;
    const room = document.createElement('atrium-toolbar-room');
    room.setAttribute('aria-hidden', 'true');
    room.style.cssText = 'display:block;margin:0;padding:0;border:0';
    const fit = () => room.style.setProperty('height', `${panel.offsetHeight}px`);
    fit();
    document.documentElement.appendChild(room);
    const observer = new ResizeObserver(fit);
    observer.observe(panel);
    return () => {
      observer.disconnect();
      room.remove();
    };
  }, [panelRef, active]);
}
