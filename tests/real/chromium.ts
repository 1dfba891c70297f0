/**
 * Debian Chromium's flags for the real-servers tests: the usual ones, the test host names resolved to
 * 127.0.0.1 (ports stay in the URLs), and the self-signed test certificate accepted.
 */
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export { CHROMIUM_PATH };

export function chromiumArgsFor(hosts: readonly string[] | Record<string, unknown>): string[] {
  const names = Array.isArray(hosts) ? hosts : Object.keys(hosts);
  const rules = names.map((name) => `MAP ${name} 127.0.0.1`).join(',');
  return [...CHROMIUM_ARGS, `--host-resolver-rules=${rules}`, '--ignore-certificate-errors'];
}
