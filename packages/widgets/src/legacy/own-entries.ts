/**
 * valibot's object schemas walk their `entries` with `for…in`, which also visits enumerable properties a
 * page added to `Object.prototype` (old legacy screens do: `Object.prototype.extend = …`). On such a page
 * every object schema then tried to run the page's function as a schema and threw ("l.~run is not a
 * function"), so the toolbar could not start on a legacy page. Giving each `entries` a null prototype
 * makes `for…in` see only the schema's own keys; the schemas are otherwise unchanged. Done once per schema
 * (a WeakSet remembers), before its first parse.
 */
const hardened = new WeakSet<object>();

/** Keys under which valibot schemas hold their nested schemas. */
const NESTED = ['wrapped', 'item', 'items', 'options', 'rest', 'key', 'value', 'pipe'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function harden(node: unknown): void {
  if (typeof node !== 'object' || node === null || hardened.has(node)) return;
  hardened.add(node);
  if (Array.isArray(node)) {
    for (const item of node) harden(item);
    return;
  }
  const schema = node as Record<string, unknown>;
  const entries = schema['entries'];
  if (isPlainObject(entries)) {
    const own = Object.assign(Object.create(null) as Record<string, unknown>, entries);
    schema['entries'] = own;
    for (const key of Object.keys(own)) harden(own[key]);
  }
  for (const key of NESTED) if (Object.prototype.hasOwnProperty.call(schema, key)) harden(schema[key]);
}

/** `schema`, with every nested object schema's `entries` walked safely on any page. */
export function ownEntriesOnly<T>(schema: T): T {
  harden(schema);
  return schema;
}
