/**
 * The served login page's first screen: the server sends the app's prerendered markup in the app's
 * container, marked with this attribute (prerender.tsx, index.html's submit guard), and the page's
 * stylesheet inline (login-styles.ts).
 */
import { FRAME_STYLE_SELECTOR } from './login-styles';

export const PRERENDERED_ATTR = 'data-atrium-prerendered';

/**
 * After the first commit React owns the prerendered markup (hydrated) and the app has adopted the inline
 * stylesheet's text: the element can go, and the page's submit guard lets go of the form.
 */
export function retirePrerendered(container: Element | null): void {
  container?.removeAttribute(PRERENDERED_ATTR);
  document.querySelector(FRAME_STYLE_SELECTOR)?.remove();
}
