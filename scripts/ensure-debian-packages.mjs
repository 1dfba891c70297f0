#!/usr/bin/env node
/**
 * The real parts the tests use, from Debian (no browser downloads work here): Chromium at /usr/bin/chromium
 * for every browser test, nginx, php-fpm and php-cli for the legacy pages and the front door, redis-server
 * for several instances, openssl for the test certificate, systemd for checking the reference unit, DokuWiki
 * as a real third-party PHP application. Installed with apt-get in one go when missing
 * (as root), before any test runs, so parallel test workers never race for apt's lock. Prints the
 * browser's exact version first: browser behaviour changes between Chromium releases, and a red run on
 * another machine must say which one it had.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

import { CHROMIUM_PATH } from './chromium.mjs';

/** Binary that must exist -> the Debian package that provides it. */
const WANTED = {
  [CHROMIUM_PATH]: 'chromium',
  '/usr/sbin/nginx': 'nginx',
  '/usr/bin/php': 'php-cli',
  '/usr/sbin/php-fpm': 'php-fpm',
  '/usr/bin/redis-server': 'redis-server',
  '/usr/bin/openssl': 'openssl',
  // systemd-analyze verify checks the reference unit, deploy/systemd/atrium.service.
  '/usr/bin/systemd-analyze': 'systemd',
  // A real third-party PHP application for the widgets' tests (tests/real/dokuwiki.ts): flat-file, no database.
  '/usr/share/dokuwiki/doku.php': 'dokuwiki',
};

/** php-fpm is named after its version (php-fpm8.2): any version will do. */
function present(binary) {
  if (binary !== '/usr/sbin/php-fpm') return existsSync(binary);
  return spawnSync('sh', ['-c', 'ls /usr/sbin/php-fpm* >/dev/null 2>&1']).status === 0;
}

function apt(args) {
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

export function ensureDebianPackages() {
  const missing = Object.entries(WANTED).filter(([binary]) => !present(binary));
  if (missing.length === 0)
    return { ok: true, message: 'Debian packages present: ' + Object.values(WANTED).join(', ') };
  const packages = [...new Set(missing.map(([, name]) => name))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    return {
      ok: false,
      message: `missing: ${packages.join(' ')}. Install them as root: apt-get update && apt-get install -y ${packages.join(' ')}`,
    };
  }
  console.log(`installing Debian packages: ${packages.join(' ')}`);
  if (!apt(['update']) || !apt(['install', '-y', ...packages])) {
    return { ok: false, message: `apt-get could not install ${packages.join(' ')}` };
  }
  const still = missing.filter(([binary]) => !present(binary)).map(([binary]) => binary);
  return still.length === 0
    ? { ok: true, message: `installed: ${packages.join(' ')}` }
    : { ok: false, message: `apt-get finished but ${still.join(', ')} is still missing` };
}

export function chromiumVersion() {
  const result = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  const version = /Chromium [\d.]+/.exec(result.stdout ?? '')?.[0];
  const debian = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'chromium'], { encoding: 'utf8' });
  return version
    ? `${version}${debian.status === 0 ? ` (Debian package ${debian.stdout.trim()})` : ''}`
    : null;
}

const result = ensureDebianPackages();
console.log(result.message);
if (result.ok) console.log(`browser: ${chromiumVersion() ?? `${CHROMIUM_PATH} does not report a version`}`);
else process.exitCode = 1;
