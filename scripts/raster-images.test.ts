import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_CATALOGUE } from '@atrium/api/app-catalogue';
import { FIRST_SCREEN_IMAGES } from '@atrium/shell/first-screen';
import { PUBLIC_DIR, RASTER_IMAGES, RASTER_MANIFEST, sourceHash } from './raster-images';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG file (its first chunk, IHDR). */
function pngSize(file: Buffer): { width: number; height: number } {
  if (!file.subarray(0, 8).equals(PNG_SIGNATURE) || file.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG file');
  }
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

/** Width and height of a WebP file (RIFF container: simple lossy `VP8 `, or extended `VP8X` with alpha). */
function webpSize(file: Buffer): { width: number; height: number } {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8 ')
    return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  throw new Error(`unexpected WebP chunk ${chunk}`);
}

const manifest = JSON.parse(readFileSync(RASTER_MANIFEST, 'utf8')) as Record<string, string>;

describe('raster images (npm run raster-images)', () => {
  it.each(RASTER_IMAGES)(
    '$raster is an image of its format and size, drawn from $source as it is now',
    (image) => {
      const raster = path.join(PUBLIC_DIR, image.raster);
      expect(existsSync(raster), `${image.raster} is missing: run npm run raster-images`).toBe(true);
      const size = image.format === 'png' ? pngSize : webpSize;
      expect(size(readFileSync(raster))).toEqual({ width: image.width, height: image.height });
      const svg = readFileSync(path.join(PUBLIC_DIR, image.source));
      expect(
        manifest[image.raster],
        `${image.source} changed since ${image.raster} was drawn: run npm run raster-images`,
      ).toBe(sourceHash(svg));
    },
  );

  it("the catalogue's pictures and the first screen's are all drawn copies", () => {
    const drawn = RASTER_IMAGES.map((image) => `/static/${image.raster}`);
    const shown = [...APP_CATALOGUE.flatMap((app) => [app.logo, app.img]), ...FIRST_SCREEN_IMAGES];
    expect(shown.filter((picture) => !drawn.includes(picture))).toEqual([]);
  });

  it('every page names the PNG as its tab icon, not the SVG', () => {
    for (const page of ['root-config/index.html', 'packages/server/src/html/page.ts']) {
      const text = readFileSync(path.join(PUBLIC_DIR, '..', '..', '..', page), 'utf8');
      expect(text.match(/<link rel="icon"[^>]*>/g), page).toEqual([
        '<link rel="icon" href="/static/favicon.png" type="image/png" sizes="64x64" />',
      ]);
    }
  });

  it('reads the size of both WebP forms, and refuses other files (PNG too)', () => {
    const simple = Buffer.alloc(30);
    simple.write('RIFF', 0, 'ascii');
    simple.write('WEBPVP8 ', 8, 'ascii');
    simple.writeUInt16LE(0x4000 | 96, 26); // the top two bits are the scale, not the size
    simple.writeUInt16LE(64, 28);
    expect(webpSize(simple)).toEqual({ width: 96, height: 64 });
    expect(() => webpSize(readFileSync(path.join(PUBLIC_DIR, 'favicon.svg')))).toThrow('not a WebP file');
    expect(() => pngSize(readFileSync(path.join(PUBLIC_DIR, 'atrium-logo.webp')))).toThrow('not a PNG file');
  });
});
