/**
 * The widgets on real legacy PHP screens (tests/real/php/legacy/), served by php-fpm behind nginx on the
 * same origin as Atrium (nginx routes /php/ to PHP, everything else to Atrium), each embedding them
 * through integrations/php/atrium.php: a table layout with an aggressive global stylesheet, Prototype-era
 * globals, a fixed footer at z-index 1000, its own custom element and React 18, a strict CSP; a Latin-1 page
 * in quirks mode; a page whose Atrium is hung. Asserted with computed styles and elementFromPoint.
 */
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  CHROMIUM_PATH,
  chromiumArgsFor,
  freePort,
  startAtrium,
  startPhpSite,
  type PhpSite,
  type RunningServer,
  widgetsUp,
} from '../real/index.js';
import { widgetsAxeViolations } from './widgets-axe.js';

const HOST = 'school.test';
const HUNG_HOST = 'hung-atrium.test';
const PASSWORD = 'atrium-demo';
const DIST = process.env.ATRIUM_DIST_DIR ?? path.resolve('dist');

let atrium: RunningServer | undefined;
let site: PhpSite | undefined;
let hung: Server;
const hungSockets = new Set<Socket>();
let browser: Browser;
let origin = '';

test.beforeAll(async () => {
  // A server that accepts connections and never answers: Atrium hung, as the issue met it.
  const hungPort = await freePort();
  hung = createServer((socket) => {
    hungSockets.add(socket);
    socket.on('close', () => hungSockets.delete(socket));
  });
  await new Promise<void>((resolve) => hung.listen(hungPort, '127.0.0.1', resolve));

  atrium = await startAtrium();
  site = await startPhpSite({
    host: HOST,
    atriumPort: atrium.port,
    phpEnv: {
      ATRIUM_WIDGETS_MANIFEST: path.join(DIST, 'widgets', 'manifest.json'),
      HUNG_ORIGIN: `http://${HUNG_HOST}:${hungPort}`,
    },
  });
  origin = site.origin;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: chromiumArgsFor([HOST, HUNG_HOST]),
  });
});

test.afterAll(async () => {
  await browser?.close();
  for (const socket of hungSockets) socket.destroy();
  await new Promise<void>((resolve) => (hung ? hung.close(() => resolve()) : resolve()));
  await site?.stop();
  await atrium?.stop();
});

let context: BrowserContext;
test.beforeEach(async () => {
  context = await browser.newContext();
});
test.afterEach(async () => {
  await context.close();
});

const url = (page: string) => `${origin}/php/legacy/${page}`;

/**
 * Signs in through Atrium's legacy login, from a page of the test host (the browser resolves it; Node's
 * request context would not), so the browser holds Atrium's `atrium_sid` beside the app's own session.
 */
async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${origin}/php/legacy/aggressive.css`);
  const status = await page.evaluate(
    async ([user, password]) => {
      const answer = await fetch('/common/login/login_actions.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'login', username: user, password }),
      });
      return answer.status;
    },
    [username, PASSWORD],
  );
  expect(status).toBe(200);
}

/** Console errors and warnings, page errors and CSP violations, from the first script on. */
async function recordProblems(page: Page): Promise<{ errors: () => Promise<string[]>; warnings: string[] }> {
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const list: string[] = [];
    Object.defineProperty(window, '__violations', { value: list });
    document.addEventListener('securitypolicyviolation', (event) => {
      list.push(`violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return {
    warnings,
    errors: async () => [
      ...errors,
      ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ],
  };
}

interface Shift {
  value: number;
  /** Each moved element: what it is, its box before and after. */
  moved: string[];
}

/**
 * Records layout shifts without recent input, from each document's start; the returned function loads one
 * legacy screen, waits for the widgets to take over (and late shifts, a font or the session's answer, for a
 * moment more) and returns that document's shifts.
 */
async function recordShifts(page: Page): Promise<(screen: string) => Promise<Shift[]>> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    Object.defineProperty(window, '__shifts', { value: shifts });
    const describe = (node: Node | null) =>
      node ? `${node.nodeName}${node instanceof Element && node.id ? `#${node.id}` : ''}` : 'a removed node';
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        }
      >) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(
          ({ node, previousRect: p, currentRect: c }) =>
            `${describe(node)} ${p.x},${p.y} ${p.width}x${p.height} -> ${c.x},${c.y} ${c.width}x${c.height}`,
        );
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async (screen) => {
    await page.goto(url(screen));
    await widgetsUp(page);
    await page.waitForTimeout(500);
    return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  };
}

const totalShift = (shifts: readonly Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

/** Computed styles and sizes of the bar's parts, the way a user sees them. */
function barLook(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('atrium-notification-bar')!;
    const root = host.shadowRoot!;
    const props = [
      'font-family',
      'font-size',
      'font-weight',
      'font-style',
      'line-height',
      'color',
      'background-color',
      'text-transform',
      'letter-spacing',
      'word-spacing',
      'text-align',
      'margin-top',
      'margin-left',
      'padding-top',
      'padding-left',
      'border-top-width',
      'border-left-style',
      'list-style-type',
      'float',
      'height',
    ];
    const look = (el: Element | null) => {
      if (!el) return null;
      const style = getComputedStyle(el);
      return Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
    };
    return {
      host: { ...look(host), height: String(host.getBoundingClientRect().height) },
      frame: look(root.querySelector('.frame')),
      list: look(root.querySelector('.list')),
      note: look(root.querySelector('li.note:not(.note--static)')),
      staticNote: look(root.querySelector('li.note--static')),
      message: look(root.querySelector('.message')),
      close: look(root.querySelector('.close')),
      open: look(root.querySelector('.open')),
    };
  });
}

test.describe('the widgets on real legacy PHP pages', () => {
  test("the host page's CSS changes nothing inside the widgets, before and after the script", async () => {
    const page = await context.newPage();
    await signIn(page, 'student');
    await page.goto(url('plain.php'));
    await widgetsUp(page);
    const reference = await barLook(page);
    expect(reference.note).not.toBeNull();
    expect(reference.open).not.toBeNull();

    // Server-rendered and styled by the loader, before the widgets' script has even been requested.
    await page.route('**/widgets/atrium-widgets.*.js', () => {});
    await page.goto(url('hostile.php'), { waitUntil: 'domcontentloaded' });
    expect(await barLook(page)).toEqual(reference);
    // The notice's inline formatting is the server's too, not only its words.
    expect(
      await page.evaluate(
        () =>
          document
            .querySelector('atrium-notification-bar')!
            .shadowRoot!.querySelector('[data-id="maintenance-sunday"] .message strong')?.textContent,
      ),
    ).toBe('Sunday');
    await page.unroute('**/widgets/atrium-widgets.*.js');

    await page.goto(url('hostile.php'));
    await widgetsUp(page);
    expect(await barLook(page)).toEqual(reference);
    // The page's own stylesheet did apply to the page.
    expect(
      await page
        .locator('h2')
        .first()
        .evaluate((h) => getComputedStyle(h).color),
    ).toBe('rgb(128, 0, 0)');
  });

  test('the toolbar is on top of a fixed footer at z-index 1000, unstyled by the page, and axe clean', async () => {
    const page = await context.newPage();
    const problems = await recordProblems(page);
    await signIn(page, 'root');
    const session = page.waitForResponse((r) => r.url().includes('/lapi/rpc/common/ionic/initialize'));
    await page.goto(url('hostile.php'));
    await session;
    await widgetsUp(page);
    await page.waitForTimeout(200);
    // The page's own React 18 has rendered its component before the widgets came.
    const pageReact = page.locator('#grade-count');
    await expect(pageReact).toHaveText('React 18.3.1: grades opened 0');
    await page.keyboard.press('Control+Shift+A');
    const toolbar = page.getByRole('region', { name: 'Developer toolbar' });
    await expect(toolbar).toBeVisible();
    await expect(toolbar).toBeFocused();

    const close = toolbar.getByRole('button', { name: 'Close toolbar' });
    const box = (await close.boundingBox())!;
    const footer = (await page.locator('#footer').boundingBox())!;
    // The footer does cover that spot of the viewport; the toolbar is drawn above it.
    expect(box.y + box.height / 2).toBeGreaterThan(footer.y);
    const hit = await page.evaluate(
      ([x, y]) => {
        const top = document.elementFromPoint(x!, y!);
        const inner = top?.shadowRoot?.elementFromPoint(x!, y!);
        return { top: top?.localName, inner: inner?.closest('button')?.textContent?.trim() };
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toEqual({ top: 'atrium-dev-toolbar', inner: 'Close toolbar' });

    const title = await toolbar.getByRole('heading', { name: 'Developer toolbar' }).evaluate((h) => {
      const s = getComputedStyle(h);
      return [s.fontFamily.includes('Georgia'), s.color, s.textDecorationLine, s.textTransform];
    });
    expect(title).toEqual([false, 'rgb(27, 31, 36)', 'none', 'none']);
    expect(await close.evaluate((b) => getComputedStyle(b).textTransform)).toBe('none');
    // "Switch user" is a label above its select, not floated over "Act as user".
    const label = await toolbar.getByText('Switch user').evaluate((l) => getComputedStyle(l).float);
    expect(label).toBe('none');

    // axe-core itself does not survive this page: a UMD bundle, it registers with the page's AMD `define`
    // (which throws here), and its colour code walks objects with for…in. The widgets never needed either
    // to go (asserted above, with them in place); they go for the test's tool alone.
    await page.evaluate(() => {
      const page = window as unknown as Record<string, unknown>;
      delete page['define'];
      delete page['module'];
      delete page['exports'];
      delete (Object.prototype as unknown as Record<string, unknown>)['extendedByThePage'];
    });
    expect(await widgetsAxeViolations(page)).toEqual([]);
    // style-src 'self' and a nonce for scripts: nothing reported, nothing thrown. The page's React 18 is
    // still the page's (the toolbar's React 19 stays in its chunk) and still answers beside the toolbar.
    expect(await problems.errors()).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { React: { version: string } }).React.version),
    ).toBe('18.3.1');
    await pageReact.click();
    await expect(pageReact).toHaveText('React 18.3.1: grades opened 1');
    await expect(toolbar).toBeVisible();
    expect(await page.locator('body').getAttribute('data-onload')).toBe('ran');
    expect(await page.locator('school-clock').textContent()).toBe('clock');
  });

  test('dismissals survive a reload under Prototype.js and reach the new app in the same tab', async () => {
    const page = await context.newPage();
    const problems = await recordProblems(page);
    await signIn(page, 'student');
    await page.goto(url('hostile.php'));
    await widgetsUp(page);
    const bar = page.locator('atrium-notification-bar');
    await bar.getByRole('button', { name: /^Dismiss notification: New gradebook/ }).click();
    await expect(bar).not.toContainText('New gradebook features');
    expect(await page.evaluate(() => sessionStorage.getItem('atrium.dismissedNotifications'))).toBe(
      '["welcome-gradebook"]',
    );

    // Gone from the first paint on: the loader removes it from the server's markup before any script.
    await page.route('**/widgets/atrium-widgets.*.js', () => {});
    await page.reload({ waitUntil: 'domcontentloaded' });
    const early = await page.evaluate(() => {
      const root = document.querySelector('atrium-notification-bar')!.shadowRoot!;
      return [...root.querySelectorAll('li')].map((li) => li.getAttribute('data-id'));
    });
    expect(early).toEqual(['maintenance-sunday', 'privacy-update', 'browser-support']);
    await page.unroute('**/widgets/atrium-widgets.*.js');
    await page.reload();
    await widgetsUp(page);
    await expect(bar.getByRole('status')).toContainText('Scheduled maintenance');
    await expect(bar).not.toContainText('New gradebook features');
    expect(await problems.errors()).toEqual([]);

    // The new app (the shell) in the same tab: the same dismissal.
    await page.goto(`${origin}/profile`);
    const shellBar = page.locator('atrium-notification-bar');
    await expect(shellBar.getByRole('status')).toContainText('Scheduled maintenance');
    await expect(shellBar).not.toContainText('New gradebook features');
  });

  // The pages print atrium_widgets_head(): before it, about one load in six at 8x CPU painted the bar
  // unstyled for a frame (the HTML arriving in pieces) and shifted the page by 0.10-0.15 (docs/embedding.md).
  test('server-rendered notices: layout shift at most 0.01 once the widgets have taken over', async () => {
    const page = await context.newPage();
    const shiftsOf = await recordShifts(page);
    await signIn(page, 'student');
    for (const name of ['hostile.php', 'plain.php', 'latin1.php']) {
      const list = await shiftsOf(name);
      // When it fails, the message says what moved, and from where to where.
      expect(totalShift(list), `${name}: ${JSON.stringify(list)}`).toBeLessThanOrEqual(0.01);
    }
  });

  test('a page that arrives in pieces (the loader 300 ms after the bar): the head link keeps the unstyled bar off the screen', async () => {
    const page = await context.newPage();
    const shiftsOf = await recordShifts(page);
    await signIn(page, 'student');
    const withLink = await shiftsOf('plain.php?split=1');
    expect(totalShift(withLink), JSON.stringify(withLink)).toBeLessThanOrEqual(0.01);
    // The control: the same page without atrium_widgets_head() renders frames with the bar on screen before
    // the loader's piece has arrived, which the head link forbids. Counted as frames (requestAnimationFrame
    // runs only for frames the browser renders), not as a layout shift: how far that early bar moves the page
    // depends on the fonts and the frame the loader lands in, and a control must not depend on either.
    const control = await context.newPage();
    await control.addInitScript(() => {
      const early: number[] = [];
      Object.defineProperty(window, '__earlyBarFrames', { value: early });
      const frame = () => {
        if (document.getElementById('atrium-widgets-ready')) return;
        const bar = document.querySelector('atrium-notification-bar');
        if (bar) early.push(bar.getBoundingClientRect().height);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const earlyFrames = async (screen: string) => {
      await control.goto(url(screen));
      await widgetsUp(control);
      return control.evaluate(() => (window as unknown as { __earlyBarFrames: number[] }).__earlyBarFrames);
    };
    expect(await earlyFrames('plain.php?split=1&pause=1000&head=0&placement=flow')).not.toEqual([]);
    expect(await earlyFrames('plain.php?split=1&pause=1000')).toEqual([]);
  });

  test('a Latin-1 page in quirks mode shows the accents right, before and after the script', async () => {
    const page = await context.newPage();
    const problems = await recordProblems(page);
    await signIn(page, 'student');
    await page.route('**/widgets/atrium-widgets.*.js', () => {});
    await page.goto(url('latin1.php'), { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => [document.characterSet, document.compatMode])).toEqual([
      'windows-1252',
      'BackCompat',
    ]);
    await expect(page.locator('#latin1')).toHaveText('Année universitaire');
    const bar = page.locator('atrium-notification-bar');
    await expect(bar).toContainText('Rentrée des étudiants le 2 septembre à 8 h.');
    await page.unroute('**/widgets/atrium-widgets.*.js');
    await page.reload();
    await widgetsUp(page);
    await expect(bar.getByRole('status')).toContainText('Rentrée des étudiants le 2 septembre à 8 h.');
    await expect(bar.getByRole('button', { name: /^Dismiss notification: Rentrée/ })).toBeVisible();
    expect(await problems.errors()).toEqual([]);
  });

  test("a hung Atrium: the page's load and onload run, the bar takes no room, the console stays quiet", async () => {
    const page = await context.newPage();
    const problems = await recordProblems(page);
    await page.goto(url('hung.php'), { waitUntil: 'load' });
    await expect(page.locator('body')).toHaveAttribute('data-onload', 'ran');
    // The widgets' script was asked for after load, and is still waiting on the hung server.
    expect(
      await page.evaluate(() => [...document.scripts].some((s) => s.src.includes('hung-atrium.test'))),
    ).toBe(true);
    const height = await page
      .locator('atrium-notification-bar')
      .evaluate((b) => b.getBoundingClientRect().height);
    expect(height).toBe(0);
    await expect(page.getByRole('heading', { name: 'Hung Atrium' })).toBeVisible();
    expect(await problems.errors()).toEqual([]);
    expect(problems.warnings.length).toBeLessThanOrEqual(1);
  });

  test('the widgets add no global of their own but the namespaced registry', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const before = Object.getOwnPropertyNames(window);
      Object.defineProperty(window, '__globalsBefore', { value: before });
    });
    await signIn(page, 'root');
    const session = page.waitForResponse((r) => r.url().includes('/lapi/rpc/common/ionic/initialize'));
    await page.goto(url('plain.php'));
    await session;
    await widgetsUp(page);
    await page.waitForTimeout(200);
    await page.keyboard.press('Control+Shift+A');
    await expect(page.getByRole('region', { name: 'Developer toolbar' })).toBeVisible();
    const added = await page.evaluate(() => {
      const before = new Set((window as unknown as { __globalsBefore: string[] }).__globalsBefore);
      return Object.getOwnPropertyNames(window).filter(
        (name) => !before.has(name) && name !== '__globalsBefore',
      );
    });
    expect(added).toEqual([]);
    const symbols = await page.evaluate(() =>
      Object.getOwnPropertySymbols(window).map((symbol) => symbol.description),
    );
    expect(symbols).toEqual(['atrium.widgets']);
  });

  test('a visitor with no session: no bar, no toolbar, no console error', async () => {
    const page = await context.newPage();
    const problems = await recordProblems(page);
    const session = page.waitForResponse((r) => r.url().includes('/lapi/rpc/common/ionic/initialize'));
    await page.goto(url('plain.php?notices=0'));
    expect((await session).status()).toBe(204);
    await widgetsUp(page);
    await page.waitForTimeout(200);
    const height = await page
      .locator('atrium-notification-bar')
      .evaluate((b) => b.getBoundingClientRect().height);
    expect(height).toBe(0);
    expect(await problems.errors()).toEqual([]);
    expect(problems.warnings).toEqual([]);
  });
});

test.describe('a press on the drawn bar before the widgets have loaded', () => {
  test('is held, shown as taken, and carried out once they have', async () => {
    const page = await context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await signIn(page, 'student');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/widgets/atrium-widgets.*.js', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto(url('plain.php'), { waitUntil: 'domcontentloaded' });
    const bar = page.locator('atrium-notification-bar');
    const dismiss = bar.getByRole('button', { name: /^Dismiss notification: New gradebook/ });
    await dismiss.click();
    await expect(dismiss).toHaveAttribute('aria-busy', 'true');
    release();
    await widgetsUp(page);
    await expect(bar).not.toContainText('New gradebook features');
    expect(await page.evaluate(() => sessionStorage.getItem('atrium.dismissedNotifications'))).toBe(
      '["welcome-gradebook"]',
    );
    await expect(
      bar.getByRole('button', { name: /^Dismiss notification: Our privacy policy/ }),
    ).toBeVisible();
  });
});
