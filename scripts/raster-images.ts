/**
 * `npm run raster-images`: draws the raster copies of the suite's pictures from their SVG sources in
 * packages/server/public, with Debian's Chromium: the apps' logos and heroes and Atrium's logo as WebP, the
 * tab's icon as PNG. The pages show the copies; the SVGs stay the sources.
 *
 * Why raster: an SVG `<img>` is a document of its own, parsed, laid out and painted on the main thread after
 * the first paint. Measured at 4x CPU (docs/decisions.md "Pictures as WebP"): home's eight were 60–90 ms
 * of its first paint task and most of Lighthouse's blocking time there; the login page's showcase doubled
 * the blocking time after its first paint, while a person types. A WebP is decoded off the main thread
 * and painted as one bitmap.
 *
 * The files are committed (the build and a fresh machine need no browser for them); scripts/raster-images.json
 * records which SVG each was drawn from, and scripts/raster-images.test.ts fails when an SVG changed without
 * its copy being drawn again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APP_KEYS } from '@atrium/api/app-catalogue';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PUBLIC_DIR = path.join(ROOT, 'packages', 'server', 'public');
export const RASTER_MANIFEST = path.join(ROOT, 'scripts', 'raster-images.json');

/** WebP quality for the canvas encoder: no visible banding in the gradients, a few KB a logo. */
const QUALITY = 0.9;

export interface RasterImage {
  /** The SVG, relative to packages/server/public. */
  readonly source: string;
  /** The copy drawn from it, relative to packages/server/public. */
  readonly raster: string;
  /** Its size in pixels: twice the largest CSS size it is shown at, sharp on 2x screens. */
  readonly width: number;
  readonly height: number;
  /** WebP for the pages' pictures; PNG for the tab's icon, the one format every browser takes there. */
  readonly format?: 'webp' | 'png';
}

/**
 * Atrium's logo: 32 CSS px (the top bar, the login card). An app's logo: 32 (showcase tabs), 48 (launcher,
 * showcase), 64 (the app's landing page). A hero: the showcase's picture, at most 640 × 360. The tab's
 * icon: the browser decodes an SVG one in the page's renderer, on its main thread (25–63 ms at 4x CPU on
 * the login page, while a person types); 16 CSS px, 64 px covers a 4x tab strip.
 */
export const RASTER_IMAGES: readonly RasterImage[] = [
  { source: 'favicon.svg', raster: 'atrium-logo.webp', width: 64, height: 64 },
  { source: 'favicon.svg', raster: 'favicon.png', width: 64, height: 64, format: 'png' },
  ...APP_KEYS.flatMap((key) => [
    { source: `apps/${key}/logo.svg`, raster: `apps/${key}/logo.webp`, width: 128, height: 128 },
    { source: `apps/${key}/hero.svg`, raster: `apps/${key}/hero.webp`, width: 1280, height: 720 },
  ]),
];

export function sourceHash(svg: Buffer | string): string {
  return createHash('sha256').update(svg).digest('hex');
}

async function main(): Promise<void> {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('./chromium.mjs');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const manifest: Record<string, string> = {};
  try {
    const page = await browser.newPage();
    for (const image of RASTER_IMAGES) {
      const svg = readFileSync(path.join(PUBLIC_DIR, image.source));
      const type = `image/${image.format ?? 'webp'}`;
      const dataUrl = await page.evaluate(
        async ({ svgBase64, width, height, type, quality }) => {
          const source = new Image();
          source.src = `data:image/svg+xml;base64,${svgBase64}`;
          await source.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d')!.drawImage(source, 0, 0, width, height);
          return canvas.toDataURL(type, quality);
        },
        {
          svgBase64: svg.toString('base64'),
          width: image.width,
          height: image.height,
          type,
          quality: QUALITY,
        },
      );
      if (!dataUrl.startsWith(`data:${type};base64,`)) throw new Error(`${image.source}: no ${type} encoder`);
      const encoded = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      writeFileSync(path.join(PUBLIC_DIR, image.raster), encoded);
      manifest[image.raster] = sourceHash(svg);
      console.log(`${image.raster}  ${image.width}x${image.height}  ${encoded.length} B`);
    }
  } finally {
    await browser.close();
  }
  writeFileSync(RASTER_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
