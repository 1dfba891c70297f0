/**
 * A real third-party PHP application with the widgets in its layout: Debian's `dokuwiki` package (flat-file,
 * no database), installed when missing, copied into a writable instance under a temporary folder, with
 * integrations/php/atrium.php's two calls put into its layout template (lib/tpl/dokuwiki/main.php) exactly
 * where docs/embedding.md says: atrium_widgets_head() in <head>, atrium_widgets() at the top of <body>.
 * nginx serves it under /wiki/ through php-fpm (dokuwikiServer), Atrium everywhere else.
 *
 * The package's own copy is never changed: the instance's inc/preload.php points the wiki at the instance's
 * own configuration and data, so tests can run side by side.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from './debian.js';

const PACKAGE_ROOT = '/usr/share/dokuwiki';
const HELPER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../integrations/php/atrium.php',
);

/** The wiki's pages every instance starts with (DokuWiki syntax): long enough to scroll, with a table. */
const PAGES: Record<string, string> = {
  start: [
    '====== Staff handbook ======',
    '',
    'Welcome to the **staff wiki**. Use the search box or the index to find a page.',
    '',
    '===== Timetable =====',
    '^ Day ^ Room ^ Teacher ^',
    '| Monday | 4 | Ms Ortiz |',
    '| Tuesday | 12 | Mr Osei |',
    '',
    ...Array.from({ length: 12 }, (_, i) => `  * Item ${i + 1} of the first-week checklist`),
    '',
    '[[policies|Policies]]',
  ].join('\n'),
  policies: [
    '====== Policies ======',
    '',
    'Read these before the term starts.',
    '',
    ...Array.from({ length: 8 }, (_, i) => `===== Policy ${i + 1} =====\nText of policy ${i + 1}.\n`),
  ].join('\n'),
};

export interface DokuWikiInstance {
  /** The folder nginx serves as /wiki/ (the application's code, with the patched template). */
  webRoot: string;
  /** Removes the instance's folder. */
  remove(): void;
}

export interface DokuWikiOptions {
  /**
   * PHP source of the options array given to atrium_widgets() (e.g. `['base' => 'https://app.test']`);
   * default `[]`, the documented same-origin call.
   */
  widgetsOptions?: string;
  /** false: the template as Debian ships it, without the helper (the page to compare the widgets with). */
  widgets?: boolean;
}

/** A writable DokuWiki with the helper in its layout template. */
export function createDokuWiki(options: DokuWikiOptions = {}): DokuWikiInstance {
  ensureDebianPackages({ [`${PACKAGE_ROOT}/doku.php`]: 'dokuwiki' });
  const root = mkdtempSync(path.join(tmpdir(), 'atrium-dokuwiki-'));
  const webRoot = path.join(root, 'wiki');
  const conf = path.join(root, 'conf');
  const data = path.join(root, 'data');
  // Debian's package links lib/tpl, lib/plugins and the configuration into /etc and /var/lib: copied
  // dereferenced, the instance is whole and writable.
  cpSync(PACKAGE_ROOT, webRoot, { recursive: true, dereference: true });
  cpSync('/etc/dokuwiki', conf, { recursive: true, dereference: true });
  cpSync('/var/lib/dokuwiki/data', data, { recursive: true, dereference: true });
  writeFileSync(
    path.join(webRoot, 'inc', 'preload.php'),
    `<?php\ndefine('DOKU_CONF', ${JSON.stringify(`${conf}/`)});\n`,
  );
  writeFileSync(
    path.join(conf, 'local.php'),
    [
      '<?php',
      `$conf['savedir'] = ${JSON.stringify(data)};`,
      "$conf['title'] = 'Staff wiki';",
      "$conf['useacl'] = 1;",
      "$conf['superuser'] = '@admin';",
      "$conf['userewrite'] = 0;",
      "$conf['sidebar'] = '';",
      '',
    ].join('\n'),
  );
  // Anyone reads, nobody edits signed out: the user tools then show "Log In", as on a school's wiki.
  writeFileSync(path.join(conf, 'acl.auth.php'), '*\t@ALL\t1\n*\t@user\t8\n');
  mkdirSync(path.join(data, 'pages'), { recursive: true });
  for (const [id, text] of Object.entries(PAGES)) writeFileSync(path.join(data, 'pages', `${id}.txt`), text);
  if (options.widgets !== false)
    patchTemplate(path.join(webRoot, 'lib', 'tpl', 'dokuwiki', 'main.php'), options.widgetsOptions ?? '[]');
  return { webRoot, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The helper's two calls where docs/embedding.md puts them: first in <head>, first in <body>. */
function patchTemplate(file: string, widgetsOptions: string): void {
  const template = readFileSync(file, 'utf8');
  const head = `<head>\n    <?php require_once ${JSON.stringify(HELPER)}; echo atrium_widgets_head(); ?>`;
  const body = `<body>\n    <?php echo atrium_widgets(${widgetsOptions}); ?>`;
  if (!template.includes('<head>\n') || !template.includes('<body>\n')) {
    throw new Error(`${file}: no <head> or <body> line to put the helper's calls after`);
  }
  writeFileSync(file, template.replace('<head>\n', `${head}\n`).replace('<body>\n', `${body}\n`));
  const lint = spawnSync('/usr/bin/php', ['-l', file], { encoding: 'utf8' });
  if (lint.status !== 0) throw new Error(`the patched template does not parse: ${lint.stdout}`);
}

/**
 * An nginx `server {}` for `host`: the wiki at /wiki/ through php-fpm, and, when `atriumPort` is given,
 * everything else proxied to Atrium (one origin); without it the host serves only the wiki (another host).
 */
export function dokuwikiServer(options: {
  port: number;
  host: string;
  webRoot: string;
  phpPort: number;
  atriumPort?: number;
}): string {
  return `
  server {
    listen 127.0.0.1:${options.port};
    server_name ${options.host};
    location /wiki/ {
      alias ${options.webRoot}/;
      index doku.php;
      location ~ ^/wiki/(.+\\.php)$ {
        alias ${options.webRoot}/$1;
        include /etc/nginx/fastcgi_params;
        fastcgi_param SCRIPT_FILENAME ${options.webRoot}/$1;
        fastcgi_param SCRIPT_NAME /wiki/$1;
        fastcgi_pass 127.0.0.1:${options.phpPort};
      }
    }
    ${
      options.atriumPort === undefined
        ? 'location / { return 404; }'
        : `location / {
      proxy_pass http://127.0.0.1:${options.atriumPort};
      proxy_set_header Host $host:$server_port;
    }`
    }
  }`;
}
