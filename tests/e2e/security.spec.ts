/**
 * The platform's defences, each proven against the built app and the real server (docs/security.md lists
 * threat -> defence -> test). Every test here fails if its defence is removed.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './login-helpers';
import { AREA_FAILED, bundleUrl, collectViolations, importMap, signInToHome } from './security-helpers';

// Each test here stands alone (its own sign-in, its own page): both workers take this long file's tests, so
// it does not run on alone at the end of the suite.
test.describe.configure({ mode: 'parallel' });

test.describe('Content-Security-Policy and Trusted Types', () => {
  test('app pages send a per-response nonce, strict-dynamic, frame-ancestors and Trusted Types', async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (const path of ['/home', '/home', '/common/login']) {
      const response = await request.get(path);
      const csp = response.headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      nonces.push(nonce ?? '');
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("require-trusted-types-for 'script'");
      expect(csp).toMatch(/trusted-types default dompurify lit-html/);
      // Every script tag of the page carries this response's nonce.
      const body = await response.text();
      for (const tag of body.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  test('login, the shell and the areas run with no CSP or Trusted Types violation', async ({ page }) => {
    const violations = await collectViolations(page);
    await signInToHome(page);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    for (const [path, heading] of [
      ['/system/help', 'Help'],
      ['/profile', 'Your profile'],
      ['/ext/legacy/', 'Legacy page'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    // The demo data seeds a hostile notification (`<img onerror=...>`): the bar sanitises it without ever
    // parsing the handler (no 'script-src-attr' report either). Trusted Types above all must be silent.
    expect(await violations()).toEqual([]);
  });

  test('the legacy pages, the framed legacy page and the request log report no violation either', async ({
    page,
  }) => {
    const violations = await collectViolations(page);
    await signInToHome(page, 'root');
    await page.goto('/legacy/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('atrium-notification-bar')).toContainText('Maintenance');
    await page.goto('/lapi/telescope/requests');
    await expect(page.getByRole('heading', { level: 1, name: /Request log/ })).toBeVisible();
    await page.goto('/ext/legacy/');
    const frame = page.frameLocator('iframe').first();
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
    // Reports from inside the frame reach the console listener; the page's own list covers the top page.
    await page.waitForTimeout(300);
    expect(await violations()).toEqual([]);
  });

  test('Trusted Types are enforced on the legacy, SSO and request-log pages too', async ({ page }) => {
    await signInToHome(page, 'root');
    for (const path of ['/legacy/', '/lapi/telescope/requests', '/common/login/sso/authorize?state=x']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'");
      // A plain string never reaches an HTML sink: the browser refuses it.
      const outcome = await page.evaluate(() => {
        try {
          document.body.insertAdjacentHTML('beforeend', '<b id="tt-probe">raw</b>');
          return 'written';
        } catch (error) {
          return (error as Error).name;
        }
      });
      expect(outcome, path).toBe('TypeError');
      await expect(page.locator('#tt-probe')).toHaveCount(0);
    }
  });

  test('an inline script and an inline handler injected into the page never run', async ({ page }) => {
    const violations = await collectViolations(page);
    await page.route('**/common/login', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '<body>',
        '<body><script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned2 = 1" alt="">',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/common/login');
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __pwned2?: number }).__pwned2)).toBeUndefined();
    const reported = await violations();
    expect(reported.some((v) => v.startsWith('script-src'))).toBe(true);
  });

  test('strings reach HTML and script sinks only through the policies: the sanitiser, this origin', async ({
    page,
  }) => {
    // On the login page no sanitiser is registered (it is never needed there): a plain string is refused,
    // never written raw.
    await page.goto('/common/login');
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
    const beforeSanitiser = await page.evaluate(() => {
      const div = document.createElement('div');
      try {
        div.innerHTML = '<img src="x" onerror="window.__pwned = 1">';
        return `written: ${div.innerHTML}`;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(beforeSanitiser).toBe('TypeError');
    await signInToHome(page);
    // The shell loads the sanitiser before it mounts: wait for it to be on screen.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const result = await page.evaluate(async () => {
      const div = document.createElement('div');
      // A plain string goes through the page's default policy, i.e. the registered sanitiser.
      div.innerHTML =
        '<b>kept</b><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';
      document.body.append(div);
      const plain = div.innerHTML;
      div.remove();
      const script = document.createElement('script');
      let foreign = 'assigned';
      try {
        script.src = 'https://evil.example/x.js';
      } catch (error) {
        foreign = (error as Error).name;
      }
      let own = 'refused';
      try {
        script.src = '/assets/x.js';
        own = 'assigned';
      } catch {
        // stays refused
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { plain, foreign, own, pwned: (window as unknown as { __pwned?: number }).__pwned };
    });
    expect(result.plain).toContain('<b>kept</b>');
    expect(result.plain).not.toMatch(/onerror|<script/);
    expect(result.foreign).toBe('TypeError');
    expect(result.own).toBe('assigned');
    expect(result.pwned).toBeUndefined();
  });
});

test('the shell registers the native sanitiser: Chromium downloads no DOMPurify', async ({ page }) => {
  const scripts: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await signInToHome(page);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  // Off the home route the seeded notice with markup shows, sanitised.
  await page.goto('/system/help');
  await expect(page.locator('atrium-notification-bar [data-id="maintenance-tonight"] b')).toHaveText(
    'Maintenance',
  );
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(5);
  // A DOMPurify hook name, in every DOMPurify build and in none of our code.
  expect(bodies.filter((body) => body.includes('uponSanitizeElement'))).toEqual([]);
});

test('without the HTML Sanitizer API the shell falls back to DOMPurify, with no CSP or Trusted Types violation', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (Document as unknown as { parseHTML?: unknown }).parseHTML;
    delete (Element.prototype as unknown as { setHTML?: unknown }).setHTML;
  });
  const violations = await collectViolations(page);
  const scripts: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await signInToHome(page);
  await page.goto('/system/help');
  await expect(page.locator('atrium-notification-bar [data-id="maintenance-tonight"] b')).toHaveText(
    'Maintenance',
  );
  await expect(page.locator('atrium-notification-bar img')).toHaveCount(0);
  expect((await Promise.all(scripts)).some((body) => body.includes('uponSanitizeElement'))).toBe(true);
  expect(await violations()).toEqual([]);
});

test.describe('Subresource Integrity', () => {
  test('every bundle the import map names has an sha384 integrity', async ({ request }) => {
    const map = await importMap(request);
    const urls = Object.values(map.imports);
    expect(urls.length).toBeGreaterThan(8);
    for (const url of urls) expect(map.integrity[url]).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);
  });

  test('a tampered area bundle never runs: the area shows its error card, the shell keeps working', async ({
    page,
    request,
    baseURL,
  }) => {
    const helpUrl = await bundleUrl(request, baseURL ?? '', '@atrium/area-help');
    await signInToHome(page);
    await page.route(helpUrl, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `window.__tampered = 1;\n${await response.text()}` });
    });
    await page.goto('/system/help');
    await expect(page.getByText(AREA_FAILED).first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __tampered?: number }).__tampered),
    ).toBeUndefined();
    await expect(page.getByText('How to sign in, find your way around and get support.')).toHaveCount(0);
  });

  test('a tampered login bundle never runs: the page says part of it failed to load', async ({
    page,
    request,
    baseURL,
  }) => {
    const loginUrl = await bundleUrl(request, baseURL ?? '', '@atrium/login');
    await page.route(loginUrl, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `window.__tampered = 1;\n${await response.text()}` });
    });
    await page.goto('/common/login');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Part of the page failed to load.' }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __tampered?: number }).__tampered),
    ).toBeUndefined();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
  });
});

test.describe('import-map-overrides', () => {
  test('production ignores planted overrides and override queries', async ({ page }) => {
    const evil: string[] = [];
    await page.route('**/evil/**', (route) => {
      evil.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__overridden = 1;' });
    });
    await signInToHome(page);
    await page.evaluate(() => {
      localStorage.setItem('import-map-override:@atrium/area-help', '/evil/help.js');
      localStorage.setItem('import-map-overrides-external-maps', JSON.stringify(['/evil/map.json']));
      localStorage.setItem('devtools', 'true');
    });
    const overrideMap = encodeURIComponent(
      JSON.stringify({ imports: { '@atrium/area-help': '/evil/help.js' } }),
    );
    await page.goto(`/system/help?imo=${overrideMap}&import-map-override=${overrideMap}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    expect(evil).toEqual([]);
    expect(await page.evaluate(() => 'importMapOverrides' in window)).toBe(false);
    await expect(page.locator('import-map-overrides-full')).toHaveCount(0);
  });
});

test.describe('tokens', () => {
  test('after sign-in no storage the page can read holds the access token', async ({ page }) => {
    const tokens: string[] = [];
    page.on('response', async (response) => {
      const { pathname } = new URL(response.url());
      if (!response.ok()) return;
      // initialize's answer, or the sign-in's, which carries the new session's initialize answer.
      if (pathname !== '/lapi/rpc/common/ionic/initialize' && pathname !== '/common/login/login_actions.php')
        return;
      type Start = { lapi_access_token?: unknown };
      const body = (await response.json().catch(() => null)) as (Start & { initialize?: Start }) | null;
      for (const start of [body, body?.initialize]) {
        if (typeof start?.lapi_access_token === 'string') tokens.push(start.lapi_access_token);
      }
    });
    await signInToHome(page);
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    expect(tokens.length).toBeGreaterThan(0);
    const stored = await page.evaluate(() => {
      const dump = (storage: Storage) =>
        Array.from({ length: storage.length }, (_, i) => {
          const key = storage.key(i) ?? '';
          return `${key}=${storage.getItem(key) ?? ''}`;
        }).join('\n');
      return [dump(localStorage), dump(sessionStorage), document.cookie].join('\n');
    });
    for (const token of tokens) expect(stored).not.toContain(token);
  });
});

test.describe('redirects go only to this origin', () => {
  const HOSTILE = [
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(document.domain)',
    '%2f%2fevil.example',
    '../../x',
    'https://evil.example/home',
    // Text that looks like a path until the URL parser resolves its dot segments to `//host`.
    '/.//evil.example/phish',
    './/evil.example',
    '/a/..//evil.example',
    '/legacy/..//evil.example',
    '/%2e//evil.example',
    '/.\\evil.example',
    '/.\t//evil.example',
    'https://\u0430trium.test/home',
  ];

  for (const target of HOSTILE) {
    test(`returnUrl ${target} lands on this site's home`, async ({ page, baseURL }) => {
      await signInToHome(page, 'student', `?returnUrl=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL(`${baseURL ?? ''}/home`);
    });
  }

  test('a same-origin returnUrl is honoured', async ({ page, baseURL }) => {
    await signInToHome(page, 'student', `?returnUrl=${encodeURIComponent('/system/help')}`);
    await expect(page).toHaveURL(`${baseURL ?? ''}/system/help`);
  });

  for (const target of [
    '//evil.example/x',
    'https://evil.example/',
    'javascript:alert(1)',
    '/.//evil.example/x',
    '/a/..//evil.example',
  ]) {
    test(`a legacy_redirect of ${target} sends a restricted user to start instead`, async ({
      page,
      baseURL,
    }) => {
      // The redirect arrives with the session's start: in the sign-in's answer on this page.
      await page.route('**/common/login/login_actions.php', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { initialize?: Record<string, unknown> };
        if (body.initialize) body.initialize['legacy_redirect'] = target;
        await route.fulfill({ response, json: body });
      });
      await page.goto('/common/login');
      await signIn(page, 'restricted');
      await expect(page).toHaveURL(`${baseURL ?? ''}/start`);
    });
  }

  for (const target of [
    '/ext//evil.example',
    '/ext/%2f%2fevil.example',
    '/ext/javascript:alert(1)',
    '/ext/https://evil.example/',
  ]) {
    test(`ext page ${target} is refused`, async ({ page }) => {
      await signInToHome(page);
      await page.goto(target);
      await expect(
        page.getByRole('heading', { level: 1, name: "This address can't be shown" }),
      ).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
    });
  }
});

test.describe('sign-out ends the session even when the logout call fails', () => {
  test('the user does not stay signed in, and the old session ends on the server', async ({
    page,
    baseURL,
  }) => {
    await signInToHome(page, 'root');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    // The one logout call fails on the way.
    let failed = false;
    await page.route('**/common/login/logout.php', async (route) => {
      if (failed) return route.fallback();
      failed = true;
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/common\/login/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/common\/login\?returnUrl=%2Fhome/);
    await expect(page.getByRole('heading', { name: /Welcome/ })).toHaveCount(0);
    // The request log, a server page that only the cookie opens, is closed too.
    const log = await page.goto(`${baseURL ?? ''}/lapi/telescope/requests`);
    expect(log?.status()).toBe(401);
  });

  test('while the server cannot be told, no page starts with the old session', async ({ page }) => {
    await signInToHome(page, 'root');
    await page.route('**/common/login/logout.php', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/common\/login/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/common\/login\?returnUrl=%2Fhome/);
    await expect(page.getByRole('heading', { name: /Welcome/ })).toHaveCount(0);
  });
});
