/**
 * The README's and the docs' commands still run: every `npm run <script>` names a script of package.json,
 * every `npm run release -- <command>` a command the release CLI knows, every `npm run bench -- --<flag>` a
 * flag the bench takes, and every repository path they mention (or link to) is a file or folder in the
 * repository. A renamed script, command, flag or file breaks the build here instead of the reader's first
 * try. The commands are not run: a build or a bench takes minutes; their names are what drifts.
 *
 * Commands are read from fenced code blocks (sh, bash, shell, or unlabelled) and from inline code spans that
 * start with `npm` or `npx`; the Markdown is parsed with marked.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer, walkTokens } from 'marked';
import type { Token } from 'marked';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** Every Markdown file of the repository: the README, docs/ and the packages' own READMEs. */
const DOCS = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

const SHELL_LANGS = new Set(['', 'sh', 'bash', 'shell', 'console']);

interface Mention {
  doc: string;
  text: string;
}

/** One Markdown file's shell commands (continuation lines joined, comments dropped), links and code spans. */
function scan(doc: string): { commands: Mention[]; links: Mention[]; spans: Mention[] } {
  const tokens = new Lexer().lex(readFileSync(path.join(ROOT, doc), 'utf8'));
  const commands: Mention[] = [];
  const links: Mention[] = [];
  const spans: Mention[] = [];
  walkTokens(tokens, (token: Token) => {
    if (token.type === 'code' && SHELL_LANGS.has((token.lang ?? '').trim())) {
      const lines = (token.text as string).replace(/\\\n\s*/g, ' ').split('\n');
      for (const line of lines) {
        const command = line.replace(/(^|\s)#.*$/, '').trim();
        // In an unlabelled block only lines that start like a command count (others are diagrams, trees).
        if (command && (token.lang || /^(\w+=\S*\s+)*(npm|npx)\s/.test(command)))
          commands.push({ doc, text: command });
      }
    } else if (token.type === 'codespan') {
      const text = (token.text as string).trim();
      spans.push({ doc, text });
      if (/^(\w+=\S*\s+)*(npm|npx)\s/.test(text)) commands.push({ doc, text });
    } else if (token.type === 'link') {
      links.push({ doc, text: token.href as string });
    }
  });
  return { commands, links, spans };
}

const scanned = DOCS.map(scan);
const commands = scanned.flatMap((one) => one.commands);
const links = scanned.flatMap((one) => one.links);
const spans = scanned.flatMap((one) => one.spans);

/** Tracked files, and every folder above one: what a fresh clone has. */
const tracked = new Set<string>();
for (const file of execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')) {
  if (!file) continue;
  const parts = file.split('/');
  for (let depth = 1; depth <= parts.length; depth += 1) tracked.add(parts.slice(0, depth).join('/'));
}
const topLevel = new Set([...tracked].filter((entry) => !entry.includes('/')));

/** A word that names a path in the repository: its first part is a tracked top-level entry, no placeholders. */
function repositoryPath(word: string): string | null {
  const clean = word.replace(/^['"]|['"),.:;]$/g, '').replace(/\/$/, '');
  if (!/^[\w.@-]+(\/[\w.@+-]+)+$/.test(clean)) return null;
  return topLevel.has(clean.split('/')[0] ?? '') ? clean : null;
}

/** A Markdown file's heading anchors, as GitHub makes them: lower case, punctuation dropped, spaces to dashes. */
function headingAnchors(doc: string): Set<string> {
  const anchors = new Set<string>();
  walkTokens(new Lexer().lex(readFileSync(path.join(ROOT, doc), 'utf8')), (token: Token) => {
    if (token.type !== 'heading') return;
    const base = (token.text as string)
      .toLowerCase()
      .replace(/<[^>]*>|`/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  });
  return anchors;
}

/** Which of these paths .gitignore covers. */
function ignored(files: readonly string[]): Set<string> {
  if (files.length === 0) return new Set();
  try {
    return new Set(
      execFileSync('git', ['check-ignore', '--no-index', ...files], { cwd: ROOT, encoding: 'utf8' }).split(
        '\n',
      ),
    );
  } catch {
    // Exit status 1: none of them is ignored.
    return new Set();
  }
}

/** The words of a command after its environment assignments. */
function words(command: string): string[] {
  const all = command.split(/\s+/);
  while (all[0] && /^\w+=/.test(all[0])) all.shift();
  return all;
}

/** What comes after `npm run <script> --` for one script. */
function argumentsOf(script: string): { mention: Mention; args: string[] }[] {
  return commands.flatMap((mention) => {
    const [npm, run, name, dashes, ...args] = words(mention.text);
    return npm === 'npm' && run === 'run' && name === script && dashes === '--' ? [{ mention, args }] : [];
  });
}

let releaseCommands: string[] = [];
let benchHelp = '';

beforeAll(() => {
  // The release CLI refuses an unknown command by listing the ones it knows (it changes nothing then).
  let refusal = '';
  try {
    execFileSync(TSX, ['scripts/release.ts', 'no-such-command'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, ATRIUM_RELEASES_DIR: mkdtempSync(path.join(tmpdir(), 'atrium-docs-releases-')) },
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    refusal = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
  const listed = /unknown command no-such-command: ([\w, -]+)/.exec(refusal)?.[1];
  if (!listed) throw new Error(`the release CLI did not list its commands:\n${refusal}`);
  releaseCommands = listed.split(',').map((name) => name.trim());
  benchHelp = execFileSync(TSX, ['bench/run.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
}, 60_000);

describe('the commands in the README and the docs', () => {
  it('finds the commands it checks', () => {
    const inReadme = commands.filter((mention) => mention.doc === 'README.md').map((mention) => mention.text);
    expect(inReadme).toContain('npm install && npm start');
    expect(inReadme).toContain('npm test');
    expect(argumentsOf('release').length).toBeGreaterThan(0);
    expect(argumentsOf('bench').length).toBeGreaterThan(0);
  });

  it('names scripts that package.json has', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
    );
    const unknown = commands.flatMap((mention) => {
      // `a && b`: each part is a command of its own.
      return mention.text.split(/&&|\|\|/).flatMap((part) => {
        const [npm, verb, name] = words(part.trim());
        if (npm !== 'npm') return [];
        const script = verb === 'run' ? name : verb === 'start' || verb === 'test' ? verb : undefined;
        return script && !/[<$]/.test(script) && !scripts.includes(script)
          ? [`${mention.doc}: ${mention.text}`]
          : [];
      });
    });
    expect(unknown).toEqual([]);
  });

  it('names release commands the release CLI knows', () => {
    const unknown = argumentsOf('release').flatMap(({ mention, args }) => {
      const command = args.find((arg) => !arg.startsWith('-'));
      return command && !command.startsWith('<') && !releaseCommands.includes(command)
        ? [`${mention.doc}: ${mention.text}`]
        : [];
    });
    expect(releaseCommands).toContain('publish');
    expect(unknown).toEqual([]);
  });

  it('names bench flags the bench takes', () => {
    const known = new Set([...benchHelp.matchAll(/^\s+(--[\w-]+)/gm)].map((match) => match[1]));
    const unknown = argumentsOf('bench').flatMap(({ mention, args }) =>
      args
        .filter((arg) => arg.startsWith('--') && !known.has(arg.split('=')[0]))
        .map((flag) => `${mention.doc}: ${flag} in ${mention.text}`),
    );
    expect(known.has('--report')).toBe(true);
    expect(unknown).toEqual([]);
  });

  it('mentions repository paths that exist', () => {
    const mentioned = [
      ...commands.flatMap((mention) => words(mention.text).map((word) => ({ ...mention, text: word }))),
      ...spans,
    ];
    const missing = mentioned.flatMap((mention) => {
      const file = repositoryPath(mention.text);
      return file && !tracked.has(file) ? [{ doc: mention.doc, file }] : [];
    });
    // What the repository ignores is an output (bench/load-results.json, dist/...): named, never committed.
    const outputs = ignored(missing.map((entry) => entry.file));
    expect(
      missing.filter((entry) => !outputs.has(entry.file)).map((entry) => `${entry.doc}: ${entry.file}`),
    ).toEqual([]);
  });

  it('links to files that exist', () => {
    const missing = links.flatMap((link) => {
      if (/^[a-z]+:/i.test(link.text) || link.text.startsWith('#')) return [];
      const target = path.posix.normalize(
        path.posix.join(path.posix.dirname(link.doc), decodeURI(link.text.split('#')[0] ?? '')),
      );
      return tracked.has(target.replace(/\/$/, '')) ? [] : [`${link.doc}: ${link.text}`];
    });
    expect(missing).toEqual([]);
  });

  it('links to headings that exist', () => {
    const missing = links.flatMap((link) => {
      const [file = '', anchor] = link.text.split('#');
      if (anchor === undefined || /^[a-z]+:/i.test(link.text)) return [];
      const target = file
        ? path.posix.normalize(path.posix.join(path.posix.dirname(link.doc), decodeURI(file)))
        : link.doc;
      if (!target.endsWith('.md') || !tracked.has(target)) return [];
      return headingAnchors(target).has(anchor) ? [] : [`${link.doc}: ${link.text}`];
    });
    expect(missing).toEqual([]);
  });
});
