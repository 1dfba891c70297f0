/** Runs `fn` as a browser without the HTML Sanitizer API (no `Document.parseHTML`, no `setHTML`). */
export async function withoutNativeApi<T>(fn: () => T | Promise<T>): Promise<T> {
  const doc = Document as unknown as Record<string, unknown>;
  const proto = Element.prototype as unknown as Record<string, unknown>;
  const { parseHTML } = doc;
  const { setHTML } = proto;
  delete doc['parseHTML'];
  delete proto['setHTML'];
  try {
    return await fn();
  } finally {
    doc['parseHTML'] = parseHTML;
    proto['setHTML'] = setHTML;
  }
}
