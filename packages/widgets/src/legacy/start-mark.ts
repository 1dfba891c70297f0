/**
 * Imported first by the entry, so the mark is taken before Lit and the elements evaluate: the time to the
 * bar (`atrium:notification-bar-painted`) is measured from the script's start, not from after its setup.
 * A second copy of the bundle on the page keeps the first mark.
 */
export const WIDGETS_START_MARK = 'atrium:widgets-start';

if (typeof performance !== 'undefined' && performance.getEntriesByName(WIDGETS_START_MARK).length === 0) {
  performance.mark(WIDGETS_START_MARK);
}
