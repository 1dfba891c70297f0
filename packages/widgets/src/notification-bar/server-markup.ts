/**
 * `<atrium-notification-bar>`'s first render as HTML, for a page a server draws before any script runs
 * (the shell's signed-in first screen): the same frame, list, notices and fold button the
 * element renders (notification-bar.ts), with the bar's stylesheet, in a declarative shadow root, so the
 * notices take their final room in the first paint and the page does not move when the element's own
 * render takes their place. Plain text only: a notice with markup shows its words (as the element does
 * until its sanitiser has loaded); nothing of a notice reaches the page as markup. No DOM needed: it runs
 * in Node.
 */
import type { SystemNotification } from '@atrium/api';
import { notificationBarCss } from './bar-css.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A notice's words: tags dropped, the common entities read, white space folded. */
export function wordsOf(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return html
    .replace(/<(script|style|template|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function noticeMarkup(item: SystemNotification): string {
  const words = escapeText(wordsOf(item.message));
  const message = item.clickable
    ? `<button class="open" part="open" aria-haspopup="dialog">${words}</button>`
    : words;
  const close = item.closeable
    ? `<button class="close" part="close" aria-label="Dismiss notification: ${words}" title="Dismiss"><span aria-hidden="true">×</span></button>`
    : '';
  return (
    `<li class="${item.static ? 'note note--static' : 'note'}" part="${item.static ? 'notification static' : 'notification'}" data-id="${escapeText(item.id)}">` +
    `<span class="message" part="message">${message}</span>${close}</li>`
  );
}

/**
 * The shadow root's content for `visible` (the notices the rules show on this route: the session's
 * `noticesToShow`), as a `<template shadowrootmode="open">` to put inside the host element. `nonce`: the
 * page's CSP nonce, for the stylesheet.
 */
export function notificationBarShadowMarkup(visible: readonly SystemNotification[], nonce: string): string {
  const list = visible.length > 0 ? `<ul class="list">${visible.map(noticeMarkup).join('')}</ul>` : '';
  const fold =
    visible.length > 1
      ? `<button class="fold" part="fold" aria-expanded="false">Show all ${visible.length} notices</button>`
      : '';
  return (
    `<template shadowrootmode="open"><style nonce="${escapeText(nonce)}">${notificationBarCss.replace(/<\/style/gi, '<\\/style')}</style>` +
    `<div class="${visible.length > 0 ? 'frame frame--reserved' : 'frame'}" part="frame" role="status" aria-live="polite" aria-label="System notifications">` +
    `${list}${fold}</div></template>`
  );
}
