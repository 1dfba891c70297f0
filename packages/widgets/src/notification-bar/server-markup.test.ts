import { describe, expect, it } from 'vitest';
import type { SystemNotification } from '@atrium/api';
import { notificationBarShadowMarkup, wordsOf } from './server-markup';

const notice = (over: Partial<SystemNotification>): SystemNotification => ({
  id: 'n1',
  message: 'Maintenance on Sunday.',
  closeable: false,
  clickable: false,
  static: false,
  routeInfo: null,
  ...over,
});

describe('notificationBarShadowMarkup', () => {
  it('is a declarative shadow root with the stylesheet under the nonce, the frame and the notices', () => {
    const html = notificationBarShadowMarkup([notice({ closeable: true })], 'n0nce');
    expect(html.startsWith('<template shadowrootmode="open"><style nonce="n0nce">')).toBe(true);
    expect(html).toContain(
      '<div class="frame frame--reserved" part="frame" role="status" aria-live="polite" aria-label="System notifications"><ul class="list">',
    );
    expect(html).toContain(
      '<button class="close" part="close" aria-label="Dismiss notification: Maintenance on Sunday." title="Dismiss">',
    );
    expect(html).not.toContain('class="fold"');
  });

  it('says how many notices there are when there are several (the narrow screen fold)', () => {
    const html = notificationBarShadowMarkup([notice({}), notice({ id: 'n2', static: true })], '');
    expect(html).toContain(
      '<button class="fold" part="fold" aria-expanded="false">Show all 2 notices</button>',
    );
    expect(html).toContain('<li class="note note--static" part="notification static" data-id="n2">');
  });

  it('is an empty frame for no notices', () => {
    expect(notificationBarShadowMarkup([], '')).toContain('<div class="frame" part="frame"');
    expect(notificationBarShadowMarkup([], '')).not.toContain('<ul');
  });

  it('lets nothing of a notice through as markup', () => {
    const hostile = notice({
      id: '"><script>alert(1)</script>',
      message: '<img src=x onerror=alert(1)><b>Bold</b> &amp; <script>alert(2)</script>"quoted"',
      clickable: true,
      closeable: true,
    });
    const html = notificationBarShadowMarkup([hostile], '"><script>');
    expect(html).not.toMatch(/<script|<img|<b>|onerror/);
    expect(html).toContain(
      '<button class="open" part="open" aria-haspopup="dialog">Bold &amp; &quot;quoted&quot;</button>',
    );
    expect(html).toContain('data-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('drops a <base> in a notice: no markup of it reaches the server-drawn page', () => {
    const html = notificationBarShadowMarkup(
      [notice({ message: 'See <base href="https://evil.example/"><a href="notes">the notes</a>' })],
      '',
    );
    expect(html).not.toMatch(/<base|evil\.example|href=/i);
    expect(html).toContain('See the notes');
  });
});

describe('wordsOf', () => {
  it('keeps plain text as it is, and reads tags and entities as the words a reader sees', () => {
    expect(wordsOf('Plain text')).toBe('Plain text');
    expect(wordsOf('<p>Read <a href="/x">the&nbsp;policy</a> &#8212; now</p>')).toBe(
      'Read the policy \u2014 now',
    );
    // A script's or a stylesheet's text is not words; an unknown entity stays as written.
    expect(wordsOf('a<!-- hidden --><style>p{}</style>b &unknown; &#0;')).toBe('a b &unknown;');
  });
});
