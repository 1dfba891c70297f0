/** Ctrl+Shift+A toggles the toolbar (SPEC section 2). `code` first: with Shift held, `key` is 'A'. */
export function isToggleShortcut(
  event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey' | 'key' | 'code' | 'repeat'>,
): boolean {
  if (!event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey || event.repeat) return false;
  return event.code === 'KeyA' || event.key.toLowerCase() === 'a';
}
