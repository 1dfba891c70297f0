/**
 * The widgets' version, compared when two copies of the bundle meet on one page. Kept in step with
 * packages/widgets/package.json by test/version.test.ts (a JSON import would not survive every bundler
 * and the browser test server alike).
 */
export const WIDGETS_VERSION = '0.1.0';
