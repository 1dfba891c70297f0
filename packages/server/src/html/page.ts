import { html, SafeHtml } from './escape.js';
import { widgetsLoaderTag } from './widgets-loader.js';

export interface PageOptions {
  title: string;
  /** Main content; must contain the page's single h1. */
  main: SafeHtml;
  /** Extra markup at the end of <body> (e.g. a nonce'd script). */
  tail?: SafeHtml;
  /** Legacy pages embed the widgets bundle and its two elements. */
  widgets?: boolean;
  /** Header navigation, already rendered. */
  nav?: SafeHtml;
}

/**
 * The widgets' loader as legacy pages carry it, after both tags (docs/embedding.md); a published widgets
 * release swaps it for one naming the release's script (releases/live.ts).
 */
export const WIDGETS_SCRIPT = widgetsLoaderTag();

/** The frame of every server-rendered page: lang, landmarks, the shared stylesheet. */
export function renderPage(options: PageOptions): string {
  const widgetsScript = options.widgets ? new SafeHtml(WIDGETS_SCRIPT) : '';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
        <link rel="icon" href="/static/favicon.png" type="image/png" sizes="64x64" />
        <link rel="stylesheet" href="/static/base.css" />
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to main content</a>
        ${options.widgets ? html`<atrium-notification-bar></atrium-notification-bar>` : ''}
        <!-- Named landmarks: the shell shows legacy pages inside its own (ext/**), and landmarks of one role
             must differ by name there. -->
        <header aria-label="${options.title}">${options.nav ?? ''}</header>
        <main id="main" aria-label="${options.title}">${options.main}</main>
        ${options.widgets ? html`<atrium-dev-toolbar></atrium-dev-toolbar>` : ''} ${widgetsScript}
        ${options.tail ?? ''}
      </body>
    </html> `.value;
}
