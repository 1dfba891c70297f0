import type { CatalogueApp } from '../../../api/src/app-catalogue.js';
import type { DemoUser } from '../demo-data/users.js';
import { displayName } from '../demo-data/users.js';
import { html, type SafeHtml } from '../html/escape.js';
import { renderPage } from '../html/page.js';

/**
 * The legacy PHP screens, as server-rendered demo pages: no React, no SystemJS; the widgets bundle adds the
 * notification bar and the developer toolbar, as it would on the real legacy screens.
 */
function nav(user: DemoUser | null): SafeHtml {
  return html`<nav aria-label="Legacy">
    <ul>
      <li><a href="/legacy/">Legacy home</a></li>
      <li><a href="/home">Back to the new Atrium</a></li>
      ${user ? html`<li><a href="/common/login/logout.php">Sign out</a></li>` : html`<li><a href="/common/login">Sign in</a></li>`}
    </ul>
    ${user ? html`<p>Signed in as <strong>${displayName(user)}</strong> (${user.username})</p>` : ''}
  </nav>`;
}

function legacyPage(title: string, user: DemoUser | null, main: SafeHtml): string {
  return renderPage({ title: `${title} - Atrium (legacy)`, nav: nav(user), main, widgets: true });
}

export function legacyHomePage(user: DemoUser, apps: readonly CatalogueApp[]): string {
  return legacyPage(
    'Legacy home',
    user,
    html`<h1>Legacy home</h1>
      <p>Welcome, ${displayName(user)}. These are the classic screens of each app.</p>
      <ul>
        ${apps.map((app) => html`<li><a href="/legacy/${app.key}/">${app.name}</a>: ${app.description}</li> `)}
      </ul>
      <p><a href="/home">Go to the new Atrium home</a></p>`,
  );
}

export function legacyAppPage(user: DemoUser, app: CatalogueApp): string {
  return legacyPage(
    app.name,
    user,
    html`<h1>${app.name} (legacy)</h1>
      <p>${app.description}</p>
      <p>This is the classic screen of ${app.name}. It keeps working beside the new Atrium.</p>
      <p><a href="/legacy/">Back to the legacy home</a></p>`,
  );
}

export function acknowledgePage(user: DemoUser, returnPath: string): string {
  return legacyPage(
    'Acknowledgement required',
    user,
    html`<h1>Acknowledgement required</h1>
      <p>
        Before you continue, confirm that you have read and accept the programme's conduct and privacy rules.
      </p>
      <form method="post" action="/legacy/acknowledge">
        <input type="hidden" name="return" value="${returnPath}" />
        <button type="submit">Acknowledge</button>
      </form>`,
  );
}

export function termsPage(user: DemoUser | null): string {
  return legacyPage(
    'Terms of Use',
    user,
    html`<h1>Terms of Use</h1>
      <p>
        These demo terms stand in for the institution's terms of use. Use the suite for your programme's
        education work only, keep your password to yourself, and respect the privacy of patients, students and
        colleagues.
      </p>`,
  );
}

export function privacyPage(user: DemoUser | null): string {
  return legacyPage(
    'Privacy Policy',
    user,
    html`<h1>Privacy Policy</h1>
      <p>
        This demo policy stands in for the institution's privacy policy. We keep the records your programme
        needs, sign-in records for 90 days, and never sell personal data.
      </p>`,
  );
}

export function legacyNotFoundPage(user: DemoUser | null): string {
  return legacyPage(
    'Page not found',
    user,
    html`<h1>Page not found</h1>
      <p>There is no legacy screen at this address. <a href="/legacy/">Go to the legacy home</a>.</p>`,
  );
}
