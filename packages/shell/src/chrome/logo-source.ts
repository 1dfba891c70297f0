/** Atrium's own logo: the top bar shows it outside an app (Logo.tsx), and the early start loads it ahead. */
export const ATRIUM_LOGO = '/static/favicon.svg';
