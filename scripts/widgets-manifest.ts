/**
 * dist/widgets/manifest.json: what a host page's server needs to embed the widgets without asking Atrium
 * at request time (integrations/php/atrium.php reads it from dist/, or fetches and caches it).
 *
 *   entry         a content-hashed copy of atrium-widgets.js (immutable, so its `integrity` holds for as
 *                 long as a page may cache the manifest; the fixed name stays for plain script tags)
 *   integrity     sha384 of that file, for the loader's `integrity`
 *   loader        the inline loader snippet (packages/widgets/src/loader/snippet.ts), with the bar's styles
 *   loaderLite    the same without them, for pages that print no server-rendered bar
 *   loaderHashes  their CSP hashes ('sha256-…'), for pages that allow inline scripts by hash
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loaderSnippet } from '@atrium/widgets/loader';
import { WIDGETS_VERSION } from '@atrium/widgets/version';

export interface WidgetsManifest {
  version: string;
  entry: string;
  integrity: string;
  loader: string;
  loaderLite: string;
  loaderHashes: { loader: string; loaderLite: string };
}

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Writes the hashed entry and the manifest; returns the manifest, or null when there is no widgets build. */
export function writeWidgetsManifest(widgetsDir: string): WidgetsManifest | null {
  const entryFile = path.join(widgetsDir, 'atrium-widgets.js');
  if (!existsSync(entryFile)) return null;
  const source = readFileSync(entryFile);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const entry = `atrium-widgets.${hash}.js`;
  copyFileSync(entryFile, path.join(widgetsDir, entry));
  const loader = loaderSnippet();
  const loaderLite = loaderSnippet(null);
  const manifest: WidgetsManifest = {
    version: WIDGETS_VERSION,
    entry,
    integrity: `sha384-${createHash('sha384').update(source).digest('base64')}`,
    loader,
    loaderLite,
    loaderHashes: { loader: cspHash(loader), loaderLite: cspHash(loaderLite) },
  };
  writeFileSync(path.join(widgetsDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
