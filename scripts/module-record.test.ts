/** The commit a build records: the checkout's HEAD, or none outside a git checkout. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitCommit } from './module-record';

describe('gitCommit', () => {
  it('is the HEAD of the checkout the build runs in', () => {
    const root = path.resolve(import.meta.dirname, '..');
    expect(gitCommit(root)).toBe(
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
    );
  });

  it('is null outside a git checkout', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-no-git-'));
    try {
      expect(gitCommit(dir)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
