import type { CatalogueApp } from '../../../api/src/app-catalogue.js';
import type { DemoUser } from '../demo-data/users.js';
import { displayName } from '../demo-data/users.js';
import { html, type SafeHtml } from '../html/escape.js';
import { renderPage } from '../html/page.js';

/**
 * The legacy PHP screens, as server-rendered demo pages: no React, no SystemJS; the widgets bundle adds the
 * notification bar and the developer toolbar, as it would on the real legacy screens.
 */
/**
 * Sign-out is a POST (issue 19): a link or an image on another site can trigger a GET, while a form post
 * from another site carries its Origin and is refused by the CSRF check (and the SameSite=Lax cookie does
 * not go with it).
 */
export function signOutForm(): SafeHtml {
  return html`<form method="post" action="/common/login/logout.php" class="signout-form">
    <button type="submit">Sign out</button>
  </form>`;
}

function nav(user: DemoUser | null): SafeHtml {
  return html`<nav aria-label="Legacy">
    <ul>
      <li><a href="/legacy/">Legacy home</a></li>
      <li><a href="/home">Back to the new Atrium</a></li>
      ${user ? html`<li>${signOutForm()}</li>` : html`<li><a href="/common/login">Sign in</a></li>`}
    </ul>
    ${user ? html`<p>Signed in as <strong>${displayName(user)}</strong> (${user.username})</p>` : ''}
  </nav>`;
}

function legacyPage(title: string, user: DemoUser | null, main: SafeHtml): string {
  return renderPage({ title: `${title} - Atrium (legacy)`, nav: nav(user), main, widgets: true });
}

/** What GET /common/login/logout.php shows: old links land here, and signing out takes the button. */
export function signOutPage(user: DemoUser | null): string {
  return renderPage({
    title: 'Sign out - Atrium',
    main: user
      ? html`<h1>Sign out</h1>
          <p>You are signed in as <strong>${displayName(user)}</strong>.</p>
          ${signOutForm()}`
      : html`<h1>You are signed out</h1>
          <p><a href="/common/login">Sign in</a></p>`,
  });
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
