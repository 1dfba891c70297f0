/**
 * `npm run settings-table`: writes docs/deploy.md's settings tables from the one list of settings
 * (packages/server/src/settings.ts), between the `<!-- settings:<group> -->` and `<!-- /settings -->`
 * markers, formatted as prettier formats the docs. `--check` writes nothing and exits 1 when the docs
 * differ (settings.test.ts runs the same comparison).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { settingsTable, type Setting } from '@atrium/server';

export const DEPLOY_DOC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'deploy.md',
);

const GROUPS: readonly Setting['group'][] = ['server', 'limits', 'instances'];

/** The document with every marked table replaced by the generated one. */
export async function withGeneratedTables(markdown: string): Promise<string> {
  let text = markdown;
  for (const group of GROUPS) {
    const start = `<!-- settings:${group} -->`;
    const at = text.indexOf(start);
    const end = text.indexOf('<!-- /settings -->', at);
    if (at === -1 || end === -1)
      throw new Error(`docs/deploy.md has no ${start} ... <!-- /settings --> block`);
    text = `${text.slice(0, at + start.length)}\n\n${settingsTable(group)}\n\n${text.slice(end)}`;
  }
  return prettier.format(text, { ...(await prettier.resolveConfig(DEPLOY_DOC)), filepath: DEPLOY_DOC });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const current = readFileSync(DEPLOY_DOC, 'utf8');
  const generated = await withGeneratedTables(current);
  if (process.argv.includes('--check')) {
    if (generated !== current) {
      console.error(
        'docs/deploy.md: the settings tables differ from settings.ts; run npm run settings-table',
      );
      process.exitCode = 1;
    }
  } else if (generated !== current) {
    writeFileSync(DEPLOY_DOC, generated);
    console.log('docs/deploy.md: settings tables written');
  }
}
