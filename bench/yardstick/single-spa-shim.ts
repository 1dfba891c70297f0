/**
 * The login component reaches single-spa for one function, navigateToUrl. A plain React page has no
 * single-spa, so the yardstick bundle aliases 'single-spa' to this: a full navigation, as such a page would do.
 */
export function navigateToUrl(url: string): void {
  window.location.assign(url);
}
