/**
 * The login page's stylesheet. The server sends it inline with the prerendered first screen
 * (`<style data-atrium-login-frame>`, see prerender.tsx), so the app does not carry it: that would be the
 * same 1.2 KB (gzip) twice on the page with the tightest byte budget. The app adopts that text as
 * a constructable sheet (after the kit's, so the page's rules win over the kit's as they did when both were
 * adopted; an inline <style> comes before every adopted sheet) and the mount then removes the element.
 * Only a login mounted without that page (a build without a login frame, an in-app navigation from the
 * shell) fetches the stylesheet, as a chunk, and shows the app once it is adopted.
 */
import { useEffect, useState } from 'react';
import { useStyles } from '@atrium/ui';

export const FRAME_STYLE_SELECTOR = 'style[data-atrium-login-frame]';

const inlineStyles = (): string | null =>
  globalThis.document?.querySelector(FRAME_STYLE_SELECTOR)?.textContent ?? null;

/** True once the login page's styles apply: at once on the served page, else after the chunk loaded. */
export function useLoginStyles(): boolean {
  const [inline] = useState(inlineStyles);
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (inline !== null) return;
    let live = true;
    import(/* webpackChunkName: "login-css" */ './login-css').then(
      (module: { default: string }) => {
        if (live) setLoaded(module.default);
      },
      (error: unknown) => {
        // Unstyled beats absent: the form still works, and the failure is reported.
        console.error('[atrium] login-styles-failed', error);
        if (live) setLoaded('');
      },
    );
    return () => {
      live = false;
    };
  }, [inline]);
  const css = inline ?? loaded;
  // Adopted in this component's insertion effect, which runs after its children's: after the kit's sheet.
  useStyles(...(css ? [css] : []));
  return css !== null;
}
