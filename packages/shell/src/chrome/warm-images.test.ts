import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseWarmImages, warmImages } from './warm-images';

/** Stands in for an image element: records its source, decodes as told. */
function fakeImage(decode: () => Promise<void> = async () => {}) {
  return { src: '', decoding: 'auto', decode: vi.fn(decode) } as unknown as HTMLImageElement;
}

afterEach(() => releaseWarmImages());

describe('warmImages', () => {
  it('loads and decodes each image once per page, asynchronously', async () => {
    const made: HTMLImageElement[] = [];
    const create = () => {
      const image = fakeImage();
      made.push(image);
      return image;
    };
    await warmImages(['/static/atrium-logo.webp', '/static/apps/lms/logo.webp'], create);
    await warmImages(['/static/atrium-logo.webp'], create);
    expect(made.map((image) => [image.src, image.decoding])).toEqual([
      ['/static/atrium-logo.webp', 'async'],
      ['/static/apps/lms/logo.webp', 'async'],
    ]);
    expect(made.every((image) => vi.mocked(image.decode).mock.calls.length === 1)).toBe(true);
  });

  it('resolves when an image cannot be decoded, and tries it again next time', async () => {
    let online = false;
    const create = vi.fn(() =>
      fakeImage(async () => {
        if (!online) throw new DOMException('The source image cannot be decoded.', 'EncodingError');
      }),
    );
    await expect(warmImages(['/static/atrium-logo.webp'], create)).resolves.toBeUndefined();
    online = true;
    await warmImages(['/static/atrium-logo.webp'], create);
    expect(create).toHaveBeenCalledTimes(2);
  });
});
