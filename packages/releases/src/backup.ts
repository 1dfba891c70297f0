/**
 * The release history as one JSON file (`npm run release -- export <file>` / `import <file>`): every release
 * and the live id. It holds no files: those stay in the assets directory or bucket, backed up with it.
 */
import * as v from 'valibot';
import { ReleaseError } from './errors.js';
import { RELEASE_ID } from './file-io.js';
import type { Release } from './types.js';

export const BACKUP_FORMAT = 'atrium-release-history';

export interface ReleaseBackup {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  exportedAt: string;
  /** The live release when it was exported. */
  live: string | null;
  /** Oldest first. */
  releases: Release[];
}

const Id = v.pipe(v.string(), v.regex(RELEASE_ID, 'is not a release id (r000042)'));
const ModuleSchema = v.looseObject({
  name: v.string(),
  kind: v.string(),
  version: v.string(),
  file: v.string(),
  url: v.string(),
  integrity: v.string(),
  files: v.array(v.looseObject({ file: v.string(), integrity: v.string(), bytes: v.number() })),
});
const ReleaseSchema = v.looseObject({
  id: Id,
  parent: v.nullable(Id),
  createdAt: v.string(),
  stamp: v.pipe(v.string(), v.regex(/^\d{4}_\d{2}_\d{2}_\d{6}$/, 'is not an update stamp')),
  author: v.string(),
  change: v.looseObject({ kind: v.string(), summary: v.string() }),
  modules: v.record(v.string(), ModuleSchema),
  canaries: v.record(v.string(), v.looseObject({ module: ModuleSchema })),
});
const BackupSchema = v.object({
  format: v.literal(BACKUP_FORMAT),
  formatVersion: v.literal(1),
  exportedAt: v.string(),
  live: v.nullable(Id),
  releases: v.array(ReleaseSchema),
});

export function backupOf(releases: Release[], live: string | null, at: Date): ReleaseBackup {
  return { format: BACKUP_FORMAT, formatVersion: 1, exportedAt: at.toISOString(), live, releases };
}

/** A backup as export wrote it, or a refusal naming the rule it breaks; nothing is written either way. */
export function parseBackup(value: unknown): ReleaseBackup {
  const result = v.safeParse(BackupSchema, value);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    throw new ReleaseError(
      'bad-arguments',
      `not a release history that npm run release -- export writes: ${where ?? 'the file'} ${issue?.message ?? ''}`.trim(),
    );
  }
  const backup = result.output as unknown as ReleaseBackup;
  const ids = new Set<string>();
  for (const release of backup.releases) {
    if (ids.has(release.id))
      throw new ReleaseError('bad-arguments', `the history holds release ${release.id} twice`);
    ids.add(release.id);
  }
  // Each release's parent came before it: a history is a chain from its first release.
  for (const release of backup.releases)
    if (release.parent !== null && !ids.has(release.parent))
      throw new ReleaseError(
        'bad-arguments',
        `release ${release.id} was made from ${release.parent}, which the history does not hold`,
      );
  if (backup.live !== null && !ids.has(backup.live))
    throw new ReleaseError('bad-arguments', `the live release ${backup.live} is not in the history`);
  return backup;
}
