#!/usr/bin/env node
/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium (the only browser the tests use; no browser downloads
 * work here). Installs it with apt-get when running as root; otherwise explains what to run.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

import { CHROMIUM_PATH } from './chromium.mjs';

export { CHROMIUM_PATH };

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return { ok: true, message: `chromium present at ${CHROMIUM_PATH}` };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    return {
      ok: false,
      message: `${CHROMIUM_PATH} is missing. Install it as root: apt-get update && apt-get install -y chromium`,
    };
  }
  console.log(`${CHROMIUM_PATH} is missing: installing Debian's chromium with apt-get`);
  if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', 'chromium'])) {
    return { ok: false, message: 'apt-get could not install chromium' };
  }
  return existsSync(CHROMIUM_PATH)
    ? { ok: true, message: `chromium installed at ${CHROMIUM_PATH}` }
    : { ok: false, message: `apt-get finished but ${CHROMIUM_PATH} is still missing` };
}

/**
 * The browser's exact version, printed first by every run: browser behaviour changes between Chromium
 * releases (the Sanitizer API, CSP reporting), so a red run on another machine must say which one it had.
 */
export function chromiumVersion() {
  const result = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  const version = /Chromium [\d.]+/.exec(result.stdout ?? '')?.[0];
  const debian = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'chromium'], { encoding: 'utf8' });
  return version
    ? `${version}${debian.status === 0 ? ` (Debian package ${debian.stdout.trim()})` : ''}`
    : null;
}

const result = ensureChromium();
console.log(result.message);
if (result.ok) console.log(`browser: ${chromiumVersion() ?? `${CHROMIUM_PATH} does not report a version`}`);
else process.exitCode = 1;
