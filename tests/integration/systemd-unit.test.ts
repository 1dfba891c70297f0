/**
 * deploy/systemd/atrium.service as shipped: systemd's own checker accepts it without a warning, and it
 * keeps its sandbox (an edit that drops one of these lines is a change to review, not a typo to miss).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureDebianPackages } from '../real/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const UNIT = path.join(ROOT, 'deploy', 'systemd', 'atrium.service');
const text = readFileSync(UNIT, 'utf8');

/** Every value of `key=` in the unit. */
const values = (key: string): string[] =>
  [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1] ?? '');

describe('deploy/systemd/atrium.service', () => {
  it('passes systemd-analyze verify without a warning', () => {
    ensureDebianPackages({ '/usr/bin/systemd-analyze': 'systemd' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-unit-'));
    try {
      // verify checks that ExecStart's program exists: this machine's node, wherever it is installed.
      const unit = path.join(dir, 'atrium.service');
      writeFileSync(unit, text.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));
      const result = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs the compiled server as its own user, sandboxed, writing only the release and upload directories', () => {
    expect(values('ExecStart')).toEqual(['/usr/bin/node /opt/atrium/packages/server/dist/main.js']);
    expect(values('User')).toEqual(['atrium']);
    expect(values('NoNewPrivileges')).toEqual(['yes']);
    expect(values('ProtectSystem')).toEqual(['strict']);
    const environment = Object.fromEntries(
      values('Environment').map((entry) => entry.split('=') as [string, string]),
    );
    const writable = values('ReadWritePaths').flatMap((line) => line.split(/\s+/));
    expect(writable).toEqual([environment['ATRIUM_RELEASES_DIR'], environment['ATRIUM_UPLOADS_DIR']]);
    expect(environment['ATRIUM_DEPLOY_TOKEN_FILE']).toBe('%d/deploy-token');
  });
});
