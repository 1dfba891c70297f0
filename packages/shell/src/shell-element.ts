/**
 * Where the shell renders: `#atrium-shell` inside index.html's `#atrium-app` (created on demand), so the
 * shell and the login app never share a React root container.
 */
export function shellElement(doc: Document = document): HTMLElement {
  const existing = doc.getElementById('atrium-shell');
  if (existing) return existing;
  const element = doc.createElement('div');
  element.id = 'atrium-shell';
  (doc.getElementById('atrium-app') ?? doc.body).appendChild(element);
  return element;
}
