/**
 * Debian's Chromium through playwright-core (never a downloaded browser), a fresh context per cold run so
 * nothing is cached between runs, and a CDP session per page for what Playwright does not expose.
 */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

export async function launchBrowser(): Promise<Browser> {
  // headless: false because --headless=new in the args is the mode we want (Playwright's own default differs).
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: false });
}

export interface ColdPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  close: () => Promise<void>;
}

export interface ColdPageOptions {
  /** CPU slowdown factor (1 = none); set through CDP before the first byte loads. */
  cpuThrottle?: number;
  /** Script evaluated in every document before the page's own scripts. */
  initScript?: string;
}

export const COLD_VIEWPORT = { width: 1280, height: 800 };

/** A new context (empty cache, no cookies) with one page and its CDP session. */
export async function openColdPage(browser: Browser, options: ColdPageOptions = {}): Promise<ColdPage> {
  const context = await browser.newContext({ viewport: COLD_VIEWPORT });
  const page = await context.newPage();
  if (options.initScript) await page.addInitScript(options.initScript);
  const cdp = await context.newCDPSession(page);
  if (options.cpuThrottle && options.cpuThrottle > 1) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
  }
  return { context, page, cdp, close: () => context.close() };
}
