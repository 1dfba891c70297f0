/**
 * Debian packages the real-servers tests need (nginx, php-fpm, openssl): installed with apt-get when missing,
 * as `scripts/ensure-debian-packages.mjs` does before `npm test`, so `npm test` works on a fresh machine.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export class MissingPackageError extends Error {
  override readonly name = 'MissingPackageError';
  readonly code = 'missing-package';
}

let updated = false;

function apt(args: string[]): boolean {
  // Another test worker may be installing too: wait for apt's lock rather than fail.
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** `wanted`: binary path -> Debian package name. Installs the packages whose binary is missing. */
export function ensureDebianPackages(wanted: Record<string, string>): void {
  const missing = Object.entries(wanted).filter(([binary]) => !existsSync(binary));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, name]) => name))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new MissingPackageError(
      `${missing.map(([binary]) => binary).join(', ')} missing: run as root apt-get update && apt-get install -y ${packages.join(' ')}`,
    );
  }
  if (!updated) updated = apt(['update', '-qq']);
  if (!apt(['install', '-y', '-qq', '--no-install-recommends', ...packages])) {
    throw new MissingPackageError(`apt-get could not install ${packages.join(' ')}`);
  }
  const still = missing.filter(([binary]) => !existsSync(binary));
  if (still.length > 0) {
    throw new MissingPackageError(
      `apt-get finished but ${still.map(([b]) => b).join(', ')} is still missing`,
    );
  }
}
