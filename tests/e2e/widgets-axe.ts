/**
 * axe-core on the widgets of a legacy page, and on any of the page's own parts named beside them (WCAG 2.2
 * A and AA): the violations as `rule: targets` lines, so a failing test names what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function widgetsAxeViolations(page: Page, pageParts: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).include('atrium-notification-bar').include('atrium-dev-toolbar');
  for (const selector of pageParts) builder = builder.include(selector);
  const axe = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
