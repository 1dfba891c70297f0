import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { InitializeResponseSchema } from '@atrium/api/schemas';
import { APP_CATALOGUE } from '@atrium/api/app-catalogue';
import { Client, normalizeHtml, startServer, type Running } from '../test-helpers.js';
import { safeSameOriginPath } from './safe-path.js';

let server: Running;
beforeAll(async () => {
  server = await startServer({ loginRateLimit: 1000 });
});
afterAll(() => server.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('legacy demo pages', () => {
  it('sends anonymous visitors to the login page, except for terms and privacy', async () => {
    const anonymous = new Client(server.url);
    const home = await anonymous.get('/legacy/');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/common/login?returnUrl=%2Flegacy%2F');
    expect((await anonymous.get('/legacy/lms/')).headers.get('location')).toBe(
      '/common/login?returnUrl=%2Flegacy%2Flms%2F',
    );
    for (const [pathname, heading] of [
      ['/legacy/terms', 'Terms of Use'],
      ['/legacy/privacy', 'Privacy Policy'],
    ] as const) {
      const response = await anonymous.get(pathname);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`<h1>${heading}</h1>`);
    }
  });

  it('renders the legacy home with the widgets, the user, and a link to every app', async () => {
    const client = new Client(server.url);
    await client.signIn('faculty', 101);
    const response = await client.get('/legacy/');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const text = await response.text();
    // The widgets' loader (docs/embedding.md), after both tags, allowed by its hash and nothing broader.
    const loader = /<script data-src="\/widgets\/atrium-widgets\.js">([^<]+)<\/script>/.exec(text);
    expect(loader).not.toBeNull();
    const hash = createHash('sha256').update(loader![1]!, 'utf8').digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(text.indexOf('<atrium-dev-toolbar>')).toBeLessThan(loader!.index);
    expect(text).not.toContain('<script type="module"');
    const page = normalizeHtml(text);
    expect(page).toContain('<html lang="en">');
    expect(page.match(/<h1>/g)).toHaveLength(1);
    expect(page).toContain('<h1>Legacy home</h1>');
    expect(page).toMatch(/<main id="main" aria-label="[^"]+">/);
    expect(page).toContain('<atrium-notification-bar></atrium-notification-bar>');
    expect(page).toContain('<atrium-dev-toolbar></atrium-dev-toolbar>');
    expect(page).toContain('<link rel="stylesheet" href="/static/base.css">');
    expect(page).toContain('Signed in as <strong>Dr. Farah</strong> (faculty)');
    expect(page).toContain('href="/home"');
    for (const app of APP_CATALOGUE)
      expect(page).toContain(`<a href="/legacy/${app.key}/">${app.name.replace('&', '&amp;')}</a>`);
    expect(page).not.toMatch(/react|SystemJS|System\.import/i);

    const appPage = await client.get('/legacy/evaluations/');
    expect(appPage.status).toBe(200);
    expect(await appPage.text()).toContain('<h1>Evaluations &amp; Rubrics (legacy)</h1>');
    expect((await client.get('/legacy/nope/')).status).toBe(404);
    expect((await client.get('/legacy/lms')).headers.get('location')).toBe('/legacy/lms/');
  });

  it('records the restricted user acknowledgement and returns to a same-origin path only', async () => {
    const client = new Client(server.url);
    await client.boot('restricted');
    const before = await client.json(
      InitializeResponseSchema,
      await client.post('/lapi/rpc/common/ionic/initialize'),
    );
    expect(before.legacy_redirect).toBe('/legacy/acknowledge?return=%2Fstart');
    const page = normalizeHtml(await (await client.get(before.legacy_redirect ?? '')).text());
    expect(page).toContain('<form method="post" action="/legacy/acknowledge">');
    expect(page).toContain('<input type="hidden" name="return" value="/start">');
    expect(page).toContain('<button type="submit">Acknowledge</button>');

    const crossSite = await client.request('POST', '/legacy/acknowledge', form({ return: '/start' }), {
      ...FORM,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const posted = await client.request('POST', '/legacy/acknowledge', form({ return: '//evil.example/x' }), {
      ...FORM,
      origin: server.url,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/start');
    const after = await client.json(
      InitializeResponseSchema,
      await client.post('/lapi/rpc/common/ionic/initialize'),
    );
    expect(after.legacy_redirect).toBeNull();

    const other = await client.request('POST', '/legacy/acknowledge', form({ return: '/home?tab=1' }), FORM);
    expect(other.headers.get('location')).toBe('/home?tab=1');
    // A hostile return value is escaped in the page.
    const hostile = await (
      await client.get('/legacy/acknowledge?return=%2F%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')
    ).text();
    expect(hostile).not.toContain('<script>alert(1)');
  });
});

describe('safeSameOriginPath', () => {
  it('accepts paths and refuses everything that could leave the origin', () => {
    expect(safeSameOriginPath('/start')).toBe('/start');
    expect(safeSameOriginPath('/a/b?c=1#d')).toBe('/a/b?c=1#d');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'start',
      '/\tx',
      '',
      42,
    ]) {
      expect(safeSameOriginPath(bad)).toBeNull();
    }
  });
});

describe('the acknowledge form never redirects off the site', () => {
  const HOSTILE = [
    '/.//evil.example/x',
    '/a/..//evil.example',
    '/legacy/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2f%2fevil.example',
    '/.\\evil.example',
    '/.\t//evil.example',
    '/.%0a//evil.example',
  ];

  it.each(HOSTILE)('return=%j lands on /start', async (value) => {
    const client = new Client(server.url);
    await client.signIn('restricted');
    const posted = await client.request('POST', '/legacy/acknowledge', form({ return: value }), FORM);
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toBe('/start');
    expect(new URL(location, server.url).origin).toBe(new URL(server.url).origin);
    // The page's own form carries the default back too, never the hostile value.
    const page = await (await client.get(`/legacy/acknowledge?return=${encodeURIComponent(value)}`)).text();
    expect(page).toContain('value="/start"');
  });
});
