/**
 * The deployment settings (docs/deploy.md): where users reach Atrium, which proxies to believe, which legacy
 * origins may embed the widgets, and the address to listen on. Each parser throws an `OptionsError` whose
 * message is the one line `main.ts` prints before it exits: a server started with a wrong setting would
 * half work (refusing every sign-in, or believing forged headers), which is worse than not starting.
 */
import net from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { OptionsError } from './options.js';

/** Fastify's `trustProxy`: the addresses/CIDRs (and proxy-addr's range names) to believe; false: none. */
export type TrustProxy = false | string[];

const SAFE_TRUST_PROXY =
  "list the front door's addresses or CIDRs instead, comma-separated (e.g. 127.0.0.1, 10.0.0.0/8, or loopback)";

/**
 * A comma-separated list of origins (`https://app.school.edu`), each normalised to `URL.origin`. An entry
 * without a scheme, with a path, a query or credentials is a mistake to report, not to guess at.
 */
export function parseOrigins(value: string | undefined, name: string): string[] {
  if (value === undefined || value.trim() === '') return [];
  const origins = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => parseOrigin(entry, name));
  return [...new Set(origins)];
}

function parseOrigin(entry: string, name: string): string {
  if (entry.includes('*')) {
    // URL takes `*` as a letter of a host name: the origin would match no page, silently.
    throw new OptionsError(
      'invalid-origin',
      `${name}: "${entry}" has a wildcard, and origins are matched exactly; list each origin in full, comma-separated (e.g. https://legacy.school.test,https://lms.school.test)`,
    );
  }
  const example = `e.g. https://${entry.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/.*$/, '') || 'app.school.edu'}`;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new OptionsError('invalid-origin', `${name}: "${entry}" is not an origin (${example})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    // `app.school.edu:443` parses as the scheme "app.school.edu:": say what is missing.
    throw new OptionsError(
      'invalid-origin',
      `${name}: "${entry}" has no http:// or https:// scheme (${example})`,
    );
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new OptionsError(
      'invalid-origin',
      `${name}: "${entry}" must be scheme://host[:port] only (${example})`,
    );
  }
  if (url.pathname !== '/') {
    throw new OptionsError(
      'invalid-origin',
      `${name}: "${entry}" has a path; an origin is scheme://host[:port] only (${example})`,
    );
  }
  return url.origin;
}

/**
 * The public origins users type. Their schemes must agree: the session cookie is either `Secure` with the
 * `__Host-` name (https) or neither (http), and one server cannot hand out both for one session.
 */
export function parsePublicOrigins(value: string | undefined): string[] {
  const origins = parseOrigins(value, 'ATRIUM_PUBLIC_ORIGIN');
  const schemes = new Set(origins.map((origin) => new URL(origin).protocol));
  if (schemes.size > 1) {
    throw new OptionsError(
      'invalid-origin',
      `ATRIUM_PUBLIC_ORIGIN mixes http and https origins (${origins.join(', ')}): list the https ones only`,
    );
  }
  return origins;
}

/**
 * ATRIUM_TRUST_PROXY: a comma-separated list of the front door's addresses, CIDRs and proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`), with Fastify's meaning. Unset or `false`: no proxy is believed,
 * so `X-Forwarded-*` changes nothing. Two forms are refused, each with a line that names the safe form:
 * `true` believes every hop, so any client that reaches Atrium directly can forge `X-Forwarded-For` and
 * get a fresh sign-in budget per request; a hop count is ignored by Fastify 5 (it cannot check who the
 * nearest hop is), which would leave every request looking like it came from the proxy.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') {
    throw new OptionsError(
      'invalid-trust-proxy',
      `ATRIUM_TRUST_PROXY=true would believe X-Forwarded-For from any client that reaches Atrium directly; ${SAFE_TRUST_PROXY}`,
    );
  }
  if (/^\d+$/.test(text)) {
    throw new OptionsError(
      'invalid-trust-proxy',
      `ATRIUM_TRUST_PROXY: a hop count (${text}) is not trusted by Fastify; ${SAFE_TRUST_PROXY}`,
    );
  }
  // Fastify compiles the same value with the same library: what passes here is what it will trust.
  return parseAddressList(text, 'ATRIUM_TRUST_PROXY', 'invalid-trust-proxy');
}

/** HOST: the address to listen on (default 127.0.0.1); `0.0.0.0` or `::` for a front door elsewhere. */
export function parseListenHost(value: string | undefined): string {
  const text = value?.trim() ?? '';
  if (text === '') return '127.0.0.1';
  const bracketless = text.replace(/^\[(.*)\]$/, '$1');
  if (
    net.isIP(bracketless) !== 0 ||
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(text)
  ) {
    return bracketless;
  }
  throw new OptionsError('invalid-host', `HOST: "${text}" is not an address or host name to listen on`);
}

/**
 * A comma-separated list of addresses and CIDRs (`10.0.0.0/8`, proxy-addr's `loopback`...), checked with the
 * library that will match them; unset: none.
 */
export function parseAddressList(value: string | undefined, name: string, code = 'invalid-option'): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new OptionsError(code, `${name}: "${entry}" is not an address or a CIDR (${why})`);
    }
  }
  return entries;
}

/** 127.0.0.0/8, ::1 and `localhost`: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
  return mapped?.[1] !== undefined && mapped[1].startsWith('127.');
}

export const DEMO_REFUSAL =
  'Refusing to serve the demo backend (demo accounts, published password) on a public server: set ATRIUM_PROXY to your real backend, or ATRIUM_DEMO=1 to serve the demo on purpose';

/**
 * The demo backend signs anyone in as root with the password in the README: on a public server (users
 * reach it through ATRIUM_PUBLIC_ORIGIN, or it listens beyond loopback) that is a back door unless it was
 * asked for. The check runs before listening, so a forgotten ATRIUM_PROXY never serves one request.
 */
export function assertDemoAllowed(
  options: { publicOrigins: readonly string[]; proxy: string | null; demo: boolean },
  host: string,
): void {
  const isPublic = options.publicOrigins.length > 0 || !isLoopbackHost(host);
  if (isPublic && options.proxy === null && !options.demo) {
    throw new OptionsError('demo-on-public-server', DEMO_REFUSAL);
  }
}

/** The demo backend served on a public server on purpose (ATRIUM_DEMO=1): the login page and log say so. */
export function isPublicDemo(
  options: { publicOrigins: readonly string[]; proxy: string | null; demo: boolean },
  host: string,
): boolean {
  return (
    options.proxy === null && options.demo && (options.publicOrigins.length > 0 || !isLoopbackHost(host))
  );
}
