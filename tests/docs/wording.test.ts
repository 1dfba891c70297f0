/**
 * The documents describe the product, not how it was made: no tracker numbers, no work rounds or sittings,
 * no stories of unreliable tests (those belong in commit messages). And docs/decisions.md keeps the form
 * every entry is written in, so it stays a list of decisions by topic that anyone can append to.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The README and docs/: what a newcomer, an operator or an integrator reads. */
const DOCS = execFileSync('git', ['ls-files', 'README.md', 'docs/*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

const ORDINALS =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|\\d+(?:st|nd|rd|th)|this|last|next|later|previous|that';

/** Each pattern with the rule it stands for. */
const PROCESS_WORDS: { rule: string; pattern: RegExp }[] = [
  { rule: 'a tracker number', pattern: /\bissues? #?\d+/i },
  {
    rule: 'a round of work',
    pattern: new RegExp(`\\b(?:${ORDINALS}) round\\b|\\brounds? of the day\\b`, 'i'),
  },
  { rule: 'a work session', pattern: /\bsession \d+\b|\bthis session\b/i },
  { rule: 'a story of an unreliable test', pattern: /\bflak(?:y|iness)\b/i },
];

describe('the README and the docs', () => {
  it('finds the documents', () => {
    expect(DOCS).toContain('README.md');
    expect(DOCS).toContain('docs/decisions.md');
  });

  it('use no process words', () => {
    const found = DOCS.flatMap((doc) =>
      readFileSync(path.join(ROOT, doc), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          PROCESS_WORDS.flatMap(({ rule, pattern }) => {
            const match = pattern.exec(line);
            return match ? [`${doc}:${index + 1}: "${match[0]}" (${rule})`] : [];
          }),
        ),
    );
    expect(found).toEqual([]);
  });

  it('catch each kind of process word', () => {
    const lines = ['as issue 17 asked', 'in the tenth round', 'in session 20', 'a flaky test'];
    for (const line of lines) expect(PROCESS_WORDS.some(({ pattern }) => pattern.test(line))).toBe(true);
    expect(PROCESS_WORDS.some(({ pattern }) => pattern.test('one round trip less'))).toBe(false);
  });
});

describe('docs/decisions.md', () => {
  const text = readFileSync(path.join(ROOT, 'docs', 'decisions.md'), 'utf8');
  const entries = text.split(/^## /m).slice(1);

  it('has one entry per decision, each headed "<Topic>: <what was chosen>" and dated', () => {
    expect(entries.length).toBeGreaterThan(20);
    const malformed = entries.flatMap((entry) => {
      const heading = entry.split('\n', 1)[0] ?? '';
      const problems = [
        ...(/^[^:]+: \S/.test(heading) ? [] : ['heading is not "<Topic>: <what was chosen>"']),
        ...(/\b20\d\d-\d\d-\d\d\b/.test(entry) ? [] : ['no date (YYYY-MM-DD)']),
      ];
      return problems.map((problem) => `## ${heading}: ${problem}`);
    });
    expect(malformed).toEqual([]);
  });

  it('has no heading twice', () => {
    const headings = entries.map((entry) => entry.split('\n', 1)[0]);
    expect(headings.filter((heading, index) => headings.indexOf(heading) !== index)).toEqual([]);
  });
});
