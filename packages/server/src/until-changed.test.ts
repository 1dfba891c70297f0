import { mkdtemp, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { readUntilChanged, type ReadUntilChanged } from './until-changed.js';

const dirs: string[] = [];
const readers: ReadUntilChanged<unknown>[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-until-changed-'));
  dirs.push(dir);
  return dir;
}

/** A reader of one file that counts its reads. */
function counted(dir: string, name: string, maxAgeMs?: number) {
  const counter = { reads: 0 };
  const reader = readUntilChanged(
    dir,
    async () => {
      counter.reads += 1;
      return readFile(path.join(dir, name), 'utf8');
    },
    maxAgeMs,
  );
  readers.push(reader);
  return Object.defineProperty(reader, 'count', { get: () => counter.reads }) as typeof reader & {
    readonly count: number;
  };
}

/** Until the file event of a write has reached this process (a request sent after it would also wait). */
const eventsArrive = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a value read until its directory changes', () => {
  it('reads once while nothing changes, and again after a write or an atomic rename', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'current.json'), 'one');
    const reader = counted(dir, 'current.json');
    expect(await reader()).toBe('one');
    expect(await reader()).toBe('one');
    expect(await Promise.all([reader(), reader()])).toEqual(['one', 'one']);
    expect(reader.peek()).toEqual({ value: 'one' });
    expect(reader.count).toBe(1);

    await writeFile(path.join(dir, 'current.json'), 'two');
    await eventsArrive();
    expect(reader.peek()).toBeUndefined();
    expect(await reader()).toBe('two');

    await writeFile(path.join(dir, 'next.tmp'), 'three');
    await rename(path.join(dir, 'next.tmp'), path.join(dir, 'current.json'));
    await eventsArrive();
    expect(await reader()).toBe('three');
    expect(await reader()).toBe('three');
    expect(reader.count).toBe(3);
  });

  it('follows a directory that is removed and made again (a clean rebuild)', async () => {
    const parent = await tempDir();
    const dir = path.join(parent, 'dist');
    await mkdir(dir);
    await writeFile(path.join(dir, 'index.html'), 'old build');
    const reader = counted(dir, 'index.html');
    expect(await reader()).toBe('old build');

    await rm(dir, { recursive: true });
    await eventsArrive();
    await expect(reader()).rejects.toThrow(/ENOENT/);
    await expect(reader()).rejects.toThrow(/ENOENT/);

    await mkdir(dir);
    await writeFile(path.join(dir, 'index.html'), 'new build');
    expect(await reader()).toBe('new build');
    await writeFile(path.join(dir, 'index.html'), 'newer build');
    await eventsArrive();
    expect(await reader()).toBe('newer build');
  });

  it('does not keep a failed read', async () => {
    const dir = await tempDir();
    const reader = counted(dir, 'current.json');
    await expect(reader()).rejects.toThrow(/ENOENT/);
    await writeFile(path.join(dir, 'current.json'), 'published');
    expect(await reader()).toBe('published');
  });

  it('reads again after its maximum age even when no event came', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'current.json'), 'one');
    const reader = counted(dir, 'current.json', 30);
    await reader();
    await reader();
    expect(reader.count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await reader();
    expect(reader.count).toBe(2);
  });
});
