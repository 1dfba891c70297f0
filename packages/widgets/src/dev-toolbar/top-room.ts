/**
 * While the acting-as banner shows on a legacy page, room at the top of the page as tall as the banner, so
 * it covers nothing of the host (a wiki's Log In, absolutely positioned at the page's top right, sat under
 * it). The banner is in the top layer at the top of the page (it scrolls with it); the room is a transparent
 * top border of <html>, which <html> gets in addition to the notification bar's room (a top margin the
 * loader keeps in step with the bar: loader/snippet.ts). A border, not a margin or a padding: the page's
 * elements positioned against <html> move down with it (their containing block is its padding box, inside
 * the border), and the bar's own room stays the loader's to size. <html> is made the containing block of the
 * page's absolutely positioned elements if nothing else is, as the loader does for the bar. Everything is
 * put back when the banner goes. Inline styles through the CSSOM, which a CSP's style-src does not govern.
 */
import { useEffect, type RefObject } from 'react';

const PROPERTIES = ['position', 'border-top-width', 'border-top-style', 'border-top-color'] as const;

export function useTopRoom(bannerRef: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const banner = bannerRef.current;
    if (!active || banner === null || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const before = PROPERTIES.map(
      (name) => [name, root.style.getPropertyValue(name), root.style.getPropertyPriority(name)] as const,
    );
    const computed = getComputedStyle(root);
    const own = computed.borderTopStyle === 'none' ? 0 : parseFloat(computed.borderTopWidth) || 0;
    if (computed.position === 'static') root.style.setProperty('position', 'relative');
    if (own === 0) {
      root.style.setProperty('border-top-style', 'solid');
      root.style.setProperty('border-top-color', 'transparent');
    }
    const fit = () => root.style.setProperty('border-top-width', `${own + banner.offsetHeight}px`);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      for (const [name, value, priority] of before) {
        if (value) root.style.setProperty(name, value, priority);
        else root.style.removeProperty(name);
      }
    };
  }, [bannerRef, active]);
}
