/**
 * `npm run screenshot`: the README's picture, taken from the running demo so it can be taken again after
 * the look changes. It starts the reference server on the built `dist/` (run `npm run build` first) and a
 * legacy PHP site in front of it (Debian's php-fpm and nginx, tests/real's harness, as the e2e suites do),
 * signs in as `root`, and photographs two pages side by side:
 *
 * - the signed-in shell at `/home`;
 * - a legacy PHP screen (tests/real/php/legacy/hostile.php) with the notification bar and the developer
 *   toolbar that `integrations/php/atrium.php` embeds, opened with Ctrl+Shift+A.
 *
 * Both shots are composed and encoded as WebP by Debian's Chromium (a canvas), so no image library is
 * needed; the file is docs/images/atrium.webp, small enough to keep in the repository.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../bench/lib/session';
import { startAtrium, startPhpSite, widgetsUp } from '../tests/real/index.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOT_FILE = path.join(ROOT, 'docs', 'images', 'atrium.webp');
const LEGACY_PAGE = '/php/legacy/hostile.php';
/** Each page is shot at a laptop's size and shown at half of it in the picture. */
const VIEWPORT = { width: 1280, height: 800 };
const SCALE = 0.5;
/** WebP quality: text stays legible at half size, and the file stays under about 100 KB. */
const QUALITY = 0.82;

async function shoot(browser: Browser, origin: string, take: (page: Page) => Promise<void>): Promise<Buffer> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await signIn(context.request, origin, 'root');
    const page = await context.newPage();
    await take(page);
    // The toolbar and the bar animate in; a still frame after they settle.
    await page.waitForTimeout(500);
    return await page.screenshot({ type: 'png' });
  } finally {
    await context.close();
  }
}

/** The two shots side by side with a caption under each, encoded by the browser's canvas. */
async function compose(browser: Browser, shots: { caption: string; png: Buffer }[]): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const dataUrl = await page.evaluate(
      async ({ shots, width, height, quality }) => {
        const gap = 16;
        const captionHeight = 32;
        const canvas = document.createElement('canvas');
        canvas.width = shots.length * width + (shots.length + 1) * gap;
        canvas.height = height + captionHeight + 2 * gap;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#eef2f7';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.font = '600 15px sans-serif';
        context.textBaseline = 'middle';
        for (const [index, shot] of shots.entries()) {
          const image = new Image();
          image.src = `data:image/png;base64,${shot.base64}`;
          await image.decode();
          const x = gap + index * (width + gap);
          context.drawImage(image, x, gap, width, height);
          context.strokeStyle = '#9aa8bb';
          context.strokeRect(x - 0.5, gap - 0.5, width + 1, height + 1);
          context.fillStyle = '#1b2430';
          context.fillText(shot.caption, x, gap + height + captionHeight / 2 + 4);
        }
        return canvas.toDataURL('image/webp', quality);
      },
      {
        shots: shots.map((shot) => ({ caption: shot.caption, base64: shot.png.toString('base64') })),
        width: VIEWPORT.width * SCALE,
        height: VIEWPORT.height * SCALE,
        quality: QUALITY,
      },
    );
    if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('this Chromium has no WebP encoder');
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const manifest = path.join(ROOT, 'dist', 'widgets', 'manifest.json');
  if (!existsSync(manifest)) throw new Error('no build in dist/: run `npm run build` first');
  const atrium = await startAtrium();
  try {
    const site = await startPhpSite({
      host: '127.0.0.1',
      atriumPort: atrium.port,
      phpEnv: { ATRIUM_WIDGETS_MANIFEST: manifest },
    });
    try {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS],
        headless: false,
      });
      try {
        // Everything through the PHP site's origin: nginx sends /php/ to PHP and the rest to Atrium, so
        // the shell and the legacy screen share the session cookie, as on a university's own host.
        const shell = await shoot(browser, site.origin, async (page) => {
          await page.goto(`${site.origin}/home`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
        });
        const legacy = await shoot(browser, site.origin, async (page) => {
          await page.goto(`${site.origin}${LEGACY_PAGE}`);
          await widgetsUp(page);
          await page.keyboard.press('Control+Shift+A');
          await page.getByRole('region', { name: 'Developer toolbar' }).waitFor();
          await page.waitForLoadState('networkidle');
        });
        const picture = await compose(browser, [
          { caption: 'The signed-in shell (/home, as root)', png: shell },
          { caption: 'A legacy PHP page with the notification bar and the developer toolbar', png: legacy },
        ]);
        mkdirSync(path.dirname(SCREENSHOT_FILE), { recursive: true });
        writeFileSync(SCREENSHOT_FILE, picture);
        console.log(`${path.relative(ROOT, SCREENSHOT_FILE)}  ${picture.length} B`);
      } finally {
        await browser.close();
      }
    } finally {
      await site.stop();
    }
  } finally {
    await atrium.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`[screenshot] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
