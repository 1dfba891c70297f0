import type { FastifyReply } from 'fastify';
import { createTokenSource } from '../security/random.js';
import { WIDGETS_LOADER_HASH } from './widgets-loader.js';

/** A fresh nonce per response: a nonce that repeats is no protection. 144 bits, 24 characters. */
export const createNonce: () => string = createTokenSource(18);

/**
 * Trusted Types policies an app page may create (docs/security.md):
 * - `default`: created by the nonce'd bootstrap script in index.html before SystemJS loads anything; its
 *   createScriptURL lets through only this origin and the origins the (server-inlined) import map names,
 *   and its createHTML goes through the page's one sanitiser, which the shell registers
 *   (`@atrium/widgets/sanitize`: the browser's HTML Sanitizer API, else DOMPurify), or is refused.
 * - `dompurify`: DOMPurify's own (the fallback where the browser has no HTML Sanitizer API), for parsing the
 *   markup it is asked to clean; more than one bundle carries a DOMPurify copy (the shell's and the legacy
 *   pages' notification bar), hence 'allow-duplicates'.
 * - `lit-html`: Lit's, for its compiled templates (the notification bar in the shell).
 * - `atrium-inert`: the notification bar's, for DOMParser's inert parse of a notice before its allow-list
 *   rebuilds it (packages/widgets/src/notification-bar/sanitize.ts); pages without a `default` policy need it.
 * - `atrium-loader`: the widgets' loader snippet's, for the one script URL its page's server wrote
 *   (packages/widgets/src/loader/snippet.ts).
 */
export const TRUSTED_TYPES_POLICIES = [
  'default',
  'dompurify',
  'lit-html',
  'atrium-inert',
  'atrium-loader',
] as const;

/** The Trusted Types part of the shell's CSP: DOM XSS sinks accept only values made by those policies. */
export function trustedTypesDirectives(): string[] {
  return [
    "require-trusted-types-for 'script'",
    `trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')} 'allow-duplicates'`,
  ];
}

/**
 * One CSP for every page this server renders; pages differ only in how scripts are allowed (and whether
 * Trusted Types are required), so the rest of the policy cannot drift between them.
 */
function policy(
  scriptSrc: string,
  extra: readonly string[] = [],
  styleNonce?: string,
  styleSrc?: string,
): string {
  return [
    "default-src 'self'",
    scriptSrc,
    // A nonce'd <style> lets the app page inline the CSS of its first paint (no render-blocking request).
    styleSrc ?? (styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'"),
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    ...extra,
  ].join('; ');
}

/**
 * The CSP of the shell's index.html (architecture: strict-dynamic, so SystemJS may load what it trusts).
 * `trustedTypes: false` leaves Trusted Types out (development: import-map-overrides writes script text),
 * and the caller sends them report-only instead.
 */
export function shellCsp(nonce: string, options: { trustedTypes?: boolean } = {}): string {
  return (options.trustedTypes === false ? SHELL_CSP_PARTS.plain : SHELL_CSP_PARTS.trustedTypes).join(nonce);
}

/**
 * The shell's two policies cut where the nonce goes, made once: a page load only joins them around it.
 * The development one (no Trusted Types) also admits inline styles: an area served by its team's dev
 * server (import-map-overrides) adds style-loader's <style> tags without the page's nonce, which
 * `release pack` hands them in a release (docs/decisions.md, "CSS of areas").
 */
const SHELL_CSP_PARTS = (() => {
  const marker = '\u0000';
  const parts = (trustedTypes: boolean): string[] =>
    policy(
      `script-src 'nonce-${marker}' 'strict-dynamic'`,
      trustedTypes ? trustedTypesDirectives() : [],
      marker,
      trustedTypes ? undefined : "style-src 'self' 'unsafe-inline'",
    ).split(marker);
  return { trustedTypes: parts(true), plain: parts(false) };
})();

/**
 * Server-rendered pages (legacy demo, SSO, telescope): scripts only from this origin, the widgets' loader
 * (by its hash), or with the nonce, and
 * Trusted Types enforced as on the shell's pages. Those pages have no `default` policy: the
 * widgets write HTML only through Lit's and DOMPurify's policies, the SSO script only sets textContent.
 */
export function pageCsp(nonce?: string): string {
  // The widgets' inline loader (html/widgets-loader.ts) is allowed by its hash, on every page alike.
  const scriptSrc = `script-src 'self' ${WIDGETS_LOADER_HASH}${nonce ? ` 'nonce-${nonce}'` : ''}`;
  return policy(scriptSrc, trustedTypesDirectives());
}

/** The headers every server-rendered page gets, also added to HTML a proxied backend sends without them. */
export const PAGE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
} as const;

export function sendHtml(
  reply: FastifyReply,
  body: string | Buffer,
  csp: string,
  status = 200,
  reportOnlyCsp?: string,
): FastifyReply {
  if (reportOnlyCsp) reply.header('content-security-policy-report-only', reportOnlyCsp);
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .headers(PAGE_SECURITY_HEADERS)
    .header('cache-control', 'no-store')
    .send(body);
}
