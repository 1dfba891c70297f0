/**
 * The reference nginx configurations under deploy/nginx/, filled in the way operators fill them (envsubst on
 * the `${NAME}` placeholders, as the official nginx image does with /etc/nginx/templates/): the topology
 * suites run exactly the files that ship, with test ports, certificates and roots.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** deploy/nginx: the templates and the files they include (atrium-proxy.conf, tls.conf). */
export const DEPLOY_NGINX_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../deploy/nginx',
);

/**
 * `deploy/nginx/<name>` with every `${NAME}` replaced from `values` (DEPLOY_DIR defaults to
 * deploy/nginx). A placeholder without a value is an error, never an empty string left in a config.
 */
export function renderDeployTemplate(name: string, values: Record<string, string>): string {
  const all: Record<string, string> = { DEPLOY_DIR: DEPLOY_NGINX_DIR, ...values };
  const text = readFileSync(path.join(DEPLOY_NGINX_DIR, name), 'utf8');
  return text.replace(/\$\{([A-Z_]+)\}/g, (_match, key: string) => {
    const value = all[key];
    if (value === undefined) throw new Error(`${name}: no value for \${${key}}`);
    return value;
  });
}
