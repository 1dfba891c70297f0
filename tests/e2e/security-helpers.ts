/** Shared by the security, fault and accessibility specs: sign-in, violation collection, the import map. */
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { openLogin, signIn } from './login-helpers';

/** Records every CSP / Trusted Types violation and console error about them, from the first script on. */
export async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Trusted ?Type/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const list: string[] = [];
    Object.defineProperty(window, '__atriumViolations', { value: list });
    document.addEventListener('securitypolicyviolation', (event) => {
      list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __atriumViolations?: string[] }).__atriumViolations ?? [],
    )),
    ...consoleErrors,
  ];
}

/** Signs in from the login page and waits for the home page. */
export async function signInToHome(page: Page, username = 'student', query = ''): Promise<void> {
  if (query) {
    await page.goto(`/common/login${query}`);
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  } else {
    await openLogin(page);
  }
  await signIn(page, username);
  if (!query) await expect(page).toHaveURL(/\/home$/);
}

export interface BuiltImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

export async function importMap(request: APIRequestContext): Promise<BuiltImportMap> {
  const response = await request.get('/importmap.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as BuiltImportMap;
}

/** The absolute URL of an import-map name's bundle. */
export async function bundleUrl(request: APIRequestContext, baseURL: string, name: string): Promise<string> {
  const map = await importMap(request);
  const href = map.imports[name];
  if (!href) throw new Error(`${name} is not in the import map`);
  return new URL(href, baseURL).href;
}

/** The shell's error card for an area, or (before the shell has one) root-config's load alert. */
export const AREA_FAILED = /This part of Atrium couldn't be loaded|Part of the page failed to load\./;
