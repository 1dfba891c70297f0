// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { kitCss } from '@atrium/ui';
import { FONT_STACK, warmTypefaces } from './warm-typefaces';

describe('warmTypefaces', () => {
  it('lays out one hidden line of the text per sample, a task each, and leaves nothing behind', async () => {
    const seen: { font: string; text: string; hidden: string | null; visibility: string }[] = [];
    const yieldTask = async () => {
      const holder = document.body.lastElementChild as HTMLElement;
      const line = holder.lastElementChild as HTMLElement;
      seen.push({
        font: line.style.fontWeight + ' ' + line.style.fontSize,
        text: line.textContent ?? '',
        hidden: holder.getAttribute('aria-hidden'),
        visibility: holder.style.visibility,
      });
    };
    const before = document.body.childElementCount;
    await warmTypefaces(
      [
        { weight: 700, size: '1.75rem' },
        { weight: 400, size: '0.95rem' },
      ],
      'Welcome, Choose an app',
      { doc: document, yieldTask },
    );
    expect(seen).toEqual([
      { font: '700 1.75rem', text: 'Welcome, Choose an app', hidden: 'true', visibility: 'hidden' },
      { font: '400 0.95rem', text: 'Welcome, Choose an app', hidden: 'true', visibility: 'hidden' },
    ]);
    expect(document.body.childElementCount).toBe(before);
  });

  it('removes its lines even when a task fails', async () => {
    const before = document.body.childElementCount;
    await expect(
      warmTypefaces([{ weight: 400, size: '1rem' }], 'Aa', {
        yieldTask: () => Promise.reject(new Error('stop')),
      }),
    ).rejects.toThrow('stop');
    expect(document.body.childElementCount).toBe(before);
  });

  it("uses the kit's font stack", () => {
    expect(kitCss).toContain(`--atr-font: ${FONT_STACK};`);
  });
});
