/**
 * `@atrium/ui/collect-styles`: for renders on the server only (the shell's and the areas' prerender).
 * Kept out of the barrel, so the page's `@atrium/ui` module carries none of it (the login page's JS
 * budget is full to the byte).
 */
export { collectStyles } from './use-styles';
