/**
 * The first paint: the login page's first screen is HTML that paints before any script runs,
 * the app takes it over without losing what was typed, and neither the login page nor the shell moves
 * content around once it is on screen (cumulative layout shift, as Lighthouse scores it).
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { FIRST_SCREEN_IMAGES, FIRST_SCREEN_TYPE, FONT_STACK } from '@atrium/shell/first-screen';
import { PASSWORD, enterUsername, openLogin, signIn, signInByRequest } from './login-helpers';
import { COMPILE_HINT } from '../../webpack.config';

/** Collects layout shifts not caused by input, from the first byte on (the observer is buffered). */
const SHIFT_OBSERVER = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

async function layoutShift(page: Page): Promise<number> {
  // Two frames, so shifts of the last render are reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() =>
    ((window as unknown as { __shifts: number[] }).__shifts ?? []).reduce((sum, value) => sum + value, 0),
  );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page still shows its sign-in screen', async ({ page }) => {
    await page.goto('/common/login');
    await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByText('Part of the page failed to load.')).toBeHidden();
  });
});

/**
 * Opens the login page with its app's module held back until `release()`: the user meets the HTML screen.
 * Not waiting for 'load': the held module's preload keeps the load event back until it is released.
 */
async function openLoginWithAppHeld(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/atrium-login\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/common/login', { waitUntil: 'commit' });
  return { release };
}

test('what is typed before the app has loaded is kept when it takes over', async ({ page }) => {
  const { release } = await openLoginWithAppHeld(page);
  const username = page.getByRole('textbox', { name: 'Username' });
  await username.fill('student');
  // Enter before the app is there does not reload the page with the username in the address.
  await username.press('Enter');
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(username).toBeFocused();
  await expect(username).toHaveValue('student');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('keys typed while the app takes the form over all land, in the field and in the app', async ({
  page,
}) => {
  // A fast typist through the takeover: on a slowed CPU the login module is released and keys go on, one
  // every 15 ms, while React hydrates the form and runs its first effects (its events held back from React
  // until then, hold-events.ts). A key let through too early once lost the text typed before it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const { release } = await openLoginWithAppHeld(page);
  const username = page.getByRole('textbox', { name: 'Username' });
  await username.click();
  await username.pressSequentially('stu');
  release();
  const typed = 'stu' + 'dent'.repeat(8);
  await username.pressSequentially(typed.slice(3), { delay: 15 });
  await expect(username).toHaveValue(typed);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // Still there once the app has rendered again (Next enabled by the name it holds): the app has the text
  // the field shows.
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await expect(username).toHaveValue(typed);
  await username.fill('student');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('Next stays where it was painted when the help links arrive with the settings', async ({ page }) => {
  // Held until the form is on screen, so the links come late, as on a slow network or CPU.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/lapi/rpc/login/settings', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/common/login');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  const before = await next.boundingBox();
  release();
  await expect(page.getByRole('button', { name: 'Forgot Username?' })).toBeVisible();
  expect(await next.boundingBox()).toEqual(before);
});

/**
 * Serves `path` with a parser-blocking script after `after` in its markup, answered only after a pause: the
 * browser then has half the drawn screen parsed and time to paint it, as a slow phone's parser yielding
 * part-way does. Resolves with the page's first paint and the moment the rest of the markup was released.
 */
async function paintAroundParserPause(page: Page, path: string, after: string) {
  await page.route('**/__parser-pause.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__resumedAt = performance.now();' });
  });
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce && html.includes(after)).toBeTruthy();
    const paused = html.replace(after, `${after}<script nonce="${nonce}" src="/__parser-pause.js"></script>`);
    await route.fulfill({ response, body: paused });
  });
  await page.goto(path);
  return page.evaluate(async () => ({
    firstPaint: await new Promise<number>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
        type: 'paint',
        buffered: true,
      }),
    ),
    resumedAt: (window as unknown as { __resumedAt: number }).__resumedAt,
  }));
}

test('the login page paints its card whole: never half parsed (a slow phone would see the card grow and move)', async ({
  page,
}) => {
  const { firstPaint, resumedAt } = await paintAroundParserPause(
    page,
    '/common/login',
    '<h2 class="atr-login__title">Sign In</h2>',
  );
  expect(resumedAt).toBeGreaterThan(0);
  expect(firstPaint).toBeGreaterThanOrEqual(resumedAt);
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
});

test("a signed-in home paints the server's screen whole, never half parsed", async ({ page }) => {
  await signInByRequest(page, 'student');
  const { firstPaint, resumedAt } = await paintAroundParserPause(page, '/home', '</h1>');
  expect(resumedAt).toBeGreaterThan(0);
  expect(firstPaint).toBeGreaterThanOrEqual(resumedAt);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
});

test.describe('layout stability on a phone-sized screen', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the login page does not move once painted', async ({ page }) => {
    await page.addInitScript(SHIFT_OBSERVER);
    await page.goto('/common/login');
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Forgot Username?' })).toBeVisible();
    // Lighthouse calls under 0.1 good; the frame and the app's first render are the same layout.
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });

  test('home does not move once painted: the frame leaves and the notices arrive with the shell', async ({
    page,
  }) => {
    await page.goto('/common/login');
    await page.getByRole('textbox', { name: 'Username' }).fill('student');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // A cold load of home, signed in.
    await page.addInitScript(SHIFT_OBSERVER);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await expect(page.getByText('Scheduled maintenance', { exact: false })).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });
});

/**
 * Every font home draws text in, light and shadow DOM, as `weight px-size style family` (computed values):
 * what the login page must have looked up ahead for the first screen after a sign-in (FIRST_SCREEN_TYPE).
 */
function homeTypes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const types = new Set<string>();
    const visit = (root: ParentNode) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        const style = getComputedStyle(element);
        const hasText = [...element.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
        // Text that is not drawn (display: none, visibility: hidden) needs no font.
        if (!hasText || !element.checkVisibility({ visibilityProperty: true })) continue;
        types.add(`${style.fontWeight} ${style.fontSize} ${style.fontStyle} ${style.fontFamily}`);
      }
    };
    visit(document.body);
    return [...types].sort();
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 412, height: 823 },
]) {
  test(`home at ${viewport.width}px shows text only in the typefaces the login page looked up ahead`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLogin(page);
    await signIn(page, 'student');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await expect(page.getByText('Scheduled maintenance', { exact: false })).toBeVisible();
    const rootSize = await page.evaluate(() =>
      parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    const family = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--atr-font').trim(),
    );
    expect(family.replaceAll("'", '"')).toBe(FONT_STACK.replaceAll("'", '"'));
    const ahead = FIRST_SCREEN_TYPE.map(
      ({ weight, size }) =>
        `${weight} ${parseFloat(size) * rootSize}px normal ${family.replaceAll("'", '"')}`,
    );
    const missing = (await homeTypes(page)).filter((type) => !ahead.includes(type));
    expect(missing).toEqual([]);
  });
}

/**
 * Paths of the images fetched so far on this page (resource timing: the memory cache's loads count once),
 * by an `<img>` or by the page's own `<link rel="preload" as="image">` (React adds one for the login card's
 * logo).
 */
function fetchedImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => ['img', 'link'].includes((entry as PerformanceResourceTiming).initiatorType))
      .map((entry) => new URL(entry.name).pathname),
  );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 412, height: 823 },
]) {
  test(`at ${viewport.width}px the password step loads the images home shows, before Sign In`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLogin(page);
    await enterUsername(page, 'student');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // The early start runs when the page is idle: the first screen's images arrive while the person types.
    await expect
      .poll(async () => {
        const fetched = await fetchedImages(page);
        return FIRST_SCREEN_IMAGES.filter((image) => !fetched.includes(image));
      })
      .toEqual([]);
    const beforeSignIn = await fetchedImages(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('img')]
        .filter((image) => image.checkVisibility({ visibilityProperty: true }))
        .map((image) => new URL(image.currentSrc).pathname),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((image) => !beforeSignIn.includes(image))).toEqual([]);
  });
}

/** V8's explicit compile hint as the first line of a file, the way the build writes it. */
const COMPILE_HINT_LINE = COMPILE_HINT.trimEnd();

test('the password step fetches the code home runs marked for V8 to compile as it streams in; the login page’s own code is not', async ({
  page,
}) => {
  const firstLines = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js'))
      firstLines.set(
        pathname,
        response.text().then((body) => body.split('\n', 1)[0] ?? ''),
      );
  });
  await openLogin(page);
  await enterUsername(page, 'student');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const urlOf = (names: string[]) =>
    page.evaluate(
      (ids) =>
        ids.map(
          (id) =>
            new URL((window as unknown as { System: { resolve(id: string): string } }).System.resolve(id))
              .pathname,
        ),
      names,
    );
  const hinted = await urlOf(['@atrium/shell', '@atrium/area-home', '@atrium/session', 'react-dom/client']);
  const loginOwn = await urlOf([
    '@atrium/login',
    '@atrium/api',
    'single-spa',
    'react',
    '@atrium/root-config',
  ]);
  // The early start runs when the page is idle, while the person types.
  await expect.poll(() => hinted.filter((url) => !firstLines.has(url))).toEqual([]);
  const bootChunks = [...firstLines.keys()].filter(
    (url) => url.startsWith('/assets/atrium-root-config.') && !loginOwn.includes(url),
  );
  expect(bootChunks.length).toBeGreaterThan(0);
  for (const url of [...hinted, ...bootChunks])
    expect(await firstLines.get(url), url).toBe(COMPILE_HINT_LINE);
  for (const url of loginOwn) {
    // Fetched, and without the hint (a module never fetched would prove nothing).
    expect(firstLines.has(url), url).toBe(true);
    expect(await firstLines.get(url), url).not.toBe(COMPILE_HINT_LINE);
  }
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
});
