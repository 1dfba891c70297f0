import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { InitializeResponseSchema } from '@atrium/api/schemas';
import { ownEntriesOnly } from './own-entries.js';

const proto = Object.prototype as unknown as Record<string, unknown>;

describe('ownEntriesOnly: schemas on a page that extended Object.prototype', () => {
  afterEach(() => {
    delete proto['extendedByThePage'];
  });

  it('parses as before once hardened, where the plain schema throws', () => {
    const Schema = v.object({
      user: v.object({ name: v.string() }),
      list: v.array(v.object({ id: v.string() })),
      maybe: v.nullable(v.object({ x: v.number() })),
      either: v.union([v.object({ a: v.string() }), v.object({ b: v.string() })]),
    });
    const input = { user: { name: 'n' }, list: [{ id: 'i' }], maybe: { x: 1 }, either: { b: 'b' } };
    // An old page's own helper, enumerable, on every object.
    proto['extendedByThePage'] = function () {
      return 'extended';
    };
    expect(() =>
      v.parse(v.object({ user: v.object({ name: v.string() }) }), { user: { name: 'n' } }),
    ).toThrow();
    const parsed = v.safeParse(ownEntriesOnly(Schema), input);
    expect(parsed.success).toBe(true);
    expect(parsed.output).toEqual(input);
    expect(Object.keys(parsed.output as object)).toEqual(['user', 'list', 'maybe', 'either']);
  });

  it('keeps rejecting what the schema rejects', () => {
    proto['extendedByThePage'] = () => 'extended';
    expect(v.safeParse(ownEntriesOnly(InitializeResponseSchema), { sis: {} }).success).toBe(false);
  });
});
