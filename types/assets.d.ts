// Stylesheets are imported as text (webpack `asset/source`, vitest `?raw`-less plugin) and adopted as
// constructable stylesheets, so they obey a strict CSP and leave with the component that adopted them.
declare module '*.css' {
  const cssText: string;
  export default cssText;
}
declare module '*.svg' {
  const svgUrl: string;
  export default svgUrl;
}
