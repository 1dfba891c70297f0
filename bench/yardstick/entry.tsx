/**
 * The yardstick: the login page as one plain React bundle. Same login component, same React, rendered with
 * react-dom/client into the same frame, but no SystemJS, no import map, no single-spa: what the page would
 * cost without micro-frontends. bench/lib/yardstick.ts bundles it; the bench measures it beside Atrium.
 *
 * A .tsx file outside tsconfig.tools.json on purpose: it imports the login package's sources, which belong to
 * that package's own TypeScript project (tsc -b would refuse them here); webpack type-strips it like the apps.
 */
import { createRoot } from 'react-dom/client';
import { LoginRoot } from '@atrium/login/root';

const container = document.getElementById('atrium-app');
if (container) {
  createRoot(container).render(<LoginRoot />);
  // root-config hides the placeholder frame once an app is mounted; do the same so both pages paint alike.
  const frame = document.getElementById('atrium-frame');
  if (frame) frame.hidden = true;
}
