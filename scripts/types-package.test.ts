import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { packTypes } from './types-package';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
let dir: string;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** tsc on one file of the project: '' when it type-checks, else its errors. */
async function typeCheck(project: string, file: string): Promise<string> {
  return run(
    path.join(ROOT, 'node_modules', '.bin', 'tsc'),
    [
      '--noEmit',
      '--strict',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--jsx',
      'react-jsx',
      '--skipLibCheck',
      file,
    ],
    { cwd: project },
  ).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
}

describe('the shared modules as type packages', () => {
  it('npm installs them in another project, where an area type-checks against the session, the client and its props', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-types-'));
    const tarballs = await packTypes(path.join(dir, 'packs'));
    expect(tarballs.map((t) => path.basename(t))).toEqual([
      'atrium-api-0.1.0.tgz',
      'atrium-session-0.1.0.tgz',
      'atrium-ui-0.1.0.tgz',
    ]);
    const project = path.join(dir, 'uni-peer-app');
    await run('mkdir', ['-p', project]);
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'uni-peer-app', private: true }),
    );
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', ...tarballs],
      {
        cwd: project,
      },
    );
    await writeFile(
      path.join(project, 'area.ts'),
      [
        "import { session, useSession } from '@atrium/session';",
        "import type { SessionState } from '@atrium/session';",
        "import { api } from '@atrium/api';",
        "import type { AreaProps } from '@atrium/ui';",
        'export const go = (props: AreaProps) => props.navigate(`${props.path}/reviews`);',
        'const status: SessionState["status"] = session.getState().status;',
        'export const read = () => useSession((state) => state.sis?.user.username);',
        'export const client = api;',
        'export { status };',
      ].join('\n'),
    );
    expect(await typeCheck(project, 'area.ts')).toBe('');
    await writeFile(
      path.join(project, 'wrong.ts'),
      "import { session } from '@atrium/session';\nsession.getState().nothing;\n",
    );
    expect(await typeCheck(project, 'wrong.ts')).toContain("Property 'nothing' does not exist");
  }, 180_000);
});
