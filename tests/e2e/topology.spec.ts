/**
 * Atrium in the set-ups a university runs (docs/deploy.md), for real: Debian's nginx ending TLS with a
 * certificate made now, running the reference configurations of deploy/nginx/ as shipped (nginx's default
 * Host rewrite included), php-fpm serving old PHP screens with their own session, and Chromium resolving
 * the test hosts to 127.0.0.1.
 *
 *   https://school.test:<port>          one origin: Atrium, and the PHP screens under /violet/
 *   https://app.school.test:<port>      Atrium on its own host ...
 *   https://legacy.school.test:<port>   ... and the PHP screens on another host of the site (listed)
 *   https://other.school.test:<port>    the same screens on a host Atrium does not list
 */
import https from 'node:https';
import path from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  CHROMIUM_PATH,
  PHP_ROOT,
  chromiumArgsFor,
  freePort,
  makeCertificate,
  renderDeployTemplate,
  startAtrium,
  startNginx,
  startPhpFpm,
  type RunningServer,
} from '../real/index.js';

const HOSTS = ['school.test', 'app.school.test', 'legacy.school.test', 'other.school.test'];
/** Sign-in attempts per client address per minute on this suite's Atrium (the browser uses a few). */
const RATE_LIMIT = 6;
const PASSWORD = 'atrium-demo';
const REACT_MARKER = 'react.transitional.element';

const running: RunningServer[] = [];
let browser: Browser;
let port = 0;
const origin = (host: string) => `https://${host}:${port}`;

test.beforeAll(async () => {
  port = await freePort();
  const httpPort = await freePort();
  const certificate = await makeCertificate(HOSTS);
  const atrium = await startAtrium({
    env: {
      ATRIUM_PUBLIC_ORIGIN: `${origin('school.test')},${origin('app.school.test')}`,
      // The demo backend's users sign in here: on a public origin that must be asked for.
      ATRIUM_DEMO: '1',
      ATRIUM_EMBED_ORIGINS: origin('legacy.school.test'),
      ATRIUM_TRUST_PROXY: '127.0.0.1',
      ATRIUM_LOGIN_RATE_LIMIT: String(RATE_LIMIT),
    },
  });
  running.push(atrium);
  const php = await startPhpFpm();
  running.push(php);
  const common = {
    LISTEN: `127.0.0.1:${port}`,
    TLS_CERT: certificate.cert,
    TLS_KEY: certificate.key,
    ATRIUM_SERVERS: `server 127.0.0.1:${atrium.port};`,
    HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    PHP_FPM: `127.0.0.1:${php.port}`,
    LEGACY_ROOT: path.join(PHP_ROOT, 'topology'),
  };
  const servers = [
    renderDeployTemplate('one-origin.conf.template', { ...common, PUBLIC_HOST: 'school.test' }),
    renderDeployTemplate('two-hosts.conf.template', {
      ...common,
      APP_HOST: 'app.school.test',
      APP_ORIGIN: origin('app.school.test'),
      // server_name takes a list: the unlisted host serves the same screens.
      LEGACY_HOST: 'legacy.school.test other.school.test',
      LEGACY_ORIGIN: origin('legacy.school.test'),
    }),
  ].join('\n');
  running.push(await startNginx({ servers, port }));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgsFor(HOSTS) });
});

test.afterAll(async () => {
  await browser?.close();
  for (const server of running.reverse()) await server.stop();
});

/** Sign in on Atrium's login page, as a person does. */
async function signIn(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/common/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('button', { name: 'Next' }).click();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/common/login'));
}

/** The JavaScript bodies the page loaded from Atrium's /widgets/. */
function widgetScripts(page: Page): {
  page: Page;
  seen: Array<Promise<{ url: string; body: string }>>;
} {
  const seen: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/widgets/')) {
      // A body still being read when the test closes the page is not one the test looked at.
      const body = response.text().catch(() => '(not read: the page closed)');
      seen.push(body.then((text) => ({ url: response.url(), body: text })));
    }
  });
  return { page, seen };
}

/** Console errors, but for the old screens' missing /favicon.ico (nothing of Atrium's). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const where = message.location().url;
    if (message.type() === 'error' && !where.endsWith('/favicon.ico'))
      errors.push(`${message.text()} ${where}`);
  });
  return errors;
}

const bar = (page: Page) => page.locator('atrium-notification-bar').getByRole('status');
const toolbar = (page: Page) => page.getByRole('region', { name: 'Developer toolbar' });

/** The widgets' scripts came from `entry`'s server, and none of them carries React. */
async function expectNoReact(scripts: ReturnType<typeof widgetScripts>, entry: string): Promise<void> {
  // Every script the page asks for once it is up (chunks after load included) is among those checked.
  await scripts.page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts.seen);
  expect(bodies.map((script) => script.url)).toContain(entry);
  for (const script of bodies) expect(script.body, script.url).not.toContain(REACT_MARKER);
}

/**
 * Root on a PHP screen: the bar, the toolbar chunk, Ctrl+Shift+A, the request log link, and the school
 * picker's roster (a call to Atrium through the front door).
 */
async function expectRootToolbar(page: Page, requestLogHref: string): Promise<void> {
  // The session is read (the bar shows it): the toolbar's tag now loads its code on the first Ctrl+Shift+A.
  await expect(bar(page)).toContainText('Scheduled maintenance');
  await page.keyboard.press('Control+Shift+A');
  await expect(toolbar(page)).toBeVisible();
  await expect(toolbar(page).getByRole('link', { name: /Request log/ })).toHaveAttribute(
    'href',
    requestLogHref,
  );
  await toolbar(page).getByRole('combobox', { name: 'Switch school' }).fill('nursing');
  await expect(page.getByRole('option', { name: /nursing-east/ })).toBeVisible();
}

/** The old screen still does its own job, on its own PHP session. */
async function logHours(page: Page, site: string): Promise<void> {
  await page.getByLabel('Site').fill(site);
  await page.getByLabel('Hours').fill('7.5');
  await page.getByRole('button', { name: 'Log hours' }).click();
  await expect(page.getByRole('table', { name: 'Hours logged' })).toContainText(site);
}

test.describe('one origin, path routing, TLS at nginx, Host rewritten', () => {
  let context: BrowserContext;
  test.beforeAll(async () => {
    context = await browser.newContext();
  });
  test.afterAll(() => context.close());

  test('a student signs in through https and gets a Secure __Host- cookie and HSTS', async () => {
    const page = await context.newPage();
    const login = await page.goto(`${origin('school.test')}/common/login`);
    expect(await login?.headerValue('strict-transport-security')).toBe('max-age=31536000');
    await signIn(page, origin('school.test'), 'student');
    await expect(page.getByRole('banner')).toBeVisible();
    const cookies = await context.cookies(origin('school.test'));
    const session = cookies.find((cookie) => cookie.name === '__Host-atrium_sid');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.find((cookie) => cookie.name === 'atrium_sid')).toBeUndefined();
    await page.close();
  });

  test('on a PHP screen of the same origin the student sees the bar and downloads no React', async () => {
    const page = await context.newPage();
    const scripts = widgetScripts(page);
    await page.goto(`${origin('school.test')}/violet/hours.php`);
    await expect(page.getByRole('heading', { name: 'Clinical hours log' })).toBeVisible();
    await expect(bar(page)).toContainText('Scheduled maintenance on Sunday');
    await page.keyboard.press('Control+Shift+A');
    await expect(toolbar(page)).toHaveCount(0);
    await logHours(page, 'North Clinic');
    await expect(bar(page)).toContainText('Scheduled maintenance on Sunday');
    await expectNoReact(scripts, `${origin('school.test')}/widgets/atrium-widgets.js`);
    await page.close();
  });

  test('root gets the toolbar there, and its calls work', async () => {
    const rootContext = await browser.newContext();
    const page = await rootContext.newPage();
    await signIn(page, origin('school.test'), 'root');
    await page.goto(`${origin('school.test')}/violet/hours.php`);
    await expectRootToolbar(page, '/lapi/telescope/requests');
    await rootContext.close();
  });
});

test.describe('two hosts of one site: Atrium on app., PHP screens on legacy.', () => {
  test('root signed in on app. gets the bar and the toolbar on the legacy host', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signIn(page, origin('app.school.test'), 'root');
    await page.goto(`${origin('legacy.school.test')}/violet/hours.php`);
    // Links to Atrium's pages point at Atrium's host, not the page's; the roster is a credentialed
    // cross-origin call with a preflight (bearer token, JSON).
    await expectRootToolbar(page, `${origin('app.school.test')}/lapi/telescope/requests`);
    await logHours(page, 'South Campus');
    expect(errors).toEqual([]);
    // Switching school (swap_company.php, credentialed, cross-origin) lands on the school's Atrium home.
    await expect(bar(page)).toContainText('Scheduled maintenance');
    await page.keyboard.press('Control+Shift+A');
    const picker = toolbar(page).getByRole('combobox', { name: 'Switch school' });
    await picker.fill('nursing');
    await expect(page.getByRole('option', { name: /nursing-east/ })).toBeVisible();
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await page.waitForURL(`${origin('app.school.test')}/nursing-east/`);
    await context.close();
  });

  test('a student there sees the bar and downloads no React', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, origin('app.school.test'), 'student');
    const scripts = widgetScripts(page);
    await page.goto(`${origin('legacy.school.test')}/violet/hours.php`);
    await expect(bar(page)).toContainText('This browser version will not be supported');
    await expect(page.locator('atrium-dev-toolbar')).toBeEmpty();
    await expectNoReact(scripts, `${origin('app.school.test')}/widgets/atrium-widgets.js`);
    await context.close();
  });

  test('a host Atrium does not list is refused, with a console error naming the setting', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, origin('app.school.test'), 'student');
    const errors = consoleErrors(page);
    const refused = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('ATRIUM_EMBED_ORIGINS'),
    });
    await page.goto(`${origin('other.school.test')}/violet/hours.php`);
    const message = await refused;
    expect(message.type()).toBe('error');
    expect(message.text()).toContain(`Atrium at ${origin('app.school.test')} refused the widgets`);
    // Nothing of the session reached the page: the bar shows no notice. The screen itself still works.
    await expect(bar(page)).not.toContainText('Scheduled maintenance');
    await logHours(page, 'East Wing');
    expect(errors.some((text) => text.includes('ATRIUM_EMBED_ORIGINS'))).toBe(true);
    await context.close();
  });
});

/** A sign-in attempt through the front door from one local address (each is a different client). */
function attemptFrom(localAddress: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ action: 'login', username: 'faculty', password: 'not-the-password' });
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        servername: 'school.test',
        rejectUnauthorized: false,
        method: 'POST',
        path: '/common/login/login_actions.php',
        headers: {
          host: `school.test:${port}`,
          origin: origin('school.test'),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('the login rate limit counts the real client behind the front door, not the proxy', async () => {
  // Two clients on their own loopback addresses, both reaching nginx on 127.0.0.1.
  for (let i = 0; i < RATE_LIMIT; i++) expect(await attemptFrom('127.0.0.2')).toBe(401);
  expect(await attemptFrom('127.0.0.2')).toBe(429);
  // A forged X-Forwarded-For does not buy fresh tries: nginx replaces it with the real address.
  expect(await attemptFrom('127.0.0.2', '203.0.113.9')).toBe(429);
  // Another person behind the same front door still has theirs.
  expect(await attemptFrom('127.0.0.3')).toBe(401);
});

test.describe('a front door Atrium was not told about (no settings)', () => {
  const misconfigured: RunningServer[] = [];
  let doorPort = 0;
  test.beforeAll(async () => {
    doorPort = await freePort();
    const certificate = await makeCertificate(['school.test']);
    const atrium = await startAtrium({ env: {} });
    misconfigured.push(atrium);
    const php = await startPhpFpm();
    misconfigured.push(php);
    const servers = renderDeployTemplate('one-origin.conf.template', {
      LISTEN: `127.0.0.1:${doorPort}`,
      TLS_CERT: certificate.cert,
      TLS_KEY: certificate.key,
      ATRIUM_SERVERS: `server 127.0.0.1:${atrium.port};`,
      HTTP_LISTEN: `127.0.0.1:${await freePort()}`,
      PHP_FPM: `127.0.0.1:${php.port}`,
      LEGACY_ROOT: path.join(PHP_ROOT, 'topology'),
      PUBLIC_HOST: 'school.test',
    });
    misconfigured.push(await startNginx({ servers, port: doorPort }));
  });
  test.afterAll(async () => {
    for (const server of misconfigured.reverse()) await server.stop();
  });

  test('sign-in and the widgets are refused with a message naming ATRIUM_PUBLIC_ORIGIN', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const door = `https://school.test:${doorPort}`;
    await page.goto(`${door}/common/login`);
    await page.getByRole('textbox', { name: 'Username' }).fill('student');
    const lookup = page.waitForResponse((response) => response.url().endsWith('/login_actions.php'));
    await page.getByRole('button', { name: 'Next' }).click();
    const refused = await lookup;
    expect(refused.status()).toBe(403);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('csrf');
    expect(body.error.message).toContain('set ATRIUM_PUBLIC_ORIGIN');

    const named = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('ATRIUM_PUBLIC_ORIGIN'),
    });
    await page.goto(`${door}/violet/hours.php`);
    const message = await named;
    expect(message.type()).toBe('error');
    expect(message.text()).toContain(`[atrium-widgets] Atrium at ${door} refused the widgets`);
    await logHours(page, 'West Annex');
    await context.close();
  });
});
