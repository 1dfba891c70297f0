/**
 * Atrium's own logo: the top bar shows it outside an app (Logo.tsx), and the early start loads it ahead.
 * The WebP drawn from /static/favicon.svg (scripts/raster-images.ts), as the login card's: an SVG `<img>` is
 * a document of its own that the main thread parses, lays out and paints after the first paint.
 */
export const ATRIUM_LOGO = '/static/atrium-logo.webp';
