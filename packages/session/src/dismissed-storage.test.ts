import { afterEach, describe, expect, it } from 'vitest';
import {
  DISMISSED_STORAGE_KEY,
  loadDismissedIds,
  saveDismissedIds,
  stringListJson,
} from './dismissed-storage.js';
import type { SessionStorageLike } from './store.js';

function memoryStorage(): SessionStorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

type WithToJson = { toJSON?: () => unknown };
const arrayProto = Array.prototype as unknown as WithToJson;
const stringProto = String.prototype as unknown as WithToJson;

describe('dismissed ids under a page that patched the prototypes (Prototype.js 1.6)', () => {
  afterEach(() => {
    delete arrayProto.toJSON;
    delete stringProto.toJSON;
  });

  it('writes plain JSON even when Array.prototype.toJSON returns a string', () => {
    // Prototype 1.6: Array#toJSON returns the JSON text, so JSON.stringify encodes it a second time.
    arrayProto.toJSON = function (this: unknown[]) {
      return `[${this.map((v) => `"${String(v)}"`).join(', ')}]`;
    };
    stringProto.toJSON = function (this: string) {
      return `"${this}"`;
    };
    const storage = memoryStorage();
    saveDismissedIds(storage, ['a', 'b"c']);
    expect(storage.data.get(DISMISSED_STORAGE_KEY)).toBe('["a","b\\"c"]');
    expect(loadDismissedIds(storage)).toEqual(['a', 'b"c']);
  });

  it('reads back a list an older copy double-encoded', () => {
    const storage = memoryStorage();
    storage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(JSON.stringify(['x', 'y'])));
    expect(loadDismissedIds(storage)).toEqual(['x', 'y']);
  });

  it('encodes like JSON.stringify on an untouched page', () => {
    const ids = ['plain', 'é', '\u2028', 'quote"', 'back\\slash'];
    expect(stringListJson(ids)).toBe(JSON.stringify(ids));
    expect(stringListJson([])).toBe('[]');
  });
});
