import type { CatalogueApp } from '@atrium/api/app-catalogue';
import type { School } from '@atrium/api/schemas';
import type { LegacyPageMatch } from '@atrium/migration';
import type { DemoUser } from '../demo-data/users.js';
import { displayName } from '../demo-data/users.js';
import { html, type SafeHtml } from '../html/escape.js';
import { renderPage } from '../html/page.js';
import { HOME_PATH, LOGIN_PATH } from '@atrium/api/routes';

/**
 * The legacy PHP screens, as server-rendered demo pages: no React, no SystemJS; the widgets bundle adds the
 * notification bar and the developer toolbar, as it would on the real legacy screens.
 */
/**
 * Sign-out is a POST: a link or an image on another site can trigger a GET, while a form post
 * from another site carries its Origin and is refused by the CSRF check (and the SameSite=Lax cookie does
 * not go with it).
 */
export function signOutForm(): SafeHtml {
  return html`<form method="post" action="/common/login/logout.php" class="signout-form">
    <button type="submit">Sign out</button>
  </form>`;
}

function nav(user: DemoUser | null, newPage: string | null): SafeHtml {
  const across = newPage
    ? html`<a href="${newPage}">This page in the new Atrium</a>`
    : html`<a href="${HOME_PATH}">Back to the new Atrium</a>`;
  return html`<nav aria-label="Legacy">
    <ul>
      <li><a href="/legacy/">Legacy home</a></li>
      <li>${across}</li>
      ${user ? html`<li>${signOutForm()}</li>` : html`<li><a href="${LOGIN_PATH}">Sign in</a></li>`}
    </ul>
    ${user ? html`<p>Signed in as <strong>${displayName(user)}</strong> (${user.username})</p>` : ''}
  </nav>`;
}

/**
 * `newPage` is the new counterpart from the migration map, when the page has one: the page's own link
 * then goes there, so people who never see the developer toolbar (students) can move across too.
 */
function legacyPage(
  title: string,
  user: DemoUser | null,
  main: SafeHtml,
  newPage: string | null = null,
): string {
  return renderPage({ title: `${title} - Atrium (legacy)`, nav: nav(user, newPage), main, widgets: true });
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
          <p><a href="${LOGIN_PATH}">Sign in</a></p>`,
  });
}

export function legacyHomePage(
  user: DemoUser,
  apps: readonly CatalogueApp[],
  newPage: string | null = null,
): string {
  return legacyPage(
    'Legacy home',
    user,
    html`<h1>Legacy home</h1>
      <p>Welcome, ${displayName(user)}. These are the classic screens of each app.</p>
      <ul>
        ${apps.map((app) => html`<li><a href="/legacy/${app.key}/">${app.name}</a>: ${app.description}</li> `)}
      </ul>
      <p><a href="${HOME_PATH}">Go to the new Atrium home</a></p>`,
    newPage,
  );
}

export function legacyAppPage(user: DemoUser, app: CatalogueApp, newPage: string | null = null): string {
  return legacyPage(
    app.name,
    user,
    html`<h1>${app.name} (legacy)</h1>
      <p>${app.description}</p>
      <p>This is the classic screen of ${app.name}. It keeps working beside the new Atrium.</p>
      <p><a href="/legacy/">Back to the legacy home</a></p>`,
    newPage,
  );
}

/**
 * A classic screen the migration map names (a course, an evaluation form, the calendar…): the demo's
 * stand-in for the PHP page, showing the parameters it was opened with, as the real screen would use them.
 */
export function legacyMappedPage(user: DemoUser, page: LegacyPageMatch): string {
  const params = Object.entries(page.params);
  const heading =
    params.length > 0
      ? `${page.entry.title} ${params.map(([, value]) => value).join(' ')}`
      : page.entry.title;
  return legacyPage(
    page.entry.title,
    user,
    html`<h1>${heading} (legacy)</h1>
      <p>This is the classic screen for ${page.entry.title.toLowerCase()}.</p>
      ${
        params.length > 0
          ? html`<dl>
              ${params.map(
                ([name, value]) =>
                  html`<dt>${name}</dt>
                    <dd>${value}</dd>`,
              )}
            </dl>`
          : ''
      }
      <p><a href="/legacy/">Back to the legacy home</a></p>`,
    page.newUrl,
  );
}

/**
 * A school's home (`/<abbreviation>/`), where the school picker lands in production (SPEC section 7). It
 * names the school the session now works in, and says so plainly when this page's school is not it.
 */
export function schoolHomePage(user: DemoUser, school: School, active: School | null): string {
  const isActive = active?.sis_school_id === school.sis_school_id;
  return legacyPage(
    `${school.abbreviation} home`,
    user,
    html`<h1>${school.name_with_ids}</h1>
      ${
        isActive
          ? html`<p class="school-active">You are now working in <strong>${school.abbreviation}</strong>.</p>`
          : html`<p class="school-active">
              This is the home of ${school.abbreviation}. You are working in
              <strong>${active ? active.abbreviation : 'no school'}</strong>.
            </p>`
      }
      <ul>
        <li><a href="${HOME_PATH}">Go to the new Atrium home</a></li>
        <li><a href="/legacy/">Go to the legacy home</a></li>
      </ul>`,
    HOME_PATH,
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
