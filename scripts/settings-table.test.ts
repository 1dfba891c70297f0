import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OptionsError, resolveOptions, SETTINGS, settingsEnvironment } from '@atrium/server';
import { DEPLOY_DOC, withGeneratedTables } from './settings-table';

const SERVER_SRC = path.join(path.dirname(DEPLOY_DOC), '..', 'packages', 'server', 'src');

/** The server's source files, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the settings list', () => {
  it("is docs/deploy.md's settings tables, as npm run settings-table writes them", async () => {
    const doc = readFileSync(DEPLOY_DOC, 'utf8');
    expect(await withGeneratedTables(doc)).toBe(doc);
  });

  it('names every ATRIUM_* setting the server reads, once, with a default and a description', () => {
    const names = SETTINGS.map((setting) => setting.name);
    expect(new Set(names).size).toBe(names.length);
    for (const setting of SETTINGS) {
      expect(setting.description.length, setting.name).toBeGreaterThan(10);
      expect(setting.default, setting.name).not.toBe('');
    }
    const read = new Set(
      sources(SERVER_SRC).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\[['"](ATRIUM_[A-Z0-9_]+)['"]\]/g)].map((match) => match[1]),
      ),
    );
    expect([...read].filter((name) => name !== undefined && !names.includes(name))).toEqual([]);
  });

  it('refuses to read a setting that has no row', () => {
    const environ = settingsEnvironment({ ATRIUM_NOT_A_SETTING: 'x' });
    expect(() => environ['ATRIUM_NOT_A_SETTING']).toThrow(/not in packages\/server\/src\/settings\.ts/);
    expect(environ['ATRIUM_PROXY']).toBeUndefined();
  });
});

describe('secrets from files (*_FILE)', () => {
  const token = 'file-deploy-token-0123456789abcdef0123';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-settings-'));
  const file = path.join(dir, 'deploy-token');
  writeFileSync(file, `${token}\n`);
  const redisFile = path.join(dir, 'redis-url');
  writeFileSync(redisFile, 'redis://:secret@127.0.0.1:6390/2\n');

  it('reads ATRIUM_DEPLOY_TOKEN_FILE and ATRIUM_REDIS_URL_FILE, a trailing line end dropped', () => {
    const options = resolveOptions({}, { ATRIUM_DEPLOY_TOKEN_FILE: file, ATRIUM_REDIS_URL_FILE: redisFile });
    expect(options.deployToken).toBe(token);
    expect(options.redisUrl).toBe('redis://:secret@127.0.0.1:6390/2');
  });

  it('refuses both forms at once, and a file it cannot read, naming the setting', () => {
    const both = () => resolveOptions({}, { ATRIUM_DEPLOY_TOKEN_FILE: file, ATRIUM_DEPLOY_TOKEN: token });
    expect(both).toThrow(OptionsError);
    expect(both).toThrow('ATRIUM_DEPLOY_TOKEN and ATRIUM_DEPLOY_TOKEN_FILE are both set: keep one');
    const missing = () => resolveOptions({}, { ATRIUM_REDIS_URL_FILE: path.join(dir, 'nope') });
    expect(missing).toThrow(/ATRIUM_REDIS_URL_FILE: cannot read .*nope \(ENOENT\)/);
  });

  it('takes ATRIUM_UPLOADS_DIR for the uploads', () => {
    expect(resolveOptions({}, { ATRIUM_UPLOADS_DIR: dir }).dataDir).toBe(dir);
    rmSync(dir, { recursive: true, force: true });
  });
});
