/**
 * Where `npm run release -- --server <url>` may send the deploy token: over https, or over plain http only to
 * this machine (a loopback address, `localhost`). Anywhere else plain http hands the token to every hop on
 * the way, and with it the right to change what every user's browser runs.
 */
import { isIP } from 'node:net';
import { ReleaseError } from '@atrium/releases';

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.']);

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/** The server's URL, or a refusal that says why the token would not be safe on the way. */
export function checkServerUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ReleaseError(
      'bad-arguments',
      `--server must be a URL such as https://atrium.example.edu, not "${value}"`,
    );
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url;
  throw new ReleaseError(
    'bad-arguments',
    url.protocol === 'http:'
      ? `--server ${value} would send the deploy token in clear to ${url.hostname}: use https (plain http is allowed only to this machine: localhost, 127.0.0.1, ::1)`
      : `--server must be an https URL (or http to this machine), not ${url.protocol}`,
  );
}
