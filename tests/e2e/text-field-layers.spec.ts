/**
 * Typing shows at once: a focused field's caret is a compositor layer of its own in Chromium, and
 * whatever is painted after it in the page goes into a new layer above it. With the field in the page's
 * flow that was the rest of the page, one viewport-sized layer rastered afresh before the first letter
 * could show (about 250 ms at 4x CPU). The kit paints its fields above the flow (kit.css), so that layer
 * is the field's own box. Read from the browser's layer tree, as its tracing reports it after typing.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { signInByRequest } from './login-helpers';

interface TracedLayer {
  name: string;
  width: number;
  height: number;
}

interface TraceEvent {
  name?: string;
  pid?: number;
  args?: { snapshot?: { active_tree?: { layers?: unknown } } };
}

/** The compositor's layers in the last frame the page's renderer drew while tracing. */
function lastLayerTree(trace: Buffer): TracedLayer[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const pageRenderer = events.find((event) => event.name === 'Paint')?.pid;
  const snapshots = events.filter(
    (event) =>
      event.name === 'LayerTreeHostImpl:snapshot' &&
      event.pid === pageRenderer &&
      Array.isArray(event.args?.snapshot?.active_tree?.layers) &&
      (event.args.snapshot.active_tree.layers as unknown[]).length > 0,
  );
  const layers = (snapshots.at(-1)?.args?.snapshot?.active_tree?.layers ?? []) as {
    layer_name?: string;
    bounds?: { width: number; height: number };
  }[];
  return layers.map((layer) => ({
    name: layer.layer_name ?? '',
    width: layer.bounds?.width ?? 0,
    height: layer.bounds?.height ?? 0,
  }));
}

/** Types into the focused field with the browser tracing its layers; resolves with the layers after. */
async function layersAfterTyping(browser: Browser, page: Page, text: string): Promise<TracedLayer[]> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.layers'],
  });
  await page.keyboard.type(text);
  // Two frames, so the frame showing the last letter has been drawn.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return lastLayerTree(await browser.stopTracing());
}

/**
 * Clicks the field, types two letters while the browser traces its layers, and checks the layers Chromium
 * made for the field (named after the first thing in them: the field's element, `tag`) are no larger than
 * its box with its focus ring (the outline the page draws around it, read from its computed style).
 */
async function expectTypingRedrawsOnlyTheField(
  browser: Browser,
  page: Page,
  field: Locator,
  tag: 'INPUT' | 'TEXTAREA',
): Promise<void> {
  await field.click();
  const layers = await layersAfterTyping(browser, page, 'ab');
  await expect(field).toHaveValue('ab');
  const fieldLayers = layers.filter((layer) => new RegExp(`\\b${tag}\\b`).test(layer.name));
  expect(
    fieldLayers.length,
    `no layer for the focused field: does this Chromium still composite the caret? ${JSON.stringify(layers)}`,
  ).toBeGreaterThan(0);
  const box = await field.boundingBox();
  if (!box) throw new Error('the field has no box');
  const ring = await field.evaluate((element) => {
    const style = getComputedStyle(element);
    if (style.outlineStyle === 'none') return 0;
    return 2 * (parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
  });
  for (const layer of fieldLayers) {
    expect(layer.width, layer.name).toBeLessThanOrEqual(Math.ceil(box.width) + ring);
    expect(layer.height, layer.name).toBeLessThanOrEqual(Math.ceil(box.height) + ring);
  }
}

test.use({ viewport: { width: 1280, height: 800 } });

test('typing in the login page’s username field redraws the field, not the whole page', async ({
  browser,
  page,
}) => {
  await page.goto('/common/login');
  const username = page.getByRole('textbox', { name: 'Username' });
  await expectTypingRedrawsOnlyTheField(browser, page, username, 'INPUT');
});

test('typing in a signed-in page’s text box redraws the box, not the whole page', async ({
  browser,
  page,
}) => {
  await signInByRequest(page, 'student');
  await page.goto('/profile');
  const notes = page.getByRole('textbox', { name: 'Notes' });
  await expectTypingRedrawsOnlyTheField(browser, page, notes, 'TEXTAREA');
});
