import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATION_MAP } from '@atrium/migration';
import { MigrationMapSchema } from '@atrium/api/schemas';
import { Client, normalizeHtml, startServer, type Running } from '../test-helpers.js';
import { OptionsError } from '../options.js';

let server: Running;
beforeAll(async () => {
  server = await startServer({ loginRateLimit: 1000, legacyPrefixes: ['/classic/'] });
});
afterAll(() => server.close());

describe('the migration map and the legacy screens it names', () => {
  it('serves the map to anyone, with the deployment legacy prefixes added', async () => {
    const response = await new Client(server.url).get('/migration-map.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const map = await new Client(server.url).json(MigrationMapSchema, response);
    expect(map.legacyPrefixes).toEqual(['/legacy/', '/classic/']);
    expect(map.entries).toEqual(DEFAULT_MIGRATION_MAP.entries);
  });

  it('refuses to start with a legacy prefix that could admit the whole site', async () => {
    await expect(startServer({ legacyPrefixes: ['/'] })).rejects.toThrow(OptionsError);
    await expect(startServer({ legacyPrefixes: ['//evil.example/'] })).rejects.toThrow(
      /ATRIUM_LEGACY_PREFIXES/,
    );
  });

  it('renders each mapped legacy screen with its parameters and a link to the page that replaces it', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    const form = normalizeHtml(await (await client.get('/legacy/evaluations/form.php?id=12')).text());
    expect(form).toContain('<h1>Evaluation form 12 (legacy)</h1>');
    expect(form).toContain('<a href="/evaluations/forms/12">This page in the new Atrium</a>');

    const calendar = await client.get('/legacy/scheduling/calendar.php');
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toContain('href="/calendar"');
    const profile = await client.get('/legacy/profile.php');
    expect(normalizeHtml(await profile.text())).toContain('<h1>Profile (legacy)</h1>');
    const reports = await client.get('/legacy/reports/');
    expect(reports.status).toBe(200);

    // An app home links to the app's main route; the legacy home to the new home.
    expect(await (await client.get('/legacy/lms/')).text()).toContain('href="/ei3"');
    expect(await (await client.get('/legacy/')).text()).toContain(
      '<a href="/home">This page in the new Atrium</a>',
    );
  });

  it('answers 404 for legacy addresses the map does not name, or names with a hostile parameter', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    for (const bad of [
      '/legacy/evaluations/form.php',
      '/legacy/evaluations/form.php?id=%3Cscript%3E',
      '/legacy/evaluations/nothing.php',
      '/legacy/nope.php',
    ]) {
      const response = await client.get(bad);
      expect(response.status, bad).toBe(404);
      expect(await response.text()).not.toContain('<script>');
    }
    const anonymous = await new Client(server.url).get('/legacy/evaluations/form.php?id=3');
    expect(anonymous.status).toBe(302);
  });
});

describe('school homes', () => {
  it('serves each plain school abbreviation as a legacy home naming the active school', async () => {
    const root = new Client(server.url);
    await root.boot('root');
    const swap = await root.get(
      '/common/switch/swap_company.php?current_company_id=102&sis_school_id=1002&no_redirect=1',
      // Atrium's api client always sends this stateful header on the swap.
      { 'x-atrium-company': '101' },
    );
    expect(swap.status).toBe(200);
    const home = await root.get('/nursing-east/');
    expect(home.status).toBe(200);
    const page = normalizeHtml(await home.text());
    expect(page).toContain('<h1>Eastern College of Nursing (102 / 1002)</h1>');
    expect(page).toContain('You are now working in <strong>nursing-east</strong>.');
    expect(page).toContain('<atrium-dev-toolbar></atrium-dev-toolbar>');

    const other = normalizeHtml(await (await root.get('/umed/')).text());
    expect(other).toContain('This is the home of umed. You are working in <strong>nursing-east</strong>.');
    expect((await root.get('/umed')).headers.get('location')).toBe('/umed/');
    expect((await new Client(server.url).get('/umed/')).status).toBe(302);
  });
});

describe('the sign-in page for someone already signed in', () => {
  it('sends them home, or to a same-origin returnUrl, and shows the form to everyone else', async () => {
    const client = new Client(server.url);
    await client.signIn('student');
    const home = await client.get('/common/login');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/home');
    expect((await client.get('/common/login?returnUrl=%2Fprofile')).headers.get('location')).toBe('/profile');
    for (const hostile of ['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example%2F', '%2Fcommon%2Flogin']) {
      expect((await client.get(`/common/login?returnUrl=${hostile}`)).headers.get('location')).toBe('/home');
    }
    // A sign-out the browser could not tell the server about shows the form, which finishes it:
    // sending that page home would send the browser back and forth.
    const pending = await fetch(new URL('/common/login?returnUrl=%2Fhome', server.url), {
      redirect: 'manual',
      headers: { cookie: `${client.cookie ?? ''}; atrium_signout=1` },
    });
    expect(pending.headers.get('location')).toBeNull();
    // Anonymous visitors get the page (503 here: these tests run without a build), never a redirect.
    const anonymous = await new Client(server.url).get('/common/login');
    expect(anonymous.headers.get('location')).toBeNull();
    expect([200, 503]).toContain(anonymous.status);
  });
});
