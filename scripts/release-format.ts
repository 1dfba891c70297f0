/**
 * The lines `npm run release -- list | history | diff` print, the same whether the store is read here or
 * through a server's release API (`--server`): one shape in, so the two modes cannot drift apart.
 */
import type { CanaryAudience, ModuleDiff, ReleaseChange } from '@atrium/releases';

/** The live release as both modes see it (the API's summary carries no file lists). */
export interface LiveListing {
  id: string;
  createdAt: string;
  author: string;
  change: { summary: string };
  modules: readonly { name: string; version: string }[];
  canaries: readonly { name: string; version: string; audience: CanaryAudience }[];
}

export interface HistoryEntry {
  id: string;
  createdAt: string;
  author: string;
  change: Pick<ReleaseChange, 'summary' | 'commit'>;
}

export const NO_RELEASE = 'no release is live: the server serves the full build in dist/';

export function listLines(live: LiveListing | null): string[] {
  if (!live) return [NO_RELEASE];
  const lines = [`${live.id} (${live.createdAt}, ${live.author}): ${live.change.summary}`];
  for (const mod of live.modules) {
    const canary = live.canaries.find((c) => c.name === mod.name);
    const audience = canary
      ? 'roles' in canary.audience
        ? `roles ${canary.audience.roles.join(',')}`
        : `${canary.audience.percent}%`
      : '';
    lines.push(
      `  ${mod.name.padEnd(28)} ${mod.version}${canary ? `   canary ${canary.version} for ${audience}` : ''}`,
    );
  }
  return lines;
}

/** The commit as people compare it with `git log --oneline`; "-" when the build was not made in git. */
const shortCommit = (commit: string | undefined): string => (commit ? commit.slice(0, 12) : '-');

export function historyLines(entries: readonly HistoryEntry[]): string[] {
  return entries.map(
    (e) => `${e.id}  ${e.createdAt}  ${e.author}  ${shortCommit(e.change.commit)}  ${e.change.summary}`,
  );
}

export function diffLines(changes: readonly ModuleDiff[]): string[] {
  if (changes.length === 0) return ['no module differs'];
  return changes.map((c) => `${c.name}: ${c.from ?? '(absent)'} -> ${c.to ?? '(absent)'}`);
}
