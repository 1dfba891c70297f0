/**
 * Debian's php-fpm as one FastCGI pool on 127.0.0.1:<port>, in the foreground, with its own temporary
 * prefix: configuration, pid, PHP sessions. nginx in front of it serves the legacy PHP pages.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages } from './debian.js';
import { freePort } from './ports.js';
import { spawnServer, type RunningServer } from './process.js';

/** Debian names the binary after the PHP version (php-fpm8.2 on bookworm). */
function phpFpmBinary(): string | null {
  const found = readdirSync('/usr/sbin').filter((name) => /^php-fpm\d+\.\d+$/.test(name));
  return found.length > 0 ? path.join('/usr/sbin', found.sort().at(-1)!) : null;
}

export interface PhpFpmOptions {
  /** Environment variables the PHP scripts read (`getenv`), e.g. where Atrium lives. */
  env?: Record<string, string>;
}

export async function startPhpFpm(options: PhpFpmOptions = {}): Promise<RunningServer & { prefix: string }> {
  if (!phpFpmBinary()) ensureDebianPackages({ '/usr/bin/php': 'php-cli', '/usr/sbin/php-fpm': 'php-fpm' });
  const binary = phpFpmBinary();
  if (!binary) throw new Error('php-fpm is not installed (apt-get install -y php-fpm)');
  const prefix = mkdtempSync(path.join(tmpdir(), 'atrium-php-fpm-'));
  mkdirSync(path.join(prefix, 'sessions'));
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const envLines = Object.entries(options.env ?? {}).map(
    ([key, value]) => `env[${key}] = ${JSON.stringify(value)}`,
  );
  const config = [
    '[global]',
    `pid = ${prefix}/php-fpm.pid`,
    `error_log = ${prefix}/php-fpm.log`,
    'daemonize = no',
    '[atrium-tests]',
    ...(isRoot ? ['user = root', 'group = root'] : []),
    `listen = 127.0.0.1:${port}`,
    'listen.allowed_clients = 127.0.0.1',
    'pm = static',
    'pm.max_children = 4',
    'catch_workers_output = yes',
    'clear_env = yes',
    ...envLines,
    `php_admin_value[session.save_path] = ${prefix}/sessions`,
    'php_admin_flag[display_errors] = off',
    'php_admin_flag[log_errors] = on',
    '',
  ].join('\n');
  const configPath = path.join(prefix, 'php-fpm.conf');
  writeFileSync(configPath, config);
  const server = await spawnServer(
    binary,
    [
      '--nodaemonize',
      '--fpm-config',
      configPath,
      '--prefix',
      prefix,
      ...(isRoot ? ['--allow-to-run-as-root'] : []),
    ],
    { port, name: 'php-fpm' },
  ).catch((error: Error) => {
    // php-fpm cannot log to a pipe: its own errors are in its log file.
    const log = existsSync(path.join(prefix, 'php-fpm.log'))
      ? readFileSync(path.join(prefix, 'php-fpm.log'), 'utf8')
      : '';
    throw new Error(`${error.message}\n${log}`);
  });
  return { port, pid: server.pid, stop: server.stop, prefix };
}
